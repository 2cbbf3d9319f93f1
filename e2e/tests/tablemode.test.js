// Table mode: the host's shared screen deals, a player plays on a phone, a spectator watches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, person, BASE, playTurn, currentRound, waitNextRound, shotsDir } from './helpers.js';

test('table mode: dealer screen, a phone player, a spectator', { timeout: 90000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const host = await person(browser, { width: 1280, height: 900 }, errors);
    await host.page.goto(`${BASE}/`);
    await host.page.fill('#name', 'Dealer');
    await host.page.fill('#seats', '2');
    await host.page.check('#table-mode');
    await host.page.selectOption('#bot-2', 'greedy');
    await host.page.click('#create');
    await host.page.waitForURL(/\/deal$/);
    const table = new URL(host.page.url()).pathname.split('/')[2];
    await host.page.waitForSelector('text=Waiting for players');

    const phone = await person(browser, { width: 390, height: 844 }, errors);
    await phone.page.goto(`${BASE}/t/${table}`);
    await phone.page.fill('#join-name', 'Pat');
    await phone.page.click('#join');
    await phone.page.waitForSelector('text=You have seat 1');
    await host.page.click('#start:enabled');
    await phone.page.waitForSelector('#controls[data-stage="place"]');
    await host.page.waitForSelector('#deal .offer .card');

    // the shared screen shows the same three numbers as the phone
    const dealt = (await host.page.locator('#deal .offer .card .num').allTextContents()).map(Number);
    const mine = (await phone.page.locator('#controls button.card .num').allTextContents()).map(Number);
    assert.deepEqual(dealt, mine);

    for (let i = 0; i < 2; i++) {
      const r = await currentRound(phone.page);
      await playTurn(phone.page);
      await waitNextRound(phone.page, r);
    }
    await host.page.waitForSelector('#deal >> text=Round 3');
    await host.page.evaluate(() => document.querySelector('.toast-area')?.replaceChildren());
    await host.page.screenshot({ path: join(shotsDir(), 'desktop-dealer.png') });

    const watcher = await person(browser, { width: 1280, height: 900 }, errors);
    await watcher.page.goto(`${BASE}/t/${table}/watch`);
    await watcher.page.waitForSelector('#overview tbody tr');
    assert.equal(await watcher.page.locator('#overview tbody tr').count(), 2);
    assert.equal(await watcher.page.locator('[data-action="confirm"], [data-action="restart"], #join').count(), 0);
    await watcher.page.waitForSelector('#other-sheet svg.sheet');
    assert.match(await watcher.page.textContent('#table-head'), /spectator/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
