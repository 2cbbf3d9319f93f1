// The collector edition's expansion sheets (Easter, Ice Cream, Christmas, Atomic War) against
// the AAA: the lobby lists them with their stand-in marks, the plan C is the sheet's own, a whole
// game is played by clicking, and at the end both the player's rows and the AAA's rows — its
// sheet row included — add up to their totals. On Ice Cream every Validation card makes the
// player cross off one open end-of-route bonus at the start of the next turn; the companion does
// the same when the player presses the Validation card's button. On Atomic War the shelters are
// drawn with the AAA's halves, and both scores follow from the capacities drawn; the companion
// sends a Validation card to the server, which builds the AAA's shelter.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, person, playTurn, currentRound, waitNextRound, breakdown } from './helpers.js';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const SHEETS = [
  { sheet: 'easter', name: 'Easter egg hunt', row: 'eggs', label: 'Eggs', plan: /^EG-C[1-5]$/, values: /plan C values EG-C1–EG-C5/, layout: /egg houses, egg counts and colours/ },
  { sheet: 'ice-cream', name: 'Ice-cream trucks', row: 'ice-cream', label: 'Ice cream', plan: /^IC-C[1-5]$/, values: /plan C values IC-C1–IC-C5/, layout: /cones and scoops/ },
  { sheet: 'christmas', name: 'Christmas lights', row: 'lights', label: 'Lights', plan: /^XM-C[1-5]$/, values: /plan C values XM-C1–XM-C5/, layout: null },
  // two rows on the player's sheet; the AAA's own row stands in the first
  { sheet: 'atomic-war', name: 'Atomic War', row: 'shelters', rows: ['shelters', 'optimism'], label: 'Shelters', plan: /^AT-C[1-5]$/, values: /plan C values AT-C1–AT-C5/, layout: /shelter houses/ },
];

/** The AAA's halves at setup on the shipped Atomic War layout (11 shelters, 3 + 4 + 4). */
const SETUP_HALVES = [20, 0, 0, 30, 0, 0, 0, 30, 0, 0, 0];

/** Atomic War as drawn in `sheet`: every shelter's halves, and each street's capacities. */
async function shelters(page, sheet) {
  const marks = await page.locator(`${sheet} .shelter`).evaluateAll((gs) => gs.map((g) => ({
    house: g.dataset.shelter, mine: g.dataset.capacity === '' ? null : Number(g.dataset.capacity), aaa: Number(g.dataset.aaa) })));
  const streets = await page.locator(`${sheet} [data-capacity-street]`).evaluateAll((gs) => gs.map((g) => [Number(g.dataset.mine), Number(g.dataset.aaa)]));
  const totals = await page.locator(`${sheet} [data-capacity-total]`).evaluateAll((gs) => Object.fromEntries(gs.map((g) => [g.dataset.capacityTotal, Number(g.dataset.value)])));
  return { marks, streets, totals };
}

/**
 * What each side scores for shelters and optimism from the capacities drawn (collector
 * expansions §6.4: the highest street capacity, if above 0, scores 8 / 10 / 11; the lowest
 * total 9; ties both score).
 */
function shelterPoints(streets) {
  const bonus = [8, 10, 11];
  const mine = streets.reduce((a, [m]) => a + m, 0);
  const theirs = streets.reduce((a, [, t]) => a + t, 0);
  const wins = (a, b) => a > 0 && a >= b;
  return {
    player: { shelters: streets.reduce((a, [m, t], s) => a + (wins(m, t) ? bonus[s] : 0), 0), optimism: mine <= theirs ? 9 : 0 },
    aaa: streets.reduce((a, [m, t], s) => a + (wins(t, m) ? bonus[s] : 0), 0) + (theirs <= mine ? 9 : 0),
  };
}

/** The turn's stage once the controls are idle. */
async function stageOf(page) {
  await page.waitForSelector('#controls[aria-busy="false"]:not([data-stage="loading"])', { timeout: 15000 });
  return page.getAttribute('#controls', 'data-stage');
}

