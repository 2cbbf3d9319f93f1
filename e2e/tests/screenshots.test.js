// Screenshots of the sheet at desktop and phone sizes, for the README.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, person, createTable, playTurn, currentRound, waitNextRound, shotsDir, BASE } from './helpers.js';

test('screenshots of a game in progress (desktop and phone)', { timeout: 120000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const desk = await person(browser, { width: 1280, height: 900 }, errors);
    const table = await createTable(desk.page, { name: 'Alice', mode: 'standard', seats: 3, bots: { 2: 'greedy', 3: 'random' } });
    await desk.page.click('#start');
    for (let i = 0; i < 7; i++) {
      const r = await currentRound(desk.page);
      await playTurn(desk.page);
      await waitNextRound(desk.page, r);
    }
    // pick a combination so the highlighted houses show
    await desk.page.waitForSelector('#controls[data-stage="place"]');
    await desk.page.locator('#controls button.card[data-combination]:enabled').first().click();
    await desk.page.waitForSelector('#my-sheet .target');
    const dir = shotsDir();
    const quiet = (page) => page.evaluate(() => document.querySelector('.toast-area')?.replaceChildren());
    await quiet(desk.page);
    await desk.page.screenshot({ path: join(dir, 'desktop-table.png') });
    await desk.page.locator('#my-sheet').screenshot({ path: join(dir, 'desktop-sheet.png') });

    // the same seat on a phone (the token travels with the storage of this browser)
    const storage = await desk.context.storageState();
    const phoneCtx = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: storage, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const phone = await phoneCtx.newPage();
    phone.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await phone.goto(`${BASE}/t/${encodeURIComponent(table)}`);
    await phone.waitForSelector('#controls[data-stage="place"]');
    await phone.locator('#controls button.card[data-combination]:enabled').first().tap();
    await phone.waitForSelector('#my-sheet .target');
    await quiet(phone);
    await phone.screenshot({ path: join(dir, 'phone-table.png') });
    await phone.screenshot({ path: join(dir, 'phone-table-full.png'), fullPage: true });

    // the lobby, for completeness
    await desk.page.goto(`${BASE}/`);
    await desk.page.waitForSelector('#tables table, #tables p');
    await desk.page.screenshot({ path: join(dir, 'desktop-lobby.png') });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
