// The collector edition's Halloween sheet against the AAA, played to the end by clicking: every
// ghost/candy house numbered asks for its ghost or its candy (two buttons naming the house, the
// keyboard on the first), the ghost tier of 6 is claimed with its Extension bonus (a copy that
// crosses no box, whose house may ask for its own circle), a candy tier when one is offered, and
// at the end the player's rows — candies among them — and the AAA's rows add up on screen, the
// candies row being the claimed candy tier's points and the AAA's 4 per tier crossed off.
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

/** The ghosts and candies circled on a drawn sheet, by house, and the counts over the tiers. */
async function treats(page, sheet) {
  const marks = await page.locator(`${sheet} .treats`).evaluateAll((gs) => gs.map((g) => [g.dataset.gc, g.dataset.treat, g.dataset.state]));
  const counts = await page.locator(`${sheet} [data-treat-count]`).evaluateAll((gs) => Object.fromEntries(gs.map((g) => [g.dataset.treatCount, Number(g.dataset.value)])));
  const tiers = await page.locator(`${sheet} .tier[data-tier]`).evaluateAll((gs) => Object.fromEntries(gs.map((g) => [g.dataset.tier, g.dataset.state])));
  return { marks, counts, tiers };
}

/** The AAA's score table: its rows (id → [label, points, detail]) and its total. */
async function aaaRows(page) {
  const rows = await page.locator('#aaa-score tr[data-row]').evaluateAll((trs) => trs.map((tr) => [
    tr.dataset.row, tr.querySelector('th').firstChild.textContent, Number(tr.querySelector('td').textContent), tr.getAttribute('title') || '']));
  const total = rows.find(([id]) => id === 'total')[2];
  return { rows: rows.filter(([id]) => id !== 'total'), total };
}

/**
 * The circle a player aiming at the ghost tier of 6, then at a candy tier, makes: ghosts up to 6
 * (never past it within a turn, since a tier needs an exact count at the end of the turn), then
 * candies up to 4 once the ghost tier is held, then ghosts again.
 */
async function aim(page) {
  const { counts, tiers } = await treats(page, '#my-sheet');
  const held = Object.entries(tiers).some(([id, state]) => id.startsWith('ghost') && state === 'won');
  if (!held) return counts.ghost < 6 ? 'ghost' : 'candy';
  return counts.candy < 4 ? 'candy' : 'ghost';
}

