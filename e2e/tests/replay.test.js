// Replay in the browser: a game record opened from the lobby (picked or dropped), stepped
// round by round with the buttons, the keys and the slider, every sheet as it was; a file that
// is not a record that replays is refused with the server's reason and nothing opens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, person, BASE } from './helpers.js';

const GOLDEN = join(process.cwd(), '..', 'tests', 'golden');

test('replay: a record from the lobby, stepped with buttons, keys and the slider; bad files refused', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    const path = join(GOLDEN, 'record-ice-cream-standard-3.json');
    const record = JSON.parse(readFileSync(path, 'utf8'));
    const n = record.rounds.length;
    await page.goto(`${BASE}/`);
    await page.setInputFiles('#record-file', path);
    await page.waitForURL(/\/replay$/);
    await page.waitForSelector('#replay-sheets .replay-sheet svg');
    const where = () => page.textContent('#replay-round');
    assert.equal(await where(), `Round 1 of ${n}`);
    assert.equal(await page.locator('#replay-sheets .replay-sheet').count(), 3);
    // the round's combinations and what each seat did
    assert.match(await page.textContent('#replay-log'), /Combinations: /);
    assert.equal(await page.locator('#replay-log [data-log-seat]').count(), 3);
    assert.match(await page.textContent('#replay-log [data-log-seat="1"]'), /greedy 1: combination \d .*wrote \d+ in street \d house \d+/);
    assert.equal(await page.isDisabled('#replay-prev'), true);

    // every seat's houses, as drawn
    const houses = (seat) => page.locator(`#replay-sheets [data-seat="${seat}"] text.house-num`).allTextContents();
    const r1 = await houses(1);
    assert.equal(r1.length, 1, 'one number after round 1');
    await page.click('#replay-next');
    assert.equal(await where(), `Round 2 of ${n}`);
    const r2 = await houses(1);
    assert.equal(r2.length, 2);
    // the number written in the round is marked
    assert.equal(await page.locator('#replay-sheets [data-seat="1"] text.house-num.fresh').count(), 1);
    // the keys step; the address keeps the round
    await page.keyboard.press('ArrowRight');
    assert.equal(await where(), `Round 3 of ${n}`);
    assert.equal(new URL(page.url()).hash, '#round=3');
    await page.keyboard.press('ArrowLeft');
    assert.deepEqual(await houses(1), r2);
    await page.keyboard.press('End');
    assert.equal(await where(), `Round ${n} of ${n}`);
    assert.equal(await page.isDisabled('#replay-next'), true);
    assert.equal(await page.isDisabled('#replay-last'), true);
    await page.keyboard.press('Home');
    assert.deepEqual(await houses(1), r1);
    // the slider
    await page.focus('#replay-slider');
    await page.keyboard.press('End');
    assert.equal(await where(), `Round ${n} of ${n}`);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await where(), `Round ${n - 1} of ${n}`);

    // the scores at the end are the record's
    assert.match(await page.textContent('#replay-verdict'), /wins/);
    const totals = await page.locator('#replay-breakdown tbody tr').evaluateAll((trs) =>
      trs.map((tr) => [Number(tr.dataset.seatRow), Number(tr.querySelector('td[data-row="total"]').textContent)]));
    assert.equal(totals.length, 3);
    for (const [seat, total] of totals) assert.equal(total, record.result.scores[seat - 1]);
    // the last round's sheets add up to the same totals
    await page.click('#replay-last');
    const last = await page.locator('#replay-sheets .replay-sheet h2').allTextContents();
    assert.deepEqual(last, record.setup.seats.map((s, i) => `${s} — ${record.result.scores[i]} points`));

    // a reload of the page keeps the record and the round
    await page.reload();
    await page.waitForSelector('#replay-sheets .replay-sheet svg');
    assert.equal(await where(), `Round ${n} of ${n}`);

    // bad files: the server's reason is shown in the lobby, and nothing opens
    await page.goto(`${BASE}/`);
    await page.setInputFiles('#record-file', { name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('my shopping list') });
    await page.waitForSelector('#lobby-replay-error:not(:empty)');
    assert.match(await page.textContent('#lobby-replay-error'), /^This file is not a game record: .*record_json\.\)$/);
    assert.equal(new URL(page.url()).pathname, '/');
    const bad = structuredClone(record);
    bad.rounds[1].turns[0].play = { build: { pick: { combination: 1 }, house: [1, 40], number: 5 } };
    await page.setInputFiles('#record-file', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    await page.waitForFunction(() => /record_illegal_turn/.test(document.querySelector('#lobby-replay-error').textContent));
    assert.match(await page.textContent('#lobby-replay-error'), /round 2, seat 1/);
    assert.equal(new URL(page.url()).pathname, '/');

    // a file dropped on the lobby opens as well
    const text = readFileSync(join(GOLDEN, 'record-solo.json'), 'utf8');
    await page.evaluate((t) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t], 'solo.json', { type: 'application/json' }));
      document.querySelector('[data-drop="record-file"]').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, text);
    await page.waitForURL(/\/replay$/);
    await page.waitForSelector('#replay-sheets .replay-sheet svg');
    assert.equal(await page.locator('#replay-sheets .replay-sheet').count(), 1);
    assert.match(await where(), /^Round 1 of 27$/);
    assert.deepEqual(errors.filter((e) => !/\b(400|422)\b/.test(e)), []);
  } finally {
    await browser.close();
  }
});
