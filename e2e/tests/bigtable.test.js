// A table of more seats than the server pushes whole sheets for: the overview is drawn from
// the other seats' summaries, and another seat's sheet is asked for when its tab is opened, and
// again once a round has changed it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, createTable, playTurn, currentRound, waitNextRound } from './helpers.js';

test('a table of ten: summaries in the overview, a sheet opened on demand', { timeout: 120000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await person(browser, { width: 1280, height: 900 }, errors);
    const bots = Object.fromEntries([2, 3, 4, 5, 6, 7, 8, 9, 10].map((s) => [s, 'greedy']));
    await createTable(alice.page, { name: 'Alice', mode: 'standard', seats: 10, bots });
    await alice.page.click('#start');
    await alice.page.waitForSelector('#controls[data-stage="place"]');
    for (let i = 0; i < 2; i++) {
      const r = await currentRound(alice.page);
      await playTurn(alice.page);
      await waitNextRound(alice.page, r);
    }
    // every seat has its row, the bots' from their summaries
    assert.equal(await alice.page.locator('#overview tbody tr').count(), 10);
    const row = (seat) => alice.page.locator(`#overview tr[data-seat-row="${seat}"] td`);
    const total = async (seat) => Number(await row(seat).last().textContent());
    const houses = async (seat) => Number(await row(seat).nth(1).textContent());
    const before = await houses(5);
    assert.ok(before >= 1, `${before} houses`);
    // seat 5's sheet is asked for and drawn, with the total the overview shows
    await alice.page.click('[data-seat-tab="5"]');
    await alice.page.waitForSelector('#other-sheet svg.sheet');
    const shown = async () => Number((await alice.page.textContent('#other-sheet .score-line')).match(/total (-?\d+)$/)[1]);
    assert.equal(await shown(), await total(5));
    // a round later (Alice's own sheet comes back while she plays) the sheet is the new one
    const r = await currentRound(alice.page);
    await playTurn(alice.page);
    await waitNextRound(alice.page, r);
    assert.ok(await houses(5) >= before);
    await alice.page.click('[data-seat-tab="5"]');
    await alice.page.waitForSelector('#other-sheet svg.sheet');
    assert.equal(await shown(), await total(5));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
