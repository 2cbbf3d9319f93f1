// The companion's setup: the points of the player's own plan cards ("your card: [ ] / [ ]") sit on
// one line under each plan, in boxes that hold two digits, in both editions, on a desktop and on
// a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, BASE } from './helpers.js';

test('companion setup: each plan’s card values on one line, in boxes of a usable size', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { page, context } = await person(browser, viewport, errors);
      await page.goto(`${BASE}/companion`);
      for (const ed of ['first', 'collector']) {
        await page.selectOption('#c-edition', ed);
        await page.waitForSelector('[data-plan-values="3"]');
        for (const k of [1, 2, 3]) {
          const row = await page.locator(`[data-plan-values="${k}"]`).boundingBox();
          const first = await page.locator(`#plan-${k}-first`).boundingBox();
          const second = await page.locator(`#plan-${k}-second`).boundingBox();
          const plan = await page.locator(`#plan-${k}`).boundingBox();
          const where = `${ed}, plan ${k}, ${viewport.width} px`;
          // one line: both boxes side by side, the row no taller than a box and a little
          assert.ok(Math.abs(first.y - second.y) < 2 && second.x > first.x + first.width, `${where}: the boxes side by side`);
          assert.ok(row.height <= first.height + 16, `${where}: the row is one line (${row.height} px)`);
          // usable boxes, under the plan's list and inside the screen
          assert.ok(first.width >= 56 && second.width >= 56, `${where}: boxes ${first.width} and ${second.width} px wide`);
          assert.ok(row.x >= plan.x - 1 && row.x + row.width <= viewport.width, `${where}: under the plan, inside the screen`);
          // two digits fit the box
          await page.fill(`#plan-${k}-first`, '12');
          const fits = await page.locator(`#plan-${k}-first`).evaluate((i) => i.scrollWidth <= i.clientWidth);
          assert.ok(fits, `${where}: 12 fits its box`);
          await page.fill(`#plan-${k}-first`, '');
        }
      }
      await context.close();
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
