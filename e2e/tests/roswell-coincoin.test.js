// The collector edition's Roswell and Coin Coin sheets against the AAA, each played to the end by
// clicking, then both through the companion. Roswell: the objective is circled first (buttons
// naming each objective, the keyboard on the first), numbers go under saucers and infiltrate
// whenever offered; at the end the saucers circled match the infiltrations, and the infiltration
// row (the objective met or missed) with the other rows adds up to the total shown, next to the
// AAA's rows and its 5 per upside-down card. Coin Coin: the ducklings and parents are drawn, every
// duckling whose two houses are numbered is circled, and the ducks row (the three scorings) with
// the other rows adds up to the total, next to the AAA's ducks row. The companion asks for the
// objective, circles a saucer tapped on the sheet, frames an infiltrated estate, and holds a duck
// scoring when a Validation card comes up.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, person, playTurn, currentRound, waitNextRound, breakdown } from './helpers.js';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The turn's stage once the controls are idle. */
async function stageOf(page) {
  await page.waitForSelector('#controls[aria-busy="false"]:not([data-stage="loading"])', { timeout: 15000 });
  return page.getAttribute('#controls', 'data-stage');
}

/** A new AAA solo table (level 1) on the collector `sheet`. */
async function aaaTable(page, sheet) {
  await page.goto(`${BASE}/`);
  await page.fill('#name', 'Ada');
  await page.selectOption('#edition', 'collector');
  await page.selectOption('#mode', 'solo');
  await page.selectOption('#sheet', sheet);
  await page.selectOption('#aaa-level', '1');
  await page.click('#create');
  await page.waitForURL(/\/t\/[^/]+$/);
  await page.waitForSelector('#aaa-panel');
}

/** The AAA's score table: its rows (id → [label, points, detail]) and its total. */
async function aaaRows(page) {
  const rows = await page.locator('#aaa-score tr[data-row]').evaluateAll((trs) => trs.map((tr) => [
    tr.dataset.row, tr.querySelector('th').firstChild.textContent, Number(tr.querySelector('td').textContent), tr.getAttribute('title') || '']));
  const total = rows.find(([id]) => id === 'total')[2];
  return { rows: rows.filter(([id]) => id !== 'total'), total };
}

/** The end of a game: the player's rows add up to the total shown, and the AAA's to its own. */
async function bothAddUp(page, row) {
  const { cells, total } = await breakdown(page);
  assert.ok(Number.isInteger(cells[row]), `${row}: ${cells[row]}`);
  assert.equal(Object.values(cells).reduce((a, b) => a + b, 0), total);
  assert.equal(Number(await page.textContent('#aaa-mine')), total);
  assert.equal(Number(await page.textContent('#other-sheet .column-total .grand-total-val')), total);
  const aaa = await aaaRows(page);
  assert.equal(aaa.rows.reduce((a, [, , p]) => a + p, 0), aaa.total);
  assert.equal(Number(await page.textContent('#aaa-theirs')), aaa.total);
  return { cells, total, aaa };
}

/** The saucers drawn on a sheet: [house, state]. */
async function saucers(page, sheet) {
  return page.locator(`${sheet} .saucer[data-saucer]`).evaluateAll((gs) => gs.map((g) => [g.dataset.saucer, g.dataset.state]));
}

/** The objectives drawn on a sheet: their states in order. */
async function objectives(page, sheet) {
  return page.locator(`${sheet} [data-objective-row]`).evaluateAll((gs) => gs.map((g) => g.dataset.state));
}

