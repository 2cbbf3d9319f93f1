// The collector edition's American Dream sheet against the AAA, played to the end by clicking:
// the sheet is a grid of five streets of seven houses, each house named with its family, a
// bonus at the end of each street and at the foot of each column, and none of the Classic
// tracks; a turn is a number and its house, then plans (no action stage); a house written with
// its family's action is ringed as perfect; each Validation card has the player cross off a
// street bonus and two column bonuses (named buttons, the keyboard, a tap on the sheet); at the
// end the score rows shown add up to the total, the columns and streets rows are what the grid
// shows, and the AAA's rows add up to its own. Then the companion: a perfect house, and the
// crossing a Validation card asks for.
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

/** The AAA's score table: its rows [id, label, points, detail] and its total. */
async function aaaRows(page) {
  const rows = await page.locator('#aaa-score tr[data-row]').evaluateAll((trs) => trs.map((tr) => [
    tr.dataset.row, tr.querySelector('th').firstChild.textContent, Number(tr.querySelector('td').textContent), tr.getAttribute('title') || '']));
  const total = rows.find(([id]) => id === 'total')[2];
  return { rows: rows.filter(([id]) => id !== 'total'), total };
}

/** The grid as drawn in `sheet`: houses ("s,h" → {family, state, ringed, label}) and bonuses. */
async function grid(page, sheet) {
  const houses = Object.fromEntries(await page.locator(`${sheet} [data-house]`).evaluateAll((gs) => gs.map((g) => [g.dataset.house, {
    family: g.dataset.family, state: g.dataset.state, ringed: !!g.querySelector('.perfect-ring'), label: g.getAttribute('aria-label') }])));
  const states = (attr) => page.locator(`${sheet} [data-${attr}]`).evaluateAll((gs, a) => gs.map((g) => g.getAttribute(`data-${a}`) && g.dataset.state), attr);
  return { houses, streets: await states('street-bonus'), columns: await states('column-bonus') };
}

/** The action of hand card `n` as its button shows it (its effect's name). */
async function cardAction(page, n) {
  const short = { Surveyor: 'surveyor', 'Real Estate Agent': 'real-estate', Landscaper: 'landscaper', 'Pool Manufacturer': 'pool', 'Temp Agency': 'temp', Bis: 'bis' };
  return short[(await page.textContent(`#controls button.card[data-card="${n}"] .eff span`)).trim()];
}

/**
 * The first turn, by hand: cards 1 and 2, a house of card 2's family when the number fits one
 * (it turns perfect), then straight to the plans and the confirmation.
 */
async function firstTurn(page) {
  assert.equal(await stageOf(page), 'place');
  await page.click('#controls button.card[data-card="1"]');
  assert.equal(await page.textContent('#controls .step h3'), 'Choose the action card');
  await page.click('#controls button.card[data-card="2"]');
  const action = await cardAction(page, 2);
  await page.waitForSelector('#my-sheet .target[data-key^="h:"]');
  assert.match(await page.textContent('#controls .step'), /A house of the .* family \(\w+\) becomes perfect \(circled\) with this number; no action is used\./);
  const fits = page.locator(`#my-sheet .target[data-family="${action}"]`);
  const target = (await fits.count()) ? fits.first() : page.locator('#my-sheet .target[data-key^="h:"]').first();
  const house = await target.getAttribute('data-house');
  const expected = (await target.getAttribute('data-family')) === action;
  await target.click();
  const chooser = page.locator('.chooser button');
  if (await chooser.count()) await chooser.first().click();
  // no action stage: the number is the whole build
  assert.equal(await stageOf(page), 'finish');
  const [s, h] = house.split(',');
  const perfect = (await page.getAttribute(`#my-sheet [data-house="${house}"]`, 'data-state')) === 'perfect';
  assert.equal(perfect, expected);
  assert.match(await page.textContent('#controls .step'), new RegExp(`Street ${s} house ${h} is ${perfect ? 'perfect \\(circled\\)' : 'a normal house'}`));
  assert.equal(await page.locator(`#my-sheet [data-house="${house}"] .perfect-ring`).count(), perfect ? 1 : 0);
  assert.equal(await page.locator('[data-action="skip-effect"], [data-action="use-effect"]').count(), 0);
  const r = await currentRound(page);
  await page.click('[data-action="confirm"]');
  await waitNextRound(page, r);
  return perfect;
}

