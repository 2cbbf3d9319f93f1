// The score-sheet companion: type the cards on the table, play a turn with the same rules
// checks, the sheet is kept in the browser across a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, person, BASE, shotsDir } from './helpers.js';

async function playRound(page, cards) {
  await page.waitForSelector('#c-num-1');
  for (const [i, [n, e]] of cards.entries()) {
    await page.fill(`#c-num-${i + 1}`, String(n));
    await page.selectOption(`#c-eff-${i + 1}`, e);
  }
  await page.click('#c-go');
  await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
  await page.click('#controls button.card[data-combination="1"]');
  await page.locator('#companion-sheet .target').first().click();
  if (await page.locator('.chooser button').count()) await page.locator('.chooser button').first().click();
  await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"],[data-stage="finish"])');
  if ((await page.getAttribute('#controls', 'data-stage')) === 'effect') {
    const targets = page.locator('#companion-sheet .target');
    if (await targets.count()) await targets.first().click();
    else await page.click('[data-action="skip-effect"]');
  }
  await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
  await page.click('[data-action="confirm"]');
  await page.waitForSelector('#c-go');
}

test('companion: a local sheet played with typed-in cards', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/companion`);
    await playRound(page, [[7, 'surveyor'], [3, 'pool'], [12, 'temp']]);
    await playRound(page, [[9, 'real-estate'], [5, 'bis'], [15, 'landscaper']]);
    const houses = await page.locator('#companion-sheet [aria-label*=", 7"], #companion-sheet [aria-label*=", 9"]').count();
    assert.ok(houses >= 2, 'both numbers are on the sheet');
    assert.match(await page.textContent('#companion-sheet .score-line'), /total \d+/);
    await page.reload();
    await page.waitForSelector('#c-num-1');
    assert.match(await page.textContent('#controls'), /Round 3/);
    assert.ok(await page.locator('#companion-sheet [aria-label*="house"][aria-label*=", 7"]').count() >= 1);
    await page.evaluate(() => document.querySelector('.toast-area')?.replaceChildren());
    await page.screenshot({ path: join(shotsDir(), 'desktop-companion.png') });
    await page.click('#undo-round');
    assert.match(await page.textContent('#controls'), /Round 2/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
