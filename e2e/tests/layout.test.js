// The host of an Atomic War table enters the layout printed on their own sheet before the
// start: a layout that breaks a constraint is refused and named, a valid one with other shelter
// houses is saved, and the game's sheet is drawn with the entered shelters, also after a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, person } from './helpers.js';

/** The table's own shelters (the shipped ones are S1 {2, 5, 9}, S2 {1, 4, 7, 10}, S3 {3, 6, 9, 12}). */
const OURS = [[1, 4, 8], [2, 5, 8, 11], [1, 5, 9, 12]];
const HOUSES = OURS.flatMap((hs, s) => hs.map((h) => `${s + 1},${h}`));

/** The text box's sheet file with the shelters of each street replaced. */
async function withShelters(page, shelters) {
  const file = JSON.parse(await page.inputValue('#layout-text'));
  file.streets.forEach((st, s) => { st.shelters = shelters[s]; });
  return JSON.stringify(file, null, 2);
}

test('atomic war: the host enters their printed layout, a broken one is refused naming the rule', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Hana');
    await page.selectOption('#edition', 'collector');
    await page.selectOption('#mode', 'standard');
    await page.selectOption('#sheet', 'atomic-war');
    await page.fill('#seats', '2');
    await page.selectOption('#bot-2', 'greedy');
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    // the form starts from the shipped layout, marked as a stand-in
    await page.waitForSelector('#layout-form #layout-h .mark.placeholder');
    const shipped = JSON.parse(await page.inputValue('#layout-text'));
    assert.deepEqual(shipped.streets.map((s) => s.shelters), [[2, 5, 9], [1, 4, 7, 10], [3, 6, 9, 12]]);
    assert.equal(shipped.stacks, undefined);
    assert.equal(shipped.offers, undefined);

    // one shelter in street 3 breaks ATO-L3: refused, named, nothing saved
    await page.fill('#layout-text', await withShelters(page, [OURS[0], OURS[1], [5]]));
    await page.click('#save-layout');
    await page.waitForFunction(() => /ATO-L3/.test(document.querySelector('#layout-error')?.textContent || ''));
    assert.equal(await page.locator('#layout-h .layout-entered').count(), 0);

    // the table's own shelters: saved, and the form and the table's head say so
    await page.fill('#layout-text', await withShelters(page, OURS));
    await page.click('#save-layout');
    await page.waitForSelector('#layout-h .layout-entered');
    assert.deepEqual(JSON.parse(await page.inputValue('#layout-text')).streets.map((s) => s.shelters), OURS);
    await page.waitForSelector('#table-kind .layout-entered');

    await page.click('#start');
    await page.waitForSelector('#controls');
    const check = async () => {
      await page.waitForSelector('#my-sheet .shelter');
      const drawn = await page.locator('#my-sheet .shelter').evaluateAll((gs) => gs.map((g) => g.dataset.shelter));
      assert.deepEqual(drawn, HOUSES);
      assert.match(await page.textContent('#table-kind'), /layout entered by the host/);
      assert.equal(await page.locator('#table-kind .mark.placeholder[title*="shelter houses"]').count(), 0);
    };
    await check();
    await page.reload();
    await check();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('companion: the player plays their printed Atomic War layout', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/companion`);
    await page.waitForSelector('#c-edition');
    await page.selectOption('#c-edition', 'collector');
    await page.selectOption('#c-sheet', 'atomic-war');
    await page.click('#layout-fold summary');
    await page.fill('#layout-text', await withShelters(page, [[2, 5], [], [3, 6]]));
    await page.click('#save-layout');
    await page.waitForFunction(() => /ATO-L1/.test(document.querySelector('#layout-error')?.textContent || ''));
    await page.fill('#layout-text', await withShelters(page, OURS));
    await page.click('#save-layout');
    await page.waitForSelector('#layout-h .layout-entered');
    const check = async () => {
      await page.waitForSelector('#companion-sheet .shelter[data-shelter="1,1"]');
      const drawn = await page.locator('#companion-sheet .shelter').evaluateAll((gs) => gs.map((g) => g.dataset.shelter));
      assert.deepEqual(drawn, HOUSES);
    };
    await check();
    await page.reload();
    await check();
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