/** The AAA's score table: its rows (id → [label, points]) and its total. */
async function aaaRows(page) {
  const rows = await page.locator('#aaa-score tr[data-row]').evaluateAll((trs) => trs.map((tr) => [
    tr.dataset.row, tr.querySelector('th').firstChild.textContent, Number(tr.querySelector('td').textContent), tr.getAttribute('title') || '']));
  const total = rows.find(([id]) => id === 'total')[2];
  return { rows: rows.filter(([id]) => id !== 'total'), total };
}

/** The AAA's pile as given: [number, effect] per card. */
async function pile(page) {
  const cards = await page.locator('#aaa-pile li').evaluateAll((lis) => lis.map((li) => li.dataset.aaaCard));
  return cards.map((c) => { const m = c.match(/^(\d+)-(.+)$/); return [Number(m[1]), m[2]]; });
}

/** What the sheet's own AAA rule scores for a pile (collector expansions §2.6, §3.6, §5.6). */
function expectedSheetRow(sheet, cards, crossed) {
  if (sheet === 'easter') {
    const eggs = cards.reduce((a, [n]) => a + ([6, 9].includes(n) ? 1 : [8, 10].includes(n) ? 2 : 0), 0);
    return [[18, 35], [14, 20], [10, 10], [6, 5]].find(([at]) => eggs >= at)?.[1] ?? 0;
  }
  if (sheet === 'ice-cream') return cards.filter(([, e]) => e !== 'surveyor').length + 10 * crossed;
  const fences = cards.map(([, e], i) => (e === 'surveyor' ? i : -1)).filter((i) => i >= 0);
  return fences.length < 2 ? 0 : fences[fences.length - 1] - fences[0] - 1;
}

/**
 * The first crossing of the game, checked closely: the prompt, one button per open bonus, the
 * bonuses as targets on the sheet, the keyboard, and the restart that undoes it.
 */
async function firstCrossing(page) {
  assert.equal(await page.textContent('#cross-prompt'), 'A Validation card came up: cross off one open end-of-route bonus');
  const offered = await page.locator('#controls [data-cross]').evaluateAll((bs) => bs.map((b) => [Number(b.dataset.cross), b.textContent]));
  assert.ok(offered.length >= 1);
  for (const [s, text] of offered) {
    assert.equal(text, `Street ${s} bonus`);
    // the same bonus can be crossed off on the sheet, where it is still open
    assert.match(await page.getAttribute(`#my-sheet .target[data-key="b:${s}"]`, 'aria-label'), new RegExp(`^Street ${s}, end-of-route bonus .*: open.*Cross off the street ${s} bonus\\.$`));
  }
  // nothing is placed before the crossing: the cards wait
  assert.equal(await page.locator('#controls button.card:enabled').count(), 0);
  assert.equal(await page.locator('#my-sheet .target[data-key^="h:"]').count(), 0);
  // the keyboard is on the first button: Enter crosses that bonus off
  const [first] = offered[0];
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.cross), String(first));
  await page.keyboard.press('Enter');
  assert.equal(await stageOf(page), 'place');
  assert.match(await page.getAttribute(`#my-sheet [data-bonus="${first}"]`, 'aria-label'), /: crossed off$/);
  assert.match(await page.textContent('#controls'), new RegExp(`Street ${first} bonus crossed off`));
  // the restart undoes it, and the bonus is open again
  await page.click('[data-action="restart"]');
  assert.equal(await stageOf(page), 'cross');
  assert.match(await page.getAttribute(`#my-sheet [data-bonus="${first}"]`, 'aria-label'), /: open/);
  // this time on the sheet, the last one offered
  const [last] = offered[offered.length - 1];
  await page.click(`#my-sheet .target[data-key="b:${last}"]`);
  if (await stageOf(page) === 'cross') return last; // a second Validation card: playTurn goes on
  assert.match(await page.getAttribute(`#my-sheet [data-bonus="${last}"]`, 'aria-label'), /: crossed off$/);
  return last;
}