test('AAA solo on the collector Halloween sheet: circles, a ghost tier with its bonus, and both scores add up', { timeout: 90000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Ada');
    await page.selectOption('#edition', 'collector');
    await page.selectOption('#mode', 'solo');
    assert.equal(await page.textContent('#sheet option[value="halloween"]'), 'Halloween (placeholder values)');
    await page.selectOption('#sheet', 'halloween');
    await page.selectOption('#aaa-level', '1');
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    await page.waitForSelector('#aaa-panel');
    assert.match(await page.getAttribute('.plan[data-plan="3"] [data-card-name]', 'data-card-name'), /^HAL-C[1-5]$/);
    assert.equal(await page.textContent('#aaa-score tr[data-row="candies"] th').then((x) => x.startsWith('Candies')), true);

    // the 13 ghost/candy houses are drawn, none circled, and the six tiers are open
    await page.waitForSelector('#my-sheet .treats');
    const start = await treats(page, '#my-sheet');
    assert.equal(start.marks.length, 13);
    assert.ok(start.marks.every(([, t, state]) => t === '' && state === 'open'));
    assert.deepEqual(start.counts, { ghost: 0, candy: 0 });
    assert.deepEqual(start.tiers, { 'ghost-4': 'open', 'ghost-6': 'open', 'ghost-9': 'open', 'candy-4': 'open', 'candy-6': 'open', 'candy-9': 'open' });
    assert.match(await page.getAttribute('#my-sheet [data-tier="ghost-6"]', 'aria-label'), /^Ghost tier 6: gives 2 pool bonuses or 1 Extension bonus; open$/);
    assert.match(await page.getAttribute('#my-sheet [data-tier="candy-9"]', 'aria-label'), /^Candy tier 9: scores 15; open$/);
    assert.match(await page.getAttribute('#my-sheet .house:has([data-gc="1,2"])', 'aria-label'), /house 2, .*ghost and candy, neither circled yet/);

    // the first ghost/candy house numbered asks for its circle, with the keyboard on the ghost
    let asked = false;
    let turns = 0;
    let claimed = null;
    let bonus = null;
    let candyTier = null;
    const circles = [];
    for (let i = 0; i < 60; i++) {
      if (await page.locator('#results').count()) break;
      const r = await currentRound(page);
      if (!asked) {
        asked = await firstCircle(page);
        if (asked) circles.push('ghost');
      }
      const did = await playTurn(page, {
        useEffect: i % 2 === 0,
        prefer: /ghost and candy, neither circled yet/,
        treat: aim,
        tier: claimed ? '[data-tier^="candy"]' : '[data-tier="ghost-6"][data-option="2"]',
      });
      for (const m of did.matchAll(/ \+ (ghost|candy)\b/g)) circles.push(m[1]);
      const tier = did.match(/ \+ tier (\S+)/);
      if (tier && tier[1].startsWith('ghost')) claimed = tier[1];
      if (tier && tier[1].startsWith('candy')) candyTier = tier[1];
      const used = did.match(/ \+ bonus (\S+)/);
      if (used) bonus = used[1];
      turns++;
      await waitNextRound(page, r);
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    assert.ok(turns >= 10, `played ${turns} turns`);
    assert.ok(asked, 'a ghost/candy house asked for its circle');
    assert.equal(claimed, 'ghost-6/2', `the ghost tier of 6 was claimed (circles: ${circles.join(' ')})`);
    assert.ok(bonus && bonus.startsWith('h:'), `the Extension bonus was written on a house: ${bonus}`);

    // the final sheet: what was circled, the tiers, the bonus Extension that crossed no box
    const end = await treats(page, '#other-sheet');
    const ghosts = end.marks.filter(([, t]) => t === 'ghost').length;
    const candies = end.marks.filter(([, t]) => t === 'candy').length;
    assert.deepEqual(end.counts, { ghost: ghosts, candy: candies });
    assert.equal(ghosts + candies, circles.length, `circles: ${circles.join(' ')}`);
    assert.equal(end.tiers['ghost-6'], 'won');
    assert.match(await page.getAttribute('#other-sheet [data-tier="ghost-6"]', 'aria-label'), /circled, option 2 taken \(1 Extension bonus\)$/);
    for (const [id, state] of Object.entries(end.tiers)) {
      if (id !== 'ghost-6' && id !== candyTier) assert.notEqual(state, 'won', id);
    }
    const [, bs, bh] = bonus.split(':');
    assert.match(await page.getAttribute(`#other-sheet .house[aria-label^="Street ${bs}, house ${bh},"]`, 'aria-label'), /^Street \d+, house \d+, \d+ bis/);
    // a copy on a ghost/candy house asked for its own circle
    const onTreat = end.marks.some(([k]) => k === `${bs},${bh}`);
    if (onTreat) assert.match(await page.textContent('#lower'), new RegExp(`Extension copy from street \\d house \\d+ to street ${bs} house ${bh}, its (ghost|candy) circled`));

    // the player's rows add up to the total; the candies row is the claimed candy tier's points
    const { cells, total } = await breakdown(page);
    assert.ok(Number.isInteger(cells.candies), `candies: ${cells.candies}`);
    assert.equal(Object.values(cells).reduce((a, b) => a + b, 0), total);
    assert.equal(Number(await page.textContent('#aaa-mine')), total);
    const points = { 'candy-4': 5, 'candy-6': 10, 'candy-9': 15 };
    const held = Object.entries(end.tiers).find(([id, state]) => id.startsWith('candy') && state === 'won');
    assert.equal(cells.candies, held ? points[held[0]] : 0);
    if (candyTier) assert.equal(held[0], candyTier);
    // the sheet's own candies column and total say the same
    assert.match(await page.getAttribute('#other-sheet .column-candies', 'aria-label'), new RegExp(`^Candies: ${cells.candies} points \\(${candies} candies circled; `));
    assert.equal(Number(await page.textContent('#other-sheet .column-total .grand-total-val')), total);

    // the AAA's rows add up to its total; its candies row counts 4 per tier crossed off
    const aaa = await aaaRows(page);
    assert.equal(aaa.rows.reduce((a, [, , p]) => a + p, 0), aaa.total);
    assert.equal(Number(await page.textContent('#aaa-theirs')), aaa.total);
    const row = aaa.rows.find(([id]) => id === 'candies');
    assert.ok(row, `the AAA's candies row: ${JSON.stringify(aaa.rows)}`);
    assert.equal(row[1], 'Candies');
    const lost = Object.values(end.tiers).filter((s) => s === 'lost').length;
    assert.equal(row[2], 4 * lost);
    assert.match(row[3], new RegExp(`^${lost} tiers? crossed off on the player's sheet × 4$`));
    // the log tells the circles and the claim
    assert.match(await page.textContent('#lower'), /circled the (ghost|candy) of street \d house \d+/);
    assert.match(await page.textContent('#lower'), /claimed the 6-ghost tier \(option 2\): Extension copy from street \d house \d+ to street \d house \d+/);
    console.log(`halloween: ${turns} turns, ${ghosts} ghosts, ${candies} candies, tiers ${JSON.stringify(end.tiers)}, bonus ${bonus}; you ${total} — AAA ${aaa.total} (candies ${row[2]})`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/**
 * Plays the turn up to the first circle the game asks for, if this turn asks for one: a
 * ghost/candy house is written, the controls name it and take the keyboard, the house waits on
 * the sheet, and Enter circles its ghost. Returns whether it did; the turn is then finished by
 * playTurn.
 */
async function firstCircle(page) {
  if (await stageOf(page) !== 'place') return false;
  // the number card, then the effect card
  await page.locator('#controls button.card[data-card]:enabled').first().click();
  await page.locator('#controls button.card[data-card][aria-pressed="false"]:enabled').first().click();
  await page.waitForSelector('#my-sheet .target');
  const labels = await page.locator('#my-sheet .target').evaluateAll((els) => els.map((e) => [e.dataset.key, e.getAttribute('aria-label')]));
  const gc = labels.find(([, l]) => /ghost and candy, neither circled yet/.test(l) && /Write \d+ here/.test(l));
  if (!gc) {
    // nothing of the kind this turn: the cards are put back for playTurn
    await page.click('[data-action="restart"]');
    await stageOf(page);
    return false;
  }
  const [, s, h] = gc[0].split(':');
  await page.click(`#my-sheet .target[data-key="${gc[0]}"]`);
  assert.equal(await stageOf(page), 'circle');
  const names = await page.locator('#controls [data-treat]').evaluateAll((bs) => bs.map((b) => [b.dataset.treat, b.getAttribute('aria-label')]));
  assert.deepEqual(names, [['ghost', `Circle the ghost of street ${s} house ${h}`], ['candy', `Circle the candy of street ${s} house ${h}`]]);
  assert.match(await page.textContent('#controls h3'), new RegExp(`^Ghost or candy in street ${s} house ${h}\\?`));
  assert.equal(await page.getAttribute(`#my-sheet [data-gc="${s},${h}"]`, 'data-state'), 'ask');
  // the prompt counts what the sheet shows, the house waiting counting for neither
  const { counts } = await treats(page, '#my-sheet');
  const noun = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  assert.match(await page.textContent('#controls .step'), new RegExp(`So far you have ${noun(counts.ghost, 'ghost', 'ghosts')} and ${noun(counts.candy, 'candy', 'candies')}\\.`));
  // nothing else goes on until it is answered: no effect, no confirm
  assert.equal(await page.locator('[data-action="confirm"]').count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.treat), 'ghost');
  await page.keyboard.press('Enter');
  const next = await stageOf(page);
  assert.ok(['effect', 'finish'].includes(next), next);
  assert.equal(await page.getAttribute(`#my-sheet [data-gc="${s},${h}"]`, 'data-treat'), 'ghost');
  assert.equal(await page.getAttribute('#my-sheet [data-treat-count="ghost"]', 'data-value'), String(counts.ghost + 1));
  return true;
}

test('companion: on the collector Halloween sheet a circle is asked for and a Validation card crosses off its tiers', { timeout: 30000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    page.on('dialog', (d) => d.accept());
    await page.goto(`${BASE}/companion`);
    await page.waitForSelector('#c-edition');
    await page.selectOption('#c-edition', 'collector');
    await page.selectOption('#c-sheet', 'halloween');
    await page.selectOption('#c-kind', 'hand');
    await page.waitForSelector('#companion-aaa #aaa-score tr[data-row="candies"]');
    assert.equal((await treats(page, '#companion-sheet')).marks.length, 13);
    // a turn: 3 written in street 1 house 2 (a ghost/candy house), whose candy is circled
    await page.fill('#c-quick', '3b 5s 12t');
    await page.click('#c-go');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    await page.click('#controls button.card[data-card="1"]');
    await page.click('#controls button.card[data-card="2"]');
    await page.click('#companion-sheet .target[data-key="h:1:2"]');
    await page.waitForSelector('#controls[data-stage="circle"][aria-busy="false"]');
    assert.equal(await page.getAttribute('#controls [data-treat="candy"]', 'aria-label'), 'Circle the candy of street 1 house 2');
    await page.click('#controls [data-treat="candy"]');
    await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"],[data-stage="finish"])');
    if ((await page.getAttribute('#controls', 'data-stage')) === 'effect') await page.click('[data-action="skip-effect"]');
    await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    await page.waitForSelector('#companion-sheet [data-gc="1,2"][data-treat="candy"]');
    assert.deepEqual((await treats(page, '#companion-sheet')).counts, { ghost: 0, candy: 1 });
    // Validation card B: the 6-tiers are crossed off on the sheet, and the AAA counts 4 for each
    await page.click('#c-validation-b');
    await page.waitForSelector('#companion-sheet [data-tier="ghost-6"][data-state="lost"]');
    const { tiers } = await treats(page, '#companion-sheet');
    assert.deepEqual(tiers, { 'ghost-4': 'open', 'ghost-6': 'lost', 'ghost-9': 'open', 'candy-4': 'open', 'candy-6': 'lost', 'candy-9': 'open' });
    await page.waitForFunction(() => document.querySelector('#aaa-score tr[data-row="candies"] td')?.textContent === '8');
    const aaa = await aaaRows(page);
    assert.equal(aaa.rows.reduce((a, [, , p]) => a + p, 0), aaa.total);
    // the undo takes the card back: the tiers are open again
    await page.click('#undo-round');
    await page.waitForSelector('#companion-sheet [data-tier="ghost-6"][data-state="open"]');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
