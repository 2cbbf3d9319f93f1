// Toasts cover nothing: they show in the site's bar (which stays at the top of the screen),
// never over the table's name, the spectator link or the results, on a desktop and on a phone;
// and they go when what they say is stale.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, createTable, playTurn, currentRound, waitNextRound, BASE } from './helpers.js';

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a, b) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

/** The shown toast's box, checked to lie in the site's bar and over none of `selectors`. */
async function checkToast(page, text, selectors) {
  const t = page.locator('.toast', { hasText: text });
  await t.waitFor();
  const box = await t.boundingBox();
  const bar = await page.locator('header.top').boundingBox();
  assert.ok(inside(box, bar), `the toast ${JSON.stringify(box)} is inside the site's bar ${JSON.stringify(bar)}`);
  for (const sel of selectors) {
    const other = await page.locator(sel).first().boundingBox();
    assert.ok(other, `${sel} is on the page`);
    assert.ok(!overlap(box, other), `the toast ${JSON.stringify(box)} covers ${sel} ${JSON.stringify(other)}`);
  }
  return box;
}

test('the round’s toast covers neither the table’s name nor the spectator link, on a desktop or a phone, and goes when stale', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await person(browser, { width: 1280, height: 900 }, errors);
    const table = await createTable(alice.page, { name: 'Alice', mode: 'standard', seats: 2 });
    const bob = await person(browser, { width: 390, height: 844 }, errors);
    await bob.page.goto(`${BASE}/t/${encodeURIComponent(table)}`);
    await bob.page.fill('#join-name', 'Bob');
    await bob.page.click('#join');
    await bob.page.waitForSelector('text=You have seat 2');
    await alice.page.click('#start');
    const r = await currentRound(alice.page);
    await playTurn(alice.page);
    await playTurn(bob.page);
    await waitNextRound(alice.page, r);
    await waitNextRound(bob.page, r);
    await checkToast(alice.page, `Round ${r + 1}`, ['#table-head h1', '#table-head a[href$="/watch"]', '#invite', '#my-sheet']);
    await checkToast(bob.page, `Round ${r + 1}`, ['#table-head h1', '#table-head summary .pill', '#my-sheet']);
    // scrolled down the page, the bar (and its toast) stays at the top, over nothing of the page's own
    // top: what is under it scrolled out of sight
    await bob.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = await bob.page.locator('header.top').boundingBox();
    assert.ok(bar.y >= -0.5 && bar.y <= 0.5, `the bar stays at the top of the screen: ${JSON.stringify(bar)}`);
    // another page: the round's word is stale there
    await alice.page.click('header.top nav a[href="/"]');
    await alice.page.waitForSelector('#create');
    assert.equal(await alice.page.locator('.toast', { hasText: /Round/ }).count(), 0);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