/**
 * The first crossing of the game, checked closely: a street bonus first (one named button per
 * open street, the keyboard on the first, Enter crosses it off), then the column bonuses (one
 * tapped on the sheet, one by its button; the keyboard stays on the choice). Returns the items
 * crossed off; a second Validation card, or fewer bonuses open, leaves the rest to playTurn.
 */
async function firstCrossing(page) {
  const offered = () => page.locator('#controls [data-cross]').evaluateAll((bs) => bs.map((b) => [Number(b.dataset.cross), b.textContent, b.dataset.crossKind]));
  const crossed = [];
  assert.match(await page.textContent('#controls .cross-choices'), /Each Validation card has you cross off 1 street bonus and 2 column bonuses still open, before you play \(.+ to go\)/);
  // nothing is played before the crossing, and the keyboard is on the first button
  assert.equal(await page.locator('#controls button.card:enabled').count(), 0);
  assert.equal(await page.locator('#my-sheet .target[data-key^="h:"]').count(), 0);
  let items = await offered();
  assert.ok(items.length >= 1);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.cross), String(items[0][0]));
  if (items[0][2] === 'street') {
    assert.equal(await page.textContent('#cross-prompt'), 'A Validation card came up: cross off a street bonus');
    for (const [s, text, kind] of items) {
      assert.deepEqual([text, kind], [`Street ${s} bonus (10)`, 'street']);
      assert.match(await page.getAttribute(`#my-sheet .target[data-key="b:${s}"]`, 'aria-label'), new RegExp(`^Street ${s} bonus: 10 points .*; open\. Cross off the street ${s} bonus\.$`));
    }
    await page.keyboard.press('Enter');
    crossed.push(items[0][0]);
    if (await stageOf(page) !== 'cross') return crossed;
    await page.waitForSelector(`#my-sheet [data-street-bonus="${items[0][0]}"][data-state="lost"]`);
    items = await offered();
    if (items[0][2] !== 'column') return crossed;
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.cross), String(items[0][0]));
  }
  // the columns: column c is item 5 + c
  assert.equal(await page.textContent('#cross-prompt'), 'A Validation card came up: cross off a column bonus');
  for (const [item, text] of items) assert.equal(text, `Column ${item - 5} bonus (×2)`);
  const [tapped] = items[items.length - 1];
  await page.click(`#my-sheet .target[data-key="k:${tapped - 5}"]`);
  crossed.push(tapped);
  if (await stageOf(page) !== 'cross') return crossed;
  await page.waitForSelector(`#my-sheet [data-column-bonus="${tapped - 5}"][data-state="lost"]`);
  items = await offered();
  if (items[0][2] !== 'column') return crossed;
  await page.click(`#controls [data-cross="${items[0][0]}"]`);
  crossed.push(items[0][0]);
  if (await stageOf(page) === 'cross') return crossed;
  assert.equal(await stageOf(page), 'place');
  const said = crossed.map((x) => (x <= 5 ? `Street ${x}` : `Column ${x - 5}`)).join(' bonus crossed off.*');
  assert.match(await page.textContent('#controls'), new RegExp(`${said} bonus crossed off`));
  return crossed;
}

