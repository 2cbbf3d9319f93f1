// A turn on a phone (390×844): the places to play scrolled out of sight are counted at each side
// of the streets and a tap scrolls to them; the bottom bar stays compact, idle and while an
// effect is chosen; once confirmed it names who the round still waits for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, createTable, playTurn, currentRound, waitNextRound, BASE } from './helpers.js';

const PHONE = { width: 390, height: 844 };

/** The places to play out of the streets' view on each side, as the page shows them and as they are. */
async function offscreen(page) {
  return page.evaluate(() => {
    const sc = document.querySelector('#my-sheet .sheet-scroll');
    const box = sc.getBoundingClientRect();
    const rs = [...sc.querySelectorAll('.target')].map((t) => t.getBoundingClientRect());
    const shown = (dir) => {
      const b = document.querySelector(`#my-sheet [data-offscreen="${dir}"]`);
      return b && !b.hidden ? Number(b.dataset.count) : 0;
    };
    return {
      left: rs.filter((r) => r.left < box.left - 0.5).length,
      right: rs.filter((r) => r.left >= box.left - 0.5 && r.right > box.right + 0.5).length,
      all: rs.length,
      shownLeft: shown('left'),
      shownRight: shown('right'),
    };
  });
}

const barHeight = async (page) => (await page.locator('#controls').boundingBox()).height;

test('phone: off-screen places counted and reached by a tap, a compact bar, and who the round waits for', { timeout: 90000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, PHONE, errors);
    const table = await createTable(page, { name: 'Pat', mode: 'standard', seats: 2 });
    const bob = await person(browser, { width: 1280, height: 900 }, errors);
    await bob.page.goto(`${BASE}/t/${encodeURIComponent(table)}`);
    await bob.page.fill('#join-name', 'Bob');
    await bob.page.click('#join');
    await bob.page.waitForSelector('text=You have seat 2');
    await page.waitForSelector('#start:enabled');
    await page.click('#start');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');

    // idle: the bar holds the three cards and a title
    const idle = await barHeight(page);
    assert.ok(idle <= 150, `the idle bar is ${idle} px high (at most 150 of 844)`);

    let sawEffect = false;
    for (let round = 0; round < 6 && !sawEffect; round++) {
      const r = await currentRound(page);
      await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
      if (round === 0) {
        // the highest number: its places run off the right of the streets
        const nums = (await page.locator('#controls button.card[data-combination] .num').allTextContents()).map(Number);
        await page.locator('#controls button.card[data-combination]').nth(nums.indexOf(Math.max(...nums))).click();
        await page.waitForSelector('#my-sheet .target');
        let o = await offscreen(page);
        assert.ok(o.right > 0, `some places are off to the right: ${JSON.stringify(o)}`);
        assert.equal(o.shownRight, o.right, 'the right count is the places off to the right');
        assert.equal(o.shownLeft, o.left, 'the left count is the places off to the left');
        const before = o.right;
        // a tap on the count scrolls to them
        await page.click('#my-sheet [data-offscreen="right"]');
        await page.waitForFunction((n) => Number(document.querySelector('#my-sheet [data-offscreen="right"]')?.dataset.count || 0) < n, before);
        o = await offscreen(page);
        assert.ok(o.right < before && o.left > 0, `the streets scrolled right: ${JSON.stringify(o)}`);
        assert.equal(o.shownRight, o.right);
        assert.equal(o.shownLeft, o.left);
        // and back
        await page.click('#my-sheet [data-offscreen="left"]');
        await page.waitForFunction(() => document.querySelector('#my-sheet [data-offscreen="left"]').hidden);
        o = await offscreen(page);
        assert.equal(o.shownLeft, 0);
        assert.equal(o.shownRight, o.right);
        await page.click('[data-action="restart"]');
        await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
      }
      // a combination whose effect asks for a choice on the bar or the sheet
      const effects = await page.locator('#controls button.card[data-combination]').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
      const k = effects.findIndex((l) => /Real Estate Agent|Surveyor|Landscaper/.test(l) && !/fits nowhere/.test(l));
      if (k >= 0) {
        await page.locator('#controls button.card[data-combination]').nth(k).click();
        await page.waitForSelector('#my-sheet .target');
        await page.locator('#my-sheet .target').first().click();
        if (await page.locator('.chooser button').count()) await page.locator('.chooser button').first().click();
        await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"], [data-stage="finish"])');
        if (await page.getAttribute('#controls', 'data-stage') === 'effect') {
          sawEffect = true;
          const h = await barHeight(page);
          assert.ok(h <= 300, `the bar is ${h} px high while the effect is chosen (at most 300 of 844)`);
        }
      }
      await playTurn(page);
      // confirmed: the bar names who the round waits for
      await page.waitForSelector('#controls[data-stage="submitted"]');
      assert.equal(await page.textContent('#waiting-for'), 'Waiting for Bob to confirm.');
      assert.equal(await page.isVisible('#waiting-for'), true);
      const h = await barHeight(page);
      assert.ok(h <= 190, `the bar is ${h} px high once confirmed`);
      await playTurn(bob.page);
      await waitNextRound(page, r);
    }
    assert.ok(sawEffect, 'an effect was chosen on the phone');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
