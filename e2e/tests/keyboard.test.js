// A turn played with the keyboard alone: every card, house and button is reachable with Tab
// and works with Enter or Space; the houses have names that say what they accept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, createTable, currentRound, waitNextRound } from './helpers.js';

async function tabTo(page, selector, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement && document.activeElement.matches(sel), selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

test('keyboard only: choose cards, write a number, finish the turn', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await createTable(page, { name: 'Kim', mode: 'solo' });
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    const r = await currentRound(page);
    await page.focus('body');
    await tabTo(page, 'button.card[data-card]:not([disabled])');
    await page.keyboard.press('Enter');
    await tabTo(page, 'button.card[data-card][aria-pressed="false"]:not([disabled])');
    await page.keyboard.press(' ');
    await page.waitForSelector('#my-sheet .target');
    await tabTo(page, '#my-sheet .target');
    const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
    assert.match(label, /^Street \d+, house \d+, empty, accepts \d+( to \d+)?/);
    assert.match(label, /Write \d+ here|Accepts/);
    await page.keyboard.press('Enter');
    const chooser = page.locator('.chooser button');
    if (await chooser.count()) await page.keyboard.press('Enter'); // the chooser takes focus
    await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"],[data-stage="finish"])');
    if ((await page.getAttribute('#controls', 'data-stage')) === 'effect') {
      await tabTo(page, '[data-action="skip-effect"]');
      await page.keyboard.press('Enter');
    }
    await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
    await tabTo(page, '[data-action="confirm"]');
    await page.keyboard.press('Enter');
    await waitNextRound(page, r);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