test('AAA solo on the collector American Dream sheet: the grid, no action stage, crossings, and the scores add up', { timeout: 150000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Ada');
    await page.selectOption('#edition', 'collector');
    await page.selectOption('#mode', 'solo');
    await page.selectOption('#sheet', 'american-dream');
    // never played with the Advanced variant
    assert.equal(await page.isDisabled('#advanced'), true);
    await page.selectOption('#aaa-level', '1');
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    await page.waitForSelector('#aaa-panel');
    assert.match(await page.getAttribute('.plan[data-plan="3"] [data-card-name]', 'data-card-name'), /^AD-C[1-3]$/);
    // the AAA scores its plans and the sheet's two rows, nothing of the Classic tracks
    assert.deepEqual((await aaaRows(page)).rows.map(([id, label]) => [id, label]), [['plans', 'Plans'], ['columns', 'Columns'], ['streets', 'Streets']]);

    // the grid: 35 houses named with their family, 5 street and 7 column bonuses, all open
    await page.waitForSelector('#my-sheet svg.sheet.grid [data-house]');
    const start = await grid(page, '#my-sheet');
    assert.equal(Object.keys(start.houses).length, 35);
    assert.equal(start.houses['1,1'].label, 'Street 1, house 1, family: Landscaper (green), empty, accepts 0 to 17');
    assert.match(start.houses['5,7'].label, /^Street 5, house 7, family: Pool Manufacturer \(blue\), empty/);
    assert.ok(Object.values(start.houses).every((x) => x.state === 'empty' && x.family), JSON.stringify(start.houses));
    assert.deepEqual(start.streets, Array(5).fill('open'));
    assert.deepEqual(start.columns, Array(7).fill('open'));
    assert.equal(await page.getAttribute('#my-sheet [data-column-bonus="3"]', 'aria-label'), 'Column 3 bonus: its points ×2 to the first to complete the column; open');
    assert.equal(await page.locator('#my-sheet [data-family-key]').count(), 6);
    // no Classic track, nothing printed for one
    assert.equal(await page.locator('#my-sheet :is(.parks, .pool, .fence-slot, .top-fence, .estate-col, .temp-box)').count(), 0);
    assert.doesNotMatch(await page.innerHTML('#my-sheet'), /of -1|undefined|NaN/);
    assert.deepEqual(await page.locator('#my-sheet .lower [data-row]').evaluateAll((gs) => gs.map((g) => g.dataset.row)), ['plans', 'columns', 'streets', 'refusals']);

    const firstPerfect = await firstTurn(page);
    let turns = 1;
    let crossings = 0;
    const crossed = new Set();
    for (let i = 0; i < 60; i++) {
      if (await page.locator('#results').count()) break;
      const r = await currentRound(page);
      if (await stageOf(page) === 'cross') {
        crossings++;
        if (crossings === 1) for (const x of await firstCrossing(page)) crossed.add(x);
      }
      const did = await playTurn(page, {});
      for (const m of did.matchAll(/cross (\d+)/g)) crossed.add(Number(m[1]));
      turns++;
      await waitNextRound(page, r);
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    assert.ok(turns >= 10, `played ${turns} turns`);
    assert.ok(crossings >= 1, `a Validation card came up in ${turns} turns`);

    // the final sheet: every perfect house ringed; the bonuses crossed off show so
    const end = await grid(page, '#other-sheet');
    for (const [at, x] of Object.entries(end.houses)) assert.equal(x.ringed, x.state === 'perfect', at);
    const lost = [...end.streets.map((x, s) => (x === 'lost' ? s + 1 : 0)), ...end.columns.map((x, c) => (x === 'lost' ? 6 + c : 0))].filter(Boolean);
    assert.deepEqual(lost.sort((a, b) => a - b), [...crossed].sort((a, b) => a - b));

    // the rows add up to the total shown; columns and streets are what the grid shows: a
    // complete column 1 per normal and 3 per perfect house, ×2 with its bonus circled; 10 per
    // street bonus circled
    const { cells, total } = await breakdown(page);
    assert.deepEqual(Object.keys(cells), ['plans', 'columns', 'streets', 'refusals']);
    assert.equal(Object.values(cells).reduce((a, b) => a + b, 0), total);
    assert.equal(Number(await page.textContent('#other-sheet .column-total .grand-total-val')), total);
    assert.equal(Number(await page.textContent('#aaa-mine')), total);
    let columns = 0;
    for (let c = 1; c <= 7; c++) {
      const houses = [1, 2, 3, 4, 5].map((s) => end.houses[`${s},${c}`]);
      if (houses.some((x) => x.state === 'empty')) continue;
      columns += houses.reduce((a, x) => a + (x.state === 'perfect' ? 3 : 1), 0) * (end.columns[c - 1] === 'won' ? 2 : 1);
    }
    assert.equal(cells.columns, columns);
    assert.equal(cells.streets, 10 * end.streets.filter((x) => x === 'won').length);
    // the AAA: its rows add up, and its streets row is 10 per street bonus crossed off
    const aaa = await aaaRows(page);
    assert.equal(aaa.rows.reduce((a, [, , p]) => a + p, 0), aaa.total);
    assert.equal(Number(await page.textContent('#aaa-theirs')), aaa.total);
    assert.equal(aaa.rows.find(([id]) => id === 'streets')[2], 10 * end.streets.filter((x) => x === 'lost').length);
    // the log tells the crossings, and no action is said to be unused
    assert.match(await page.textContent('#lower'), /crossed off the (street|column) \d bonus/);
    assert.doesNotMatch(await page.textContent('#lower'), /not used|temp [±+−]/);
    const perfect = Object.values(end.houses).filter((x) => x.state === 'perfect').length;
    console.log(`american dream: ${turns} turns (the first ${firstPerfect ? 'perfect' : 'normal'}), ${crossings} crossings, ${perfect} perfect houses; you ${total} (columns ${cells.columns}, streets ${cells.streets}) — AAA ${aaa.total}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('companion: American Dream, a perfect house and the bonuses a Validation card crosses off', { timeout: 40000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    page.on('dialog', (d) => d.accept());
    await page.goto(`${BASE}/companion`);
    await page.waitForSelector('#c-edition');
    await page.selectOption('#c-edition', 'collector');
    await page.selectOption('#c-sheet', 'american-dream');
    await page.selectOption('#c-kind', 'hand');
    await page.waitForSelector('#companion-aaa #aaa-score tr[data-row="streets"]');
    assert.equal(await page.locator('#companion-sheet [data-house]').count(), 35);
    // no temps on this sheet: none asked of the other players; never the Advanced variant
    assert.equal(await page.locator('#c-others').count(), 0);
    assert.equal(await page.isDisabled('#c-advanced'), true);
    assert.doesNotMatch(await page.textContent('[aria-labelledby="setup-h"]'), /null|undefined|NaN/);
    // 5 with the Pool card in street 1 house 4, a pool house: perfect, nothing more to do
    await page.fill('#c-quick', '5s 9p 12t');
    await page.click('#c-go');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    await page.click('#controls button.card[data-card="1"]');
    await page.click('#controls button.card[data-card="2"]');
    await page.click('#companion-sheet .target[data-key="h:1:4"]');
    assert.equal(await stageOf(page), 'finish');
    assert.match(await page.textContent('#controls .step'), /Street 1 house 4 is perfect \(circled\): numbered with its family's action, Pool Manufacturer\./);
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    await page.waitForSelector('#companion-sheet [data-house="1,4"][data-state="perfect"] .perfect-ring');
    // a Validation card: the next turn starts with a street bonus and two column bonuses
    await page.click('#c-validation-a');
    await page.waitForSelector('#c-owed');
    assert.equal(await page.textContent('#c-owed'), 'Your next turn starts by crossing off 1 street bonus and 2 column bonuses (a Validation card came up).');
    await page.fill('#c-quick', '6s 10l 13t');
    await page.click('#c-go');
    assert.equal(await stageOf(page), 'cross');
    assert.deepEqual(await page.locator('#controls [data-cross]').allTextContents(), [1, 2, 3, 4, 5].map((s) => `Street ${s} bonus (10)`));
    await page.click('#controls [data-cross="3"]');
    assert.equal(await stageOf(page), 'cross');
    assert.equal(await page.locator('#controls [data-cross]').count(), 7);
    await page.click('#controls [data-cross="6"]');
    assert.equal(await stageOf(page), 'cross');
    await page.click('#companion-sheet .target[data-key="k:7"]');
    assert.equal(await stageOf(page), 'place');
    await page.click('#controls button.card[data-card="1"]');
    await page.click('#controls button.card[data-card="2"]');
    await page.click('#companion-sheet .target[data-key="h:1:5"]');
    assert.equal(await stageOf(page), 'finish');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    const after = await grid(page, '#companion-sheet');
    assert.deepEqual(after.streets, ['open', 'open', 'lost', 'open', 'open']);
    assert.deepEqual(after.columns, ['lost', 'open', 'open', 'open', 'open', 'open', 'lost']);
    assert.equal(after.houses['1,5'].state, 'perfect');
    await page.waitForFunction(() => !document.querySelector('#c-owed') && document.querySelector('#aaa-score tr[data-row="streets"] td')?.textContent === '10');
    // the undo takes the turn back: the crossing is owed again
    await page.click('#undo-round');
    await page.waitForSelector('#c-owed');
    assert.equal(await page.getAttribute('#companion-sheet [data-street-bonus="3"]', 'data-state'), 'open');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
