// A solo game played to the end by clicking on each thematic sheet of the 1st edition (Easter,
// Ice Cream with its truck choice, Christmas): the sheet draws its own features, and the final
// breakdown shows the sheet's own row, adding up to the total.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, person, createTable, playTurn, currentRound, waitNextRound, shotsDir, breakdown } from './helpers.js';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** Plays the game to the end; the first turn writes in `street` when it can. */
async function playToTheEnd(page, first = {}) {
  const did = [];
  for (let i = 0; i < 40; i++) {
    if (await page.locator('#results').count()) break;
    const r = await currentRound(page);
    did.push(await playTurn(page, i === 0 ? first : {}));
    await waitNextRound(page, r);
  }
  await page.waitForSelector('#results', { timeout: 20000 });
  return did;
}

const SHEETS = [
  { sheet: 'easter', name: 'Easter egg hunt', row: 'eggs', label: 'Eggs', detail: /^\d+ of 20 eggs collected$/ },
  { sheet: 'ice-cream', name: 'Ice Cream trucks', row: 'ice-cream', label: 'Ice cream', detail: /street 1: \d+ circled, \d+ crossed, bonus (open|circled|crossed)/ },
  { sheet: 'christmas', name: 'Christmas lights', row: 'lights', label: 'Lights', detail: /street 1: longest string \d+, street 2: longest string \d+, street 3: longest string \d+/ },
];

for (const t of SHEETS) {
  test(`solo on the ${t.sheet} sheet: a whole game, its features drawn, its own row in the breakdown`, { timeout: 120000 }, async () => {
    const errors = [];
    const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
    try {
      await createTable(page, { name: 'Solo Sam', mode: 'solo', sheet: t.sheet });
      await page.waitForSelector('#table-head h1');
      assert.match(await page.textContent('#table-head'), new RegExp(`Solo · ${t.name}`));
      await page.waitForSelector('#controls');
      // the sheet draws its features from the edition data and the engine's derived state
      if (t.sheet === 'easter') {
        assert.equal(await page.locator('#my-sheet .house[aria-label*=" egg"]').count(), 15);
        assert.equal(await page.locator('#my-sheet .egg').count(), 20);
      }
      if (t.sheet === 'ice-cream') {
        assert.equal(await page.locator('#my-sheet [aria-label*="ice-cream cone of"]').count(), 21);
        assert.equal(await page.locator('#my-sheet [aria-label*="ice-cream truck parked"]').count(), 4);
      }
      // Ice Cream: the first turn writes in street 3 and so chooses its truck
      const did = await playToTheEnd(page, t.sheet === 'ice-cream' ? { street: 3, truck: 'left' } : {});
      assert.ok(did.length >= 3, `played ${did.length} turns`);
      if (t.sheet === 'ice-cream') {
        assert.match(did[0], /choice/, `the first turn chose a truck: ${did[0]}`);
        const truck = await page.getAttribute('#other-sheet [aria-label^="Street 3, ice-cream truck parked at the left end"]', 'aria-label');
        assert.match(truck, /drives the street from the left/);
        assert.match(await page.getAttribute('#other-sheet [aria-label^="Street 3, ice-cream truck parked at the right end"]', 'aria-label'), /crossed off/);
        assert.match(await page.textContent('#lower'), /chose the truck parked at the left end/);
      }
      // the sheet's own row, labelled from its data, second in the printed order
      const heads = await page.locator('#breakdown thead th[data-row]').evaluateAll((ths) => ths.map((th) => th.dataset.row));
      assert.equal(heads[1], t.row, `columns ${heads}`);
      assert.equal(await page.textContent(`#breakdown thead th[data-row="${t.row}"]`), t.label);
      const { cells, total } = await breakdown(page);
      assert.ok(Number.isInteger(cells[t.row]) && cells[t.row] >= 0, `${t.row}: ${cells[t.row]}`);
      assert.equal(Object.values(cells).reduce((a, b) => a + b, 0), total);
      const detail = await page.textContent(`#breakdown-details dd[data-row="${t.row}"]`);
      assert.match(detail, t.detail);
      if (t.sheet === 'easter') {
        // every egg the engine counts as collected is circled on the sheet
        assert.equal(await page.locator('#other-sheet .egg-ring').count(), Number(detail.split(' ')[0]));
      }
      if (t.sheet === 'ice-cream') {
        const circled = [...detail.matchAll(/(\d+) circled/g)].reduce((a, m) => a + Number(m[1]), 0);
        assert.equal(await page.locator('#other-sheet .cone-ring').count(), circled);
      }
      assert.match(await page.textContent('#other-sheet .score-line'), new RegExp(`${t.label} ${cells[t.row]} .* total ${total}$`));
      await page.evaluate(() => document.querySelector('.toast-area')?.replaceChildren());
      await page.locator('#other-sheet').screenshot({ path: join(shotsDir(), `desktop-sheet-${t.sheet}.png`) });
      console.log(`${t.sheet}: ${did.length} turns, ${t.row} ${cells[t.row]}, total ${total}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
