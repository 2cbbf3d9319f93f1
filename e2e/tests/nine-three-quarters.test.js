// The collector edition's 9¾ cards at a table: the lobby offers them with that edition only;
// an AAA solo game with them is played to the end by clicking, writing a ¾ number whenever a
// combination offers one: the offer, the sheet, the log and the table's head show 9¾, and the
// score rows add up to the total shown. Then the companion: the 9¾ cards ticked in its setup, a 9¾
// typed with the cards and written on the sheet, kept across a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, person, playTurn, currentRound, waitNextRound, breakdown } from './helpers.js';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('AAA solo with the 9¾ cards, to the end: ¾ numbers offered, written and shown', { timeout: 150000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Quinn');
    // the 1st edition has no 9¾ cards: no such option
    await page.selectOption('#edition', 'first');
    assert.equal(await page.isVisible('#nine-three-quarters'), false);
    await page.selectOption('#edition', 'collector');
    assert.equal(await page.isVisible('#nine-three-quarters'), true);
    // the cards' actions are stand-ins until the printed cards are known: marked so
    assert.match(await page.getAttribute('#nine-three-quarters-note .mark.placeholder', 'title'), /9¾ cards: their actions/);
    await page.selectOption('#mode', 'solo');
    await page.selectOption('#aaa-level', '1');
    await page.check('#nine-three-quarters');
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    await page.waitForSelector('#aaa-panel');
    assert.match(await page.textContent('#table-kind'), /with the 9¾ cards/);

    let offered = 0;
    let written = 0;
    let turns = 0;
    for (let i = 0; i < 40; i++) {
      if (await page.locator('#results').count()) break;
      await page.waitForSelector('#controls[aria-busy="false"]:not([data-stage="loading"])');
      const r = await currentRound(page);
      // a card with a ¾ number gives the number when the sheet has room for it (against the
      // AAA a hand of three: the ¾ card for the number, another for the effect)
      const quarter = page.locator('#controls button.card[data-card]:enabled, #controls button.card[data-combination]:enabled', { hasText: '¾' });
      if (await page.locator('#controls button.card', { hasText: '¾' }).count()) offered++;
      if (await quarter.count()) {
        await quarter.first().click();
        if (!(await page.locator('#my-sheet .target').count())) {
          const other = page.locator('#controls button.card[data-card][aria-pressed="false"]:enabled');
          if (await other.count()) await other.first().click();
        }
        if (await page.locator('#my-sheet .target').count()) written++;
      }
      await playTurn(page, { useEffect: i % 2 === 0 });
      turns++;
      await waitNextRound(page, r);
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    // 3 cards of 66, three shown a turn: after 22 turns every card has been in a hand once
    assert.ok(offered >= 1 || turns < 22, `a ¾ number was offered (${turns} turns)`);
    if (written) {
      // the sheet shows the ¾ number in a house, and the log names it
      assert.ok(await page.locator('#my-sheet .house-num', { hasText: '¾' }).count() >= 1, 'a ¾ number on the sheet');
      assert.match(await page.textContent('#lower'), /\d¾/);
    }
    const { cells, total } = await breakdown(page);
    assert.equal(Object.values(cells).reduce((a, b) => a + b, 0), total);
    console.log(`9¾ AAA: ${turns} turns, ¾ numbers offered ${offered} times, written ${written} times; total ${total}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('companion: with the 9¾ cards ticked, a 9¾ typed with the cards is written on the sheet', { timeout: 60000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    page.on('dialog', (d) => d.accept());
    await page.goto(`${BASE}/companion`);
    await page.waitForSelector('#c-edition');
    // the 1st edition has no 9¾ cards to tick
    assert.equal(await page.locator('#c-nine-three-quarters').count(), 0);
    await page.selectOption('#c-edition', 'collector');
    await page.waitForSelector('#c-nine-three-quarters');
    // without them a 9¾ is not a card
    await page.fill('#c-quick', '9¾s 3p 12t');
    assert.match(await page.textContent('#c-error'), /only comes with the 9¾ cards/);
    await page.check('#c-nine-three-quarters');
    await page.fill('#c-quick', '9.75s 3p 12t');
    assert.equal(await page.inputValue('#c-num-1'), '9¾');
    assert.equal(await page.textContent('#c-error'), '');
    await page.click('#c-go');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    assert.match(await page.getAttribute('#controls button.card[data-combination="1"]', 'aria-label'), /^Combination 1: number 9¾, Surveyor/);
    await page.click('#controls button.card[data-combination="1"]');
    await page.locator('#companion-sheet .target').first().click();
    await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"],[data-stage="finish"])');
    if ((await page.getAttribute('#controls', 'data-stage')) === 'effect') await page.click('[data-action="skip-effect"]');
    await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    assert.equal(await page.locator('#companion-sheet .house-num', { hasText: '9¾' }).count(), 1);
    // kept across a reload, the option too
    await page.reload();
    await page.waitForSelector('#c-go');
    assert.equal(await page.isChecked('#c-nine-three-quarters'), true);
    assert.equal(await page.locator('#companion-sheet .house-num', { hasText: '9¾' }).count(), 1);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
