// Deal only: players write on paper sheets; a table without seats whose screen deals the
// combinations, turns the plans the host marks, and ends when the host says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, BASE } from './helpers.js';

/** The effects of the combinations shown, and the effects announced for next round. */
async function effects(page) {
  const labels = await page.locator('#deal .offer .card').evaluateAll((cs) => cs.map((c) => c.getAttribute('aria-label')));
  // the text beside the icon (a Bis icon has text of its own)
  const next = await page.locator('#deal .offer .card .next').evaluateAll((ns) =>
    ns.map((n) => [...n.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.textContent).join('')));
  return {
    now: labels.map((l) => l.replace(/^Stack \d+: \d+, /, '')),
    next: next.map((t) => t.replace(/^next round:\s*/, '').trim()),
  };
}

test('deal only: the lobby makes a table without seats whose screen deals', { timeout: 90000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Dealer');
    await page.selectOption('#mode', 'standard');
    await page.check('#deal-only');
    // no seats, bots or timer to choose, and no mode that needs the players' hands
    assert.equal(await page.isVisible('#seats'), false);
    assert.equal(await page.isVisible('#bots'), false);
    assert.equal(await page.locator('#mode option[value="expert"]').isDisabled(), true);
    await page.click('#create');
    await page.waitForURL(/\/deal$/);
    const table = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);

    // Round 1: three combinations, the plans, the end conditions the players watch for.
    await page.waitForSelector('#deal-round >> text=Round 1');
    assert.equal(await page.locator('#deal .offer .card').count(), 3);
    assert.match(await page.textContent('#deal-kind'), /deal only/);
    const ends = await page.textContent('#end-conditions');
    assert.match(ends, /all three City Plans/);
    assert.match(ends, /third permit refusal/);
    assert.match(ends, /every house/);
    const first = await effects(page);

    // Next round: new combinations, whose effects are the ones announced.
    await page.click('#next-round');
    await page.waitForSelector('#deal-round >> text=Round 2');
    const second = await effects(page);
    assert.deepEqual(second.now, first.next);

    // Someone achieved plan n°1: marked, kept through a reload, turned at the next round.
    await page.click('[data-achieve="1"]');
    await page.waitForSelector('[data-achieve="1"][aria-pressed="true"]');
    await page.waitForSelector('#deal-reshuffle');
    await page.reload();
    await page.waitForSelector('[data-achieve="1"][aria-pressed="true"]');

    // Anyone else who opens the table's link watches the same screen, without the buttons.
    const guest = await person(browser, { width: 1280, height: 900 }, errors);
    await guest.page.goto(`${BASE}/t/${encodeURIComponent(table)}`);
    await guest.page.waitForURL(/\/deal$/);
    await guest.page.waitForSelector('#deal-round >> text=Round 2');
    assert.equal(await guest.page.locator('#next-round, #end-game, [data-achieve]').count(), 0);

    await page.click('#next-round');
    await page.waitForSelector('#deal-round >> text=Round 3');
    await page.waitForSelector('#deal-plans .plan.approved[data-plan="1"]');
    assert.equal(await page.locator('[data-achieve="1"]').count(), 0);
    assert.equal(await page.locator('#deal-reshuffle').count(), 0);
    await guest.page.waitForSelector('#deal-plans .plan.approved[data-plan="1"]');

    // The host ends the game.
    await page.click('#end-game');
    await page.click('#end-game-yes');
    await page.waitForSelector('#deal-over');
    assert.match(await page.textContent('#deal-over-why'), /host ended the game/);
    await guest.page.waitForSelector('#deal-over');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