for (const t of SHEETS) {
  test(`AAA solo on the collector ${t.sheet} sheet: a whole game, and both scores add up`, { timeout: 60000 }, async () => {
    const errors = [];
    const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
    try {
      await page.goto(`${BASE}/`);
      await page.fill('#name', 'Ada');
      await page.selectOption('#edition', 'collector');
      await page.selectOption('#mode', 'solo');
      // the lobby lists the expansion sheets, each marked for its stand-in values
      const options = await page.locator('#sheet option').evaluateAll((os) => Object.fromEntries(os.map((o) => [o.value, o.textContent])));
      for (const s of SHEETS) assert.equal(options[s.sheet], `${s.name} (placeholder values)`);
      await page.selectOption('#sheet', t.sheet);
      const note = await page.getAttribute('#sheet-note .mark.placeholder', 'title');
      assert.match(note, t.values);
      if (t.layout) assert.match(note, t.layout);
      await page.selectOption('#aaa-level', '1');
      await page.click('#create');
      await page.waitForURL(/\/t\/[^/]+$/);
      await page.waitForSelector('#aaa-panel');
      assert.match(await page.textContent('#table-kind'), new RegExp(`Solo · ${t.name}`));
      // the table's head marks the sheet's stand-ins; its plan C carries its own mark
      const head = await page.getAttribute('#table-kind .mark.placeholder', 'title');
      if (t.layout) assert.match(head, t.layout);
      assert.doesNotMatch(head, /plan C values/);
      // plan C is one of the sheet's own cards: its name, its text, and its sheet's stand-in mark
      const name = await page.getAttribute('.plan[data-plan="3"] [data-card-name]', 'data-card-name');
      assert.match(name, t.plan);
      const mark = await page.getAttribute('.plan[data-plan="3"] .mark.placeholder', 'title');
      assert.match(mark, t.values);
      assert.doesNotMatch(mark, /basic plans/);
      assert.match(await page.getAttribute('.plan[data-plan="1"] .mark.placeholder', 'title'), /basic plans|advanced plan values/);
      // the sheet's row is in the AAA's score from the start
      assert.equal(await page.textContent(`#aaa-score tr[data-row="${t.row}"] th`).then((x) => x.startsWith(t.label)), true);
      if (t.sheet === 'atomic-war') {
        // every shelter is drawn on its house, split with the AAA, whose halves start at 20/30/30
        await page.waitForSelector('#my-sheet .shelter');
        const start = await shelters(page, '#my-sheet');
        assert.equal(start.marks.length, 11);
        assert.deepEqual(start.marks.map((m) => m.aaa), SETUP_HALVES);
        assert.ok(start.marks.every((m) => m.mine === null));
        assert.deepEqual(await page.locator('#my-sheet .shelter .shelter-aaa').allTextContents(), ['20', '30', '30']);
        assert.deepEqual(start.streets, [[0, 20], [0, 30], [0, 30]]);
        assert.deepEqual(start.totals, { mine: 0, aaa: 80 });
        assert.match(await page.getAttribute('#my-sheet [data-capacity-street="2"]', 'aria-label'), /^Street 2, shelter capacity 0, the AAA's 30$/);
        assert.match(await page.getAttribute('#my-sheet .house:has([data-shelter="1,2"])', 'aria-label'), /house 2, .*empty shelter, the AAA's half 20/);
      }

      let turns = 0;
      let crossings = 0;
      const crossed = new Set();
      for (let i = 0; i < 60; i++) {
        if (await page.locator('#results').count()) break;
        const r = await currentRound(page);
        if (await stageOf(page) === 'cross') {
          assert.equal(t.sheet, 'ice-cream', 'only Ice Cream asks for a crossing');
          crossings++;
          if (crossings === 1) crossed.add(await firstCrossing(page));
        }
        const did = await playTurn(page, { useEffect: i % 2 === 0 });
        for (const m of did.matchAll(/cross (\d)/g)) crossed.add(Number(m[1]));
        turns++;
        await waitNextRound(page, r);
      }
      await page.waitForSelector('#results', { timeout: 20000 });
      assert.ok(turns >= 10, `played ${turns} turns`);

      // the player's rows add up to the total, the sheet's own rows among them
      const { cells, total } = await breakdown(page);
      for (const id of t.rows || [t.row]) assert.ok(Number.isInteger(cells[id]), `${id}: ${cells[id]}`);
      assert.equal(Object.values(cells).reduce((a, b) => a + b, 0), total);
      assert.equal(Number(await page.textContent('#aaa-mine')), total);

      // the AAA's rows add up to its total, its sheet row labelled as the sheet labels it
      const aaa = await aaaRows(page);
      assert.equal(aaa.rows.reduce((a, [, , p]) => a + p, 0), aaa.total);
      assert.equal(Number(await page.textContent('#aaa-theirs')), aaa.total);
      const row = aaa.rows.find(([id]) => id === t.row);
      assert.ok(row, `the AAA's ${t.row} row: ${JSON.stringify(aaa.rows)}`);
      assert.equal(row[1], t.label);
      assert.ok(row[3].length > 0, 'the row says how it is counted');
      assert.equal(await page.textContent(`#aaa-score tr[data-row="${t.row}"] .row-detail`), row[3]);
      if (t.sheet === 'ice-cream') {
        assert.ok(crossings >= 1, `a Validation card came up in ${turns} turns`);
        // every bonus crossed off shows so on the player's sheet, and the AAA counts 10 for it
        const lost = await page.locator('#other-sheet [data-bonus]').evaluateAll((gs) => gs.filter((g) => /: crossed off$/.test(g.getAttribute('aria-label'))).map((g) => Number(g.dataset.bonus)));
        assert.deepEqual(lost.sort(), [...crossed].sort());
        assert.match(row[3], new RegExp(`, ${lost.length} of your bonuses crossed off$`));
        assert.match(await page.textContent('#lower'), /crossed off the street \d bonus/);
      }
      if (t.sheet === 'atomic-war') {
        // the capacities drawn at the end: the shelters' halves add up to their streets, and
        // both scores are what those capacities win
        const end = await shelters(page, '#other-sheet');
        assert.equal(end.marks.length, 11);
        end.streets.forEach(([mine, theirs], s) => {
          const inStreet = end.marks.filter((m) => m.house.startsWith(`${s + 1},`));
          assert.equal(inStreet.reduce((a, m) => a + m.aaa, 0), theirs, `street ${s + 1}`);
          assert.equal(inStreet.reduce((a, m) => a + (m.mine ?? 0), 0), mine, `street ${s + 1}`);
        });
        assert.deepEqual(end.totals, { mine: end.streets.reduce((a, [m]) => a + m, 0), aaa: end.streets.reduce((a, [, x]) => a + x, 0) });
        const points = shelterPoints(end.streets);
        assert.deepEqual({ shelters: cells.shelters, optimism: cells.optimism }, points.player);
        assert.equal(row[2], points.aaa);
        assert.ok(row[3].startsWith(`capacities ${end.streets.map(([, x]) => x).join(', ')} (total ${end.totals.aaa})`), row[3]);
        console.log(`atomic-war: AAA halves ${end.marks.map((m) => m.aaa).join(' ')}`);
      } else {
        assert.equal(row[2], expectedSheetRow(t.sheet, await pile(page), crossed.size));
      }
      console.log(`${t.sheet}: ${turns} turns, ${crossings} crossings, you ${total} — AAA ${aaa.total} (${t.row} ${row[2]})`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

test('companion: on the collector Ice Cream sheet a Validation card makes the next turn cross a bonus', { timeout: 30000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    page.on('dialog', (d) => d.accept());
    await page.goto(`${BASE}/companion`);
    await page.waitForSelector('#c-edition');
    await page.selectOption('#c-edition', 'collector');
    await page.selectOption('#c-sheet', 'ice-cream');
    await page.selectOption('#c-kind', 'hand');
    await page.waitForSelector('#companion-aaa #aaa-score tr[data-row="ice-cream"]');
    // plan C is the sheet's own, named and marked from the sheet's provenance
    assert.match(await page.locator('#plan-3 option').first().textContent(), /^IC-C1: /);
    assert.match(await page.getAttribute('[data-plan-values="3"] .mark.placeholder', 'title'), /plan C values IC-C1–IC-C5/);
    // a Validation card: the next turn owes a crossing, and starts with it
    await page.click('#c-validation-b');
    await page.waitForSelector('#c-owed');
    await page.fill('#c-quick', '5s 9p 12t');
    await page.click('#c-go');
    await page.waitForSelector('#controls[data-stage="cross"][aria-busy="false"]');
    assert.deepEqual(await page.locator('#controls [data-cross]').allTextContents(), ['Street 1 bonus', 'Street 2 bonus', 'Street 3 bonus']);
    await page.click('#controls [data-cross="2"]');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    await page.click('#controls button.card[data-card="1"]');
    await page.click('#controls button.card[data-card="2"]');
    await page.locator('#companion-sheet .target').first().click();
    await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"],[data-stage="finish"])');
    if ((await page.getAttribute('#controls', 'data-stage')) === 'effect') await page.click('[data-action="skip-effect"]');
    await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    // the bonus stays crossed off, nothing more is owed, and the AAA counts 10 for it
    assert.match(await page.getAttribute('#companion-sheet [data-bonus="2"]', 'aria-label'), /: crossed off$/);
    assert.match(await page.getAttribute('#companion-sheet [data-bonus="1"]', 'aria-label'), /: open/);
    await page.waitForFunction(() => !document.querySelector('#c-owed') && document.querySelector('#aaa-pile-count')?.textContent === '1');
    const row = page.locator('#aaa-score tr[data-row="ice-cream"]');
    assert.equal(await row.locator('td').textContent(), '11');
    assert.equal(await row.getAttribute('title'), '1 card other than a Surveyor, 1 of your bonuses crossed off');
    // the AAA's rows add up to its total
    const aaa = await aaaRows(page);
    assert.equal(aaa.rows.reduce((a, [, , p]) => a + p, 0), aaa.total);
    // the undo takes the turn back: the crossing is owed again
    await page.click('#undo-round');
    await page.waitForSelector('#c-owed');
    assert.match(await page.getAttribute('#companion-sheet [data-bonus="2"]', 'aria-label'), /: open/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('companion: on the collector Atomic War sheet a Validation card builds the AAA\'s shelter', { timeout: 30000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    page.on('dialog', (d) => d.accept());
    await page.goto(`${BASE}/companion`);
    await page.waitForSelector('#c-edition');
    await page.selectOption('#c-edition', 'collector');
    await page.selectOption('#c-sheet', 'atomic-war');
    await page.selectOption('#c-kind', 'hand');
    await page.waitForSelector('#companion-aaa #aaa-score tr[data-row="shelters"]');
    // the AAA's halves as the server sets them up
    await page.waitForSelector('#companion-sheet .shelter[data-aaa]');
    assert.deepEqual((await shelters(page, '#companion-sheet')).marks.map((m) => m.aaa), SETUP_HALVES);
    // a turn: 5 written, 9 for its action, the 12 goes to the AAA
    await page.fill('#c-quick', '5s 9p 12t');
    await page.click('#c-go');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    await page.click('#controls button.card[data-card="1"]');
    await page.click('#controls button.card[data-card="2"]');
    await page.locator('#companion-sheet .target').first().click();
    await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"],[data-stage="finish"])');
    if ((await page.getAttribute('#controls', 'data-stage')) === 'effect') await page.click('[data-action="skip-effect"]');
    await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
    await page.click('[data-action="confirm"]');
    await page.waitForFunction(() => document.querySelector('#aaa-pile-count')?.textContent === '1');
    // Validation card A: the AAA builds 12, the highest of its last cards, in street 1
    await page.click('#c-validation-a');
    await page.waitForSelector('#companion-sheet [data-shelter="1,5"][data-aaa="12"]');
    const built = await shelters(page, '#companion-sheet');
    assert.deepEqual(built.marks.map((m) => m.aaa), [20, 12, 0, 30, 0, 0, 0, 30, 0, 0, 0]);
    assert.deepEqual(built.streets.map(([, x]) => x), [32, 30, 30]);
    await page.waitForFunction(() => /^capacities 32, 30, 30 \(total 92\)/.test(document.querySelector('#aaa-score tr[data-row="shelters"]')?.getAttribute('title') || ''));
    // the halves are kept: a reload sends them back and shows them again
    await page.reload();
    await page.waitForSelector('#companion-sheet [data-shelter="1,5"][data-aaa="12"]');
    assert.match(await page.getAttribute('#aaa-score tr[data-row="shelters"]', 'title'), /^capacities 32, 30, 30 \(total 92\)/);
    // the undo takes the card back: the AAA's half is empty again
    await page.click('#undo-round');
    await page.waitForSelector('#companion-sheet [data-shelter="1,5"][data-aaa="0"]');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