test('AAA solo on the collector Roswell sheet: the objective first, infiltrations, and both scores add up', { timeout: 90000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    await aaaTable(page, 'roswell');
    assert.match(await page.getAttribute('.plan[data-plan="3"] [data-card-name]', 'data-card-name'), /^RO-C[1-5]$/);
    assert.ok(await page.textContent('#aaa-score tr[data-row="infiltration"] th').then((x) => x.startsWith('Infiltration')));

    // 11 saucers, none circled; four objectives, none circled yet
    await page.waitForSelector('#my-sheet .saucer');
    const start = await saucers(page, '#my-sheet');
    assert.equal(start.length, 11);
    assert.ok(start.every(([, state]) => state === 'open'), JSON.stringify(start));
    assert.deepEqual(await objectives(page, '#my-sheet'), ['open', 'open', 'open', 'open']);
    assert.match(await page.getAttribute('#my-sheet [data-objective-row="4"]', 'aria-label'), /^Objective 4: 9 or more infiltrated estates: 7 points each; not circled$/);
    assert.match(await page.getAttribute('#my-sheet .house:has(+ [data-saucer="1,2"])', 'aria-label'), /house 2, .*flying saucer, not circled yet/);

    // the first turn asks for the objective before anything else, the keyboard on the first
    assert.equal(await stageOf(page), 'objective');
    const names = await page.locator('#controls [data-objective]').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label')));
    assert.deepEqual(names, [
      'Objective 1: 3–4 infiltrated estates: 4 points each',
      'Objective 2: 5–6 infiltrated estates: 5 points each',
      'Objective 3: 7–8 infiltrated estates: 6 points each',
      'Objective 4: 9 or more infiltrated estates: 7 points each',
    ]);
    assert.equal(await page.locator('#controls button.card:enabled').count(), 0);
    assert.equal(await page.locator('[data-action="confirm"]').count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.objective), '1');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.objective), '2');
    await page.keyboard.press('Enter');
    assert.equal(await stageOf(page), 'place');
    assert.deepEqual(await objectives(page, '#my-sheet'), ['open', 'chosen', 'open', 'open']);
    assert.match(await page.textContent('#controls .step'), /Infiltration objective 2 circled\./);

    // numbers go under saucers when they can, and infiltrate whenever they may
    let infiltrations = 0;
    let checked = null;
    const infiltrate = async (p) => {
      if (checked) return true;
      // the first time: the choice named next to the action, the saucer waiting on the sheet
      assert.equal((await p.textContent('#controls [data-action="infiltrate"]')).trim(), 'Infiltrate (circle the saucer instead of the action)');
      assert.ok(await p.locator('#controls [data-action="skip-effect"]').count());
      const target = p.locator('#my-sheet .target[data-key^="u:"]');
      assert.equal(await target.count(), 1);
      assert.equal(await target.getAttribute('data-state'), 'ask');
      assert.match(await target.getAttribute('aria-label'), /flying saucer, the number just written may infiltrate\. Infiltrate: circle this saucer instead of using the action\.$/);
      checked = (await target.getAttribute('data-key')).slice(2).replace(':', ',');
      return true;
    };
    let turns = 0;
    for (let i = 0; i < 60; i++) {
      if (await page.locator('#results').count()) break;
      const r = await currentRound(page);
      const did = await playTurn(page, { objective: 2, infiltrate, prefer: /flying saucer, not circled yet/ });
      if (/\+ infiltrate/.test(did)) infiltrations++;
      if (infiltrations === 1 && /\+ infiltrate/.test(did)) {
        await page.waitForSelector(`#my-sheet [data-saucer="${checked}"][data-state="circled"]`);
      }
      turns++;
      await waitNextRound(page, r);
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    assert.ok(turns >= 10, `played ${turns} turns`);
    assert.ok(infiltrations >= 1 && checked, 'a number infiltrated');

    // the final sheet: one circled saucer per infiltration, the objective, the estates framed
    const end = await saucers(page, '#other-sheet');
    assert.equal(end.filter(([, state]) => state === 'circled').length, infiltrations);
    assert.deepEqual(await objectives(page, '#other-sheet'), ['open', 'chosen', 'open', 'open']);
    const n = Number(await page.getAttribute('#other-sheet [data-infiltrated-count]', 'data-infiltrated-count'));
    assert.equal(await page.locator('#other-sheet .infiltrated-estate').count(), n);

    // the infiltration row is the objective's 5 per estate with 5 or 6 of them, else 2 each
    const { cells, aaa } = await bothAddUp(page, 'infiltration');
    const met = n >= 5 && n <= 6;
    assert.equal(cells.infiltration, n * (met ? 5 : 2));
    const estates = `${n} infiltrated estate${n === 1 ? '' : 's'}`;
    assert.equal(await page.getAttribute('#other-sheet .column-infiltration', 'aria-label'),
      `Infiltration: ${cells.infiltration} points (${estates}; objective 5–6 ${met ? 'met × 5' : 'missed × 2'})`);
    // the AAA's infiltration row: 5 per upside-down card
    const row = aaa.rows.find(([id]) => id === 'infiltration');
    assert.ok(row, JSON.stringify(aaa.rows));
    const down = Number(row[3].match(/^(\d+) upside-down cards? × 5$/)?.[1]);
    assert.equal(row[2], 5 * down);
    // the log tells the objective and the infiltrations
    assert.match(await page.textContent('#lower'), /circled infiltration objective 2; /);
    assert.match(await page.textContent('#lower'), /wrote \d+ in street \d house \d+; infiltrated \(circled the saucer instead of the action\)/);
    console.log(`roswell: ${turns} turns, ${infiltrations} infiltrations, ${n} infiltrated estates; you ${cells.infiltration} of ${Object.values(cells).reduce((a, b) => a + b, 0)} — AAA ${aaa.total} (infiltration ${row[2]})`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** The ducklings drawn on a sheet: {key, colour, state}. */
async function ducklings(page, sheet) {
  return page.locator(`${sheet} .duckling`).evaluateAll((gs) => gs.map((g) => ({ key: g.dataset.duckling, colour: g.dataset.colour, state: g.dataset.state })));
}

/** The duck scorings drawn on a sheet: id → [state, value]. */
async function scorings(page, sheet) {
  return page.locator(`${sheet} [data-scoring]`).evaluateAll((gs) => Object.fromEntries(gs.map((g) => [g.dataset.scoring, [g.dataset.state, Number(g.dataset.value)]])));
}

test('AAA solo on the collector Coin Coin sheet: ducklings circled as drawn, and both scores add up', { timeout: 90000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    await aaaTable(page, 'coin-coin');
    assert.match(await page.getAttribute('.plan[data-plan="3"] [data-card-name]', 'data-card-name'), /^CC-C[1-5]$/);
    assert.ok(await page.textContent('#aaa-score tr[data-row="ducks"] th').then((x) => x.startsWith('Ducks')));

    // 6 yellow and 6 black ducklings, none circled, their two parents, three open scorings
    await page.waitForSelector('#my-sheet .duckling');
    const start = await ducklings(page, '#my-sheet');
    assert.equal(start.filter((d) => d.colour === 'yellow').length, 6);
    assert.equal(start.filter((d) => d.colour === 'black').length, 6);
    assert.ok(start.every((d) => d.state === 'open'));
    assert.deepEqual(await page.locator('#my-sheet [data-parent]').evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label'))),
      ['Yellow parent duck, next to street 3 house 12', 'Black parent duck, next to street 1 house 1']);
    assert.deepEqual(await scorings(page, '#my-sheet'), { yellow: ['open', 0], black: ['open', 0], both: ['open', 0] });
    assert.equal(await page.getAttribute('#my-sheet [data-duckling="1,2-2,2"]', 'aria-label'), 'Black duckling between street 1 house 2 and street 2 house 2: not circled yet');
    // no decision of its own: the first turn starts with the cards
    assert.equal(await stageOf(page), 'place');

    let turns = 0;
    for (let i = 0; i < 60; i++) {
      if (await page.locator('#results').count()) break;
      const r = await currentRound(page);
      await playTurn(page, { useEffect: i % 2 === 0 });
      turns++;
      await waitNextRound(page, r);
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    assert.ok(turns >= 10, `played ${turns} turns`);

    // every duckling whose two houses are numbered is circled, and only those; connected ones too
    const numbered = new Set(await page.locator('#other-sheet .house[aria-label]').evaluateAll((gs) => gs
      .map((g) => g.getAttribute('aria-label').match(/^Street (\d+), house (\d+), \d+/))
      .filter(Boolean).map((m) => `${m[1]},${m[2]}`)));
    const end = await ducklings(page, '#other-sheet');
    assert.equal(end.length, 12);
    for (const d of end) {
      const [a, b] = d.key.split('-');
      assert.equal(d.state !== 'open', numbered.has(a) && numbered.has(b), JSON.stringify(d));
    }
    const connected = (colour) => end.filter((d) => d.colour === colour && d.state === 'connected').length;

    // the ducks row is the three scorings shown; one not held during the game counts as it stands
    const { cells, aaa } = await bothAddUp(page, 'ducks');
    const held = await scorings(page, '#other-sheet');
    assert.equal(cells.ducks, held.yellow[1] + held.black[1] + held.both[1]);
    const now = { yellow: connected('yellow'), black: connected('black'), both: connected('yellow') + connected('black') };
    for (const [id, [state, v]] of Object.entries(held)) if (state === 'open') assert.equal(v, now[id], id);
    assert.match(await page.getAttribute('#other-sheet .column-ducks', 'aria-label'),
      new RegExp(`^Ducks: ${cells.ducks} points \\(${now.yellow} yellow and ${now.black} black ducklings connected; held during the game: `));
    // the AAA's ducks row: its points at each scoring
    const row = aaa.rows.find(([id]) => id === 'ducks');
    assert.ok(row, JSON.stringify(aaa.rows));
    const parts = row[3].match(/^(\d+) \+ (\d+) \+ (\d+): a point per two cards given at each duck scoring$/);
    assert.ok(parts, row[3]);
    assert.equal(row[2], Number(parts[1]) + Number(parts[2]) + Number(parts[3]));
    console.log(`coin coin: ${turns} turns, ${end.filter((d) => d.state !== 'open').length} ducklings circled, scorings ${JSON.stringify(held)}; you ${cells.ducks} — AAA ${aaa.total} (ducks ${row[2]})`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** The companion on `sheet` of the collector edition, a hand of cards against the AAA. */
async function companion(page, sheet) {
  page.on('dialog', (d) => d.accept());
  await page.goto(`${BASE}/companion`);
  await page.waitForSelector('#c-edition');
  await page.selectOption('#c-edition', 'collector');
  await page.selectOption('#c-sheet', sheet);
  await page.selectOption('#c-kind', 'hand');
}

/** Types a hand, writes card 1's number in `house` with card 2's effect. */
async function write(page, cards, house) {
  await page.fill('#c-quick', cards);
  await page.click('#c-go');
  await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="place"],[data-stage="objective"])');
  if (await page.getAttribute('#controls', 'data-stage') === 'objective') return;
  await page.click('#controls button.card[data-card="1"]');
  await page.click('#controls button.card[data-card="2"]');
  await page.click(`#companion-sheet .target[data-key="h:${house}"]`);
}

/** Confirms the turn once it is finished; the next round's cards are then asked for. */
async function confirm(page) {
  await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
  await page.click('[data-action="confirm"]');
  await page.waitForSelector('#c-go');
}

test('companion: the Roswell objective, a saucer tapped to infiltrate, an infiltrated estate; a Coin Coin scoring held by a Validation card', { timeout: 40000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    await companion(page, 'roswell');
    await page.waitForSelector('#companion-aaa #aaa-score tr[data-row="infiltration"]');
    assert.equal((await saucers(page, '#companion-sheet')).length, 11);
    // round 1: the objective first, then 5 under street 1 house 5's saucer with a Pool that has
    // no pool there: only the infiltration is offered, by the saucer on the sheet
    await write(page, '5s 9p 12t', '1:5');
    assert.equal(await stageOf(page), 'objective');
    await page.click('#controls [data-objective="1"]');
    assert.equal(await stageOf(page), 'place');
    await page.click('#controls button.card[data-card="1"]');
    await page.click('#controls button.card[data-card="2"]');
    await page.click('#companion-sheet .target[data-key="h:1:5"]');
    assert.equal(await stageOf(page), 'effect');
    assert.match(await page.textContent('#infiltrate-hint'), /^Street 1 house 5 is under a flying saucer: infiltrate \(circle the saucer\), or skip\. The Pool Manufacturer has no use here\./);
    assert.equal(await page.locator('[data-action="use-effect"]').count(), 0);
    await page.click('#companion-sheet .target[data-key="u:1:5"]');
    await page.waitForSelector('#companion-sheet [data-saucer="1,5"][data-state="circled"]');
    await confirm(page);
    assert.deepEqual(await objectives(page, '#companion-sheet'), ['chosen', 'open', 'open', 'open']);
    // round 2: 4 in house 4 and a fence between houses 3 and 4; no objective asked again
    await write(page, '4b 5s 9s', '1:4');
    assert.equal(await stageOf(page), 'effect');
    await page.click('#companion-sheet .target[data-key="f:1:3"]');
    await confirm(page);
    // round 3: 6 in house 6 and a fence between houses 5 and 6: houses 4–5 are an estate with a
    // circled saucer, infiltrated
    await write(page, '6s 1s 2s', '1:6');
    assert.equal(await stageOf(page), 'effect');
    await page.click('#companion-sheet .target[data-key="f:1:5"]');
    await confirm(page);
    await page.waitForSelector('#companion-sheet .infiltrated-estate[data-infiltrated="1,4"]');
    assert.equal(await page.getAttribute('#companion-sheet [data-infiltrated-count]', 'data-infiltrated-count'), '1');
    assert.match(await page.getAttribute('#companion-sheet .house[aria-label^="Street 1, house 5,"]', 'aria-label'), /5, flying saucer, circled, in an infiltrated estate$/);
    await page.waitForFunction(() => /^Infiltration: 2 points \(1 infiltrated estate; objective 3–4 missed × 2\)$/.test(document.querySelector('#companion-sheet .column-infiltration')?.getAttribute('aria-label') || ''));

    // Coin Coin: yellow duckling street 3 houses 9–10 connected to its parent by houses 11 and 12
    await page.selectOption('#c-sheet', 'coin-coin');
    await page.waitForSelector('#companion-aaa #aaa-score tr[data-row="ducks"]');
    for (const [cards, h] of [['9s 5s 14s', '3:9'], ['10b 5s 13p', '3:10'], ['11s 5s 15s', '3:11'], ['12t 5s 12l', '3:12']]) {
      await write(page, cards, h);
      if (await stageOf(page) === 'effect') await page.click('[data-action="skip-effect"]');
      await confirm(page);
    }
    await page.waitForSelector('#companion-sheet [data-duckling="3,9-3,10"][data-state="connected"]');
    assert.deepEqual(await scorings(page, '#companion-sheet'), { yellow: ['open', 1], black: ['open', 0], both: ['open', 1] });
    // Validation card A: the yellow scoring is held at once with the 1 point it gives now, for
    // the AAA too (4 cards given: 2 points)
    await page.click('#c-validation-a');
    await page.waitForSelector('#companion-sheet [data-scoring="yellow"][data-state="held"]');
    await page.waitForSelector('#companion-sheet [data-scoring="yellow"] .shelter-aaa');
    assert.equal(await page.textContent('#companion-sheet [data-scoring="yellow"] .shelter-aaa'), 'AAA 2');
    assert.deepEqual(await scorings(page, '#companion-sheet'), { yellow: ['held', 1], black: ['open', 0], both: ['open', 1] });
    await page.waitForFunction(() => /^2 \+ 2 \+ 2:/.test(document.querySelector('#aaa-score tr[data-row="ducks"]')?.getAttribute('title') || ''));
    // the undo takes the card back
    await page.click('#undo-round');
    await page.waitForSelector('#companion-sheet [data-scoring="yellow"][data-state="open"]');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
