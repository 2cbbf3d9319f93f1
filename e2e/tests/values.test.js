// A collector table whose host enters the points printed on their own plan card before the
// start: a bad entry is refused and named, the entered points play and survive a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, person } from './helpers.js';

test('collector standard: the host enters plan A as 15/9 before the start', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Hana');
    await page.selectOption('#edition', 'collector');
    await page.selectOption('#mode', 'standard');
    await page.fill('#seats', '2');
    await page.selectOption('#bot-2', 'greedy');
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    await page.waitForSelector('#values-form');
    // plan A's shipped values are stand-ins
    assert.equal(await page.locator('[data-plan-values="1"] .mark.placeholder').count(), 1);
    // a later value above the first is refused, naming the plan; nothing is stored
    await page.fill('#plan-2-first', '5');
    await page.fill('#plan-2-second', '7');
    await page.click('#save-values');
    await page.waitForFunction(() => /plans\.B/.test(document.querySelector('#values-error')?.textContent || ''));
    await page.fill('#plan-2-first', '');
    await page.fill('#plan-2-second', '');
    await page.fill('#plan-1-first', '15');
    await page.fill('#plan-1-second', '9');
    await page.click('#save-values');
    await page.waitForSelector('[data-plan-values="1"] .mark.entered');
    assert.equal(await page.locator('[data-plan-values="2"] .mark.entered').count(), 0);
    await page.click('#start');
    await page.waitForSelector('#controls');
    const check = async () => {
      await page.waitForSelector('.plan[data-plan="1"]');
      const text = await page.textContent('.plan[data-plan="1"]');
      assert.match(text, /Plan A/);
      assert.match(text, /1st 15/);
      assert.match(text, /then 9/);
      assert.match(text, /entered by the host/);
      assert.doesNotMatch(await page.textContent('.plan[data-plan="2"]'), /entered by the host/);
    };
    await check();
    await page.reload();
    await check();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
