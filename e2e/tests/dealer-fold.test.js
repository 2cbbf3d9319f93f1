// Table mode's shared screen: the join address and its QR code stay open while a seat is free,
// and fold away once every seat is taken, so that who is done or thinking fits at 1280×800.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, BASE } from './helpers.js';

test('the dealer screen folds the QR code away once every seat is taken', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const host = await person(browser, { width: 1280, height: 800 }, errors);
    await host.page.goto(`${BASE}/`);
    await host.page.fill('#name', 'Dealer');
    await host.page.fill('#seats', '2');
    await host.page.check('#table-mode');
    await host.page.selectOption('#bot-2', 'greedy');
    await host.page.click('#create');
    await host.page.waitForURL(/\/deal$/);
    const table = new URL(host.page.url()).pathname.split('/')[2];
    await host.page.waitForSelector('text=Waiting for players');
    // a seat is free: the code is up
    assert.equal(await host.page.isVisible('#deal-qr'), true);
    assert.equal(await host.page.isVisible('.join-hint'), true);

    const phone = await person(browser, { width: 390, height: 844 }, errors);
    await phone.page.goto(`${BASE}/t/${table}`);
    await phone.page.fill('#join-name', 'Pat');
    await phone.page.click('#join');
    await phone.page.waitForSelector('text=You have seat 1');
    // every seat is taken: folded, before and after the start
    await host.page.waitForSelector('#deal-qr', { state: 'hidden' });
    await host.page.click('#start:enabled');
    await host.page.waitForSelector('#deal .offer .card');
    await phone.page.waitForSelector('#controls[data-stage="place"]');
    assert.equal(await host.page.isVisible('#deal-qr'), false);
    assert.equal(await host.page.isVisible('.join-hint'), false);
    // the players' row is on the screen, without scrolling
    const pill = await host.page.locator('#deal .status-list .pill').last().boundingBox();
    assert.ok(pill && pill.y + pill.height <= 800, `the players' done/thinking row is above the fold: ${JSON.stringify(pill)}`);
    // the host can open it again (a player rejoining on another phone), and it stays open
    await host.page.click('#deal-join > summary');
    await host.page.waitForSelector('#deal-qr', { state: 'visible' });
    assert.match(await host.page.textContent('#deal-invite'), new RegExp(`/t/${table}$`));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
