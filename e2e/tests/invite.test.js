// The waiting room's invite link at a loopback address says that other devices cannot open it,
// and how to make the server reachable on the network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, createTable, BASE } from './helpers.js';

test('an invite link at 127.0.0.1 says phones cannot reach it and how to listen on the network', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    assert.equal(new URL(BASE).hostname, '127.0.0.1', 'the tests run against a loopback server');
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    const table = await createTable(page, { name: 'Alice', mode: 'standard', seats: 3 });
    assert.match(await page.inputValue('#invite'), /^http:\/\/127\.0\.0\.1:/);
    const hint = page.locator('#invite-hint');
    await hint.waitFor();
    const text = await hint.textContent();
    assert.match(text, /Phones and other computers cannot reach this link/);
    assert.match(text, /welcome serve --addr 0\.0\.0\.0:\d+/);
    // it sits under the link, inside the table's head
    const link = await page.locator('#invite').boundingBox();
    const box = await hint.boundingBox();
    assert.ok(box.y >= link.y + link.height, 'the hint is under the invite link');

    // on a phone, in the head's fold with the link, inside the screen's width
    const phone = await person(browser, { width: 390, height: 844 }, errors);
    await phone.page.goto(`${BASE}/t/${encodeURIComponent(table)}`);
    await phone.page.fill('#join-name', 'Bob');
    await phone.page.click('#join');
    await phone.page.waitForSelector('text=You have seat 2');
    const fold = phone.page.locator('#table-more > summary');
    if (await fold.count()) await fold.click();
    const small = await phone.page.locator('#invite-hint').boundingBox();
    assert.ok(small && small.x >= 0 && small.x + small.width <= 390, `the hint fits the phone's width: ${JSON.stringify(small)}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
