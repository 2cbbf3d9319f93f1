// The collector edition's Zombies sheet, played to the end by clicking against a greedy bot: the
// lobby offers the sheet in every mode; the sheet draws the six hordes at
// the street ends with their arrows, the ammo stock, the printed barricades (and the houses
// without one), two combinations a round and the Zombie cards of the round; each Zombie card
// starts the turn with the ammo stage (one toggle per moving horde, the keyboard on it, the
// horde a target on the sheet too, then a confirmation); a slowed horde gets its X mark, an
// invaded house shows a Z; at the end the score rows add up to the total shown. Then the
// companion: the Zombie card typed with the cards, a horde slowed by tapping it on the sheet, and a
// hand of two against the AAA. Then an AAA solo game played to the end by clicking: hands of two,
// the pass stage answered by keyboard, the Zombie card in the AAA's pile, both scores adding up.
// Last an expert game against a greedy bot to the end: one draw pile whose run-outs are counted,
// a card of each hand passed on to the left neighbour, the score rows adding up.
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

/** The Zombies marks drawn in `sheet`: hordes, ammo, barricades, invaded houses. */
async function marks(page, sheet) {
  const hordes = await page.locator(`${sheet} [data-horde]`).evaluateAll((gs) => gs.map((g) => ({
    key: g.dataset.horde, traced: Number(g.dataset.traced), slowed: Number(g.dataset.slowed), label: g.getAttribute('aria-label') })));
  const ammo = await page.locator(`${sheet} .ammo-stock`).evaluate((g) => ({
    left: Number(g.dataset.ammoLeft), used: Number(g.dataset.ammoUsed), circled: Number(g.dataset.ammoCircled), label: g.getAttribute('aria-label') }));
  const barricades = await page.locator(`${sheet} [data-barricade]`).evaluateAll((gs) => gs.map((g) => g.dataset.barricade));
  const zs = await page.locator(`${sheet} .house-num.invaded`).count();
  const invadedLabels = await page.locator(`${sheet} .house[aria-label*="invaded by zombies"]`).count();
  const xs = await page.locator(`${sheet} .horde-x`).count();
  return { hordes, ammo, barricades, zs, invadedLabels, xs };
}

/**
 * The first ammo stage of the game, checked closely: the Zombie card named, one toggle per
 * moving horde with the keyboard on the first, Space slows it (its horde on the sheet shows it
 * pressed), the other toggles are disabled once the ammo is spent, and the confirmation moves
 * the others. Returns the horde slowed ("1:left").
 */
async function firstAmmoStage(page) {
  const card = await page.locator('#controls [data-zombie-card]').first().getAttribute('data-zombie-card');
  assert.ok(['left', 'right', 'both'].includes(card), card);
  // two Zombie cards may come up in one round: the prompt counts them, and this is the first
  const prompt = await page.textContent('#ammo-prompt');
  assert.match(prompt, /^Zombie card (1 of [2-9], )?(Left: the three left hordes move right|Right: the three right hordes move left|Both: all six hordes move)/);
  // nothing is played before the Zombie card is resolved
  assert.equal(await page.locator('#controls button.card:enabled').count(), 0);
  assert.equal(await page.locator('#my-sheet .target[data-key^="h:"]').count(), 0);
  const toggles = await page.locator('#controls [data-horde]').evaluateAll((bs) => bs.map((b) => [b.dataset.horde, b.getAttribute('aria-label'), b.getAttribute('aria-pressed')]));
  const sides = card === 'both' ? ['left', 'right'] : [card];
  assert.ok(toggles.length >= 1 && toggles.every(([k, , p]) => sides.includes(k.split(':')[1]) && p === 'false'), JSON.stringify(toggles));
  for (const [k, label] of toggles) assert.match(label, new RegExp(`^Slow street ${k.split(':')[0]}'s ${k.split(':')[1]} horde, next arrow to house \\d+`));
  const left = Number(await page.getAttribute('#my-sheet .ammo-stock', 'data-ammo-left'));
  assert.ok(left >= 1);
  // the keyboard is on the first toggle: Space slows its horde
  const first = toggles[0][0];
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.horde), first);
  await page.keyboard.press('Space');
  await page.waitForSelector(`#controls [data-horde="${first}"][aria-pressed="true"]`);
  assert.equal(await page.getAttribute(`#my-sheet [data-key="z:${first}"]`, 'aria-pressed'), 'true');
  // with one ammo (as at the start) the other hordes cannot be slowed now, nor tapped on the sheet
  if (left === 1) {
    for (const [k] of toggles.slice(1)) assert.equal(await page.isDisabled(`#controls [data-horde="${k}"]`), true);
    assert.equal(await page.locator('#my-sheet .target[data-key^="z:"]').count(), 1);
  }
  assert.equal(await page.textContent('#controls [data-action="ammo-confirm"]'), 'Slow 1 horde (1 ammo), move the others');
  await page.click('#controls [data-action="ammo-confirm"]');
  return first;
}

test('a standard game on the collector Zombies sheet against a greedy bot, to the end', { timeout: 90000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Zoe');
    await page.selectOption('#edition', 'collector');
    await page.selectOption('#sheet', 'zombies');
    // every mode is offered on the sheet: standard, AAA solo and expert
    const modes = await page.locator('#mode option').evaluateAll((os) => os.map((o) => [o.value, o.disabled, o.textContent]));
    assert.deepEqual(modes.map(([id, disabled]) => [id, disabled]).sort(), [['expert', false], ['solo', false], ['standard', false]]);
    for (const [id, , text] of modes) {
      assert.doesNotMatch(text, /not on this sheet/, text);
      // the expert and AAA games deal hands of two on this sheet, as the line under the list says
      await page.selectOption('#mode', id);
      const note = await page.textContent('#mode-note');
      assert.equal(/a hand of two/.test(note), id !== 'standard', note);
    }
    await page.selectOption('#mode', 'standard');
    await page.fill('#seats', '2');
    await page.selectOption('#bot-2', 'greedy');
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    await page.click('#start');
    // a Zombie card may come up with the very first flip
    assert.ok(['place', 'ammo'].includes(await stageOf(page)));
    assert.match(await page.textContent('#table-head'), /Zombies.*pile 1: \d+ of 30 cards left · Zombie cards to come: /);
    // two combinations a round
    assert.equal(await page.locator('#controls button.card[data-combination]').count(), 2);

    // the sheet: six hordes at the street ends, no arrow traced; one ammo circled of six; the
    // printed barricades and the eight houses without one; no Z yet
    const start = await marks(page, '#my-sheet');
    assert.deepEqual(start.hordes.map((h) => h.key), ['1:left', '1:right', '2:left', '2:right', '3:left', '3:right']);
    assert.ok(start.hordes.every((h) => h.traced === 0 && h.slowed === 0));
    assert.ok(start.hordes[0].label.startsWith('Street 1, left horde: 0 of 3 arrows traced; its next arrow ends at house 1 (empty), where it would be stopped'), start.hordes[0].label);
    assert.ok(start.hordes[2].label.startsWith('Street 2, left horde: 0 of 3 arrows traced; its next arrow ends at house 2 (empty), which it would invade'), start.hordes[2].label);
    assert.equal(await page.locator('#my-sheet .horde-arrow').count(), 18);
    assert.deepEqual([start.ammo.left, start.ammo.used, start.ammo.circled], [1, 0, 1]);
    assert.equal(start.ammo.label, 'Ammo: 1 of 6 circled, 0 used, 1 left to slow hordes');
    assert.equal(await page.locator('#my-sheet .ammo-stock [data-ammo]').count(), 6);
    assert.equal(start.barricades.filter((b) => b === 'printed').length, 25);
    assert.equal(start.barricades.filter((b) => b === 'none').length, 8);
    assert.match(await page.locator('#my-sheet .street').nth(1).locator('.house').nth(1).getAttribute('aria-label'), /^Street 2, house 2, empty, .*, no barricade: a horde arriving here invades it$/);
    assert.equal(start.zs, 0);
    // ammo icons on the improvement boxes that carry one
    assert.equal(await page.locator('#my-sheet [data-ammo-box]').count(), 5);

    let turns = 0;
    let stages = 0;
    let slowedFirst = null;
    let barricades = 0;
    let sawZ = false;
    for (let i = 0; i < 40; i++) {
      if (await page.locator('#results').count()) break;
      const r = await currentRound(page);
      let did;
      if ((await stageOf(page)) === 'ammo' && !slowedFirst) {
        stages++;
        slowedFirst = await firstAmmoStage(page);
        // a second Zombie card of the same round: its hordes move (the ammo may be spent)
        while ((await stageOf(page)) === 'ammo') {
          stages++;
          await page.click('#controls [data-action="ammo-confirm"]');
        }
        // the X mark of the slowed horde shows at once, its arrow not traced
        await page.waitForSelector(`#my-sheet [data-horde="${slowedFirst}"][data-slowed="1"]`);
        assert.equal(await page.getAttribute(`#my-sheet [data-horde="${slowedFirst}"]`, 'data-traced'), '0');
        assert.match(await page.textContent('#controls'), /Zombie card: slowed street \d's (left|right) horde\./);
        did = await playTurn(page, { barricade: true, slow: 'none' });
      } else {
        did = await playTurn(page, { barricade: true, slow: 'none' });
        stages += (did.match(/slow \d/g) || []).length;
      }
      if (/barricade/.test(did)) barricades++;
      if (!sawZ && await page.locator('#my-sheet .house-num.invaded').count()) {
        sawZ = true;
        const m = await marks(page, '#my-sheet');
        assert.equal(m.zs, m.invadedLabels, 'every Z is named invaded');
      }
      turns++;
      await waitNextRound(page, r);
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    assert.ok(stages >= 1, `an ammo stage in ${turns} turns`);
    assert.ok(slowedFirst);

    // the final sheet: the X mark stays; the ammo used are as many as the X marks; every Z
    // drawn is an invaded house
    const end = await marks(page, '#other-sheet');
    assert.equal(end.hordes.find((h) => h.key === slowedFirst).slowed, 1);
    assert.equal(end.hordes.reduce((a, h) => a + h.slowed, 0), end.ammo.used);
    assert.equal(end.xs, end.ammo.used);
    assert.equal(end.zs, end.invadedLabels);
    assert.equal(end.barricades.filter((b) => b === 'built').length, barricades);
    // the bot's sheet, for its Zs
    await page.click('[data-seat-tab="2"]');
    const bot = await marks(page, '#other-sheet');
    assert.equal(bot.zs, bot.invadedLabels);
    assert.ok(sawZ || end.zs + bot.zs > 0, 'a horde invaded a house');

    // the rows add up to the total shown, for both seats
    const { cells, total } = await breakdown(page);
    assert.deepEqual(Object.keys(cells), ['plans', 'parks', 'pools', 'temps', 'estates', 'bis', 'roundabouts', 'refusals']);
    assert.equal(Object.values(cells).reduce((a, b) => a + b, 0), total);
    const rows = await page.locator('#breakdown tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td[data-row]')].map((td) => Number(td.textContent.replace('−', '-')))));
    for (const row of rows) assert.equal(row.slice(0, -1).reduce((a, b) => a + b, 0), row[row.length - 1]);
    // the log names the Zombie cards and the hordes slowed
    assert.match(await page.textContent('#lower'), /the (Left|Right|Both) Zombie card \(.*\) came up/);
    assert.match(await page.textContent('#lower'), /slowed street \d's (left|right) horde \(1 ammo\)/);
    // the replay draws the hordes and the X marks, round by round, and names the Zombie cards
    await page.click('#replay-link');
    await page.waitForSelector('#replay-sheets .replay-sheet svg');
    assert.equal(await page.locator('#replay-sheets [data-horde]').count(), 12);
    await page.keyboard.press('End');
    await page.waitForFunction((used) => [...document.querySelectorAll('#replay-sheets [data-seat="1"] [data-horde]')]
      .reduce((a, g) => a + Number(g.dataset.slowed), 0) === used, end.ammo.used);
    let named = false;
    for (let k = 0; k < 40 && !named; k++) {
      named = await page.locator('#replay-log .replay-zombies').count() > 0;
      if (!named) await page.keyboard.press('ArrowLeft');
    }
    assert.ok(named, 'a round of the replay names its Zombie card');
    assert.match(await page.textContent('#replay-log .replay-zombies'), /^The (Left|Right|Both) Zombie card \(.*\) came up first\.$/);
    console.log(`zombies: ${turns} turns, ${stages} ammo stages, ${barricades} barricades built, Zs ${end.zs} (bot ${bot.zs}); total ${total}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('companion: the Zombie card typed with the cards, a horde slowed on the sheet', { timeout: 40000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    page.on('dialog', (d) => d.accept());
    await page.goto(`${BASE}/companion`);
    await page.waitForSelector('#c-edition');
    await page.selectOption('#c-edition', 'collector');
    await page.selectOption('#c-sheet', 'zombies');
    await page.waitForSelector('#c-zombie-1');
    // two combinations, no hand while the engine plays this sheet's standard game only
    assert.equal(await page.locator('#c-num-3').count(), 0);
    await page.fill('#c-quick', '5s 9p');
    await page.selectOption('#c-zombie-1', 'left');
    await page.click('#c-go');
    assert.equal(await stageOf(page), 'ammo');
    // slowing street 1's left horde by tapping it on the sheet
    await page.click('#companion-sheet .target[data-key="z:1:left"]');
    await page.waitForSelector('#controls [data-horde="1:left"][aria-pressed="true"]');
    await page.click('#controls [data-action="ammo-confirm"]');
    assert.equal(await stageOf(page), 'place');
    // street 2's left horde invaded its house 2, printed without a barricade
    await page.waitForSelector('#companion-sheet .house-num.invaded');
    assert.match(await page.textContent('#controls'), /Invaded by the hordes this turn: street 2 house 2\./);
    await page.click('#controls button.card[data-combination="1"]');
    await page.click('#companion-sheet .target[data-key="h:1:1"]');
    assert.equal(await stageOf(page), 'effect');
    await page.click('[data-action="skip-effect"]');
    assert.equal(await stageOf(page), 'finish');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    const st = await page.evaluate(() => JSON.parse(localStorage.getItem('welcome.companion')));
    assert.deepEqual(st.sheet.streets[0].slowed, [1, 0]);
    assert.equal(st.sheet.streets[1].houses[1], 'Z');
    assert.equal(st.sheet.ammo_used, 1);
    assert.deepEqual(st.zombiesSeen, ['left']);
    // the X mark stays on the sheet; the Left card is no longer offered
    await page.waitForSelector('#companion-sheet [data-horde="1:left"][data-slowed="1"]');
    assert.match(await page.textContent('#c-zombies-seen'), /the Left Zombie card/);
    assert.equal(await page.locator('#c-zombie-1 option[value="left"]').count(), 0);
    // the last flip: pile 1 has no number left, the Both card came up with it; nothing to play
    await page.selectOption('#c-zombie-1', 'both');
    await page.check('#c-last-flip');
    await page.click('#c-go');
    assert.equal(await stageOf(page), 'ammo');
    assert.match(await page.textContent('#controls'), /You have no ammo left to slow them/);
    assert.equal(await page.textContent('#controls [data-action="ammo-confirm"]'), 'Let them move');
    await page.click('#controls [data-action="ammo-confirm"]');
    assert.equal(await stageOf(page), 'unplayed');
    assert.match(await page.textContent('#controls'), /The game ends: nothing to play/);
    assert.equal(await page.locator('#controls button.card').count(), 0);
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    const end = await page.evaluate(() => JSON.parse(localStorage.getItem('welcome.companion')));
    // street 1's left horde, slowed before, traces its first arrow now; the other left hordes their second
    assert.deepEqual(end.sheet.streets.map((s) => s.hordes), [[1, 1], [2, 1], [2, 1]]);

    // a hand of two against the AAA: the Right Zombie card drawn takes the place of the last two
    // cards given to it (none yet), then the turn gives it one of the two cards used
    await page.selectOption('#c-kind', 'hand');
    await page.waitForSelector('#c-num-2');
    assert.equal(await page.locator('#c-num-3').count(), 0);
    assert.match(await page.textContent('#c-kind option[value="hand"]'), /a hand of two cards/);
    await page.fill('#c-quick', '5s 9p');
    await page.selectOption('#c-zombie-1', 'right');
    await page.click('#c-go');
    assert.equal(await stageOf(page), 'ammo');
    await page.click('#controls [data-action="ammo-confirm"]');
    assert.equal(await stageOf(page), 'place');
    await page.click('#controls button.card[data-card="1"]');
    // the other card gives the effect at once
    assert.equal(await page.getAttribute('#controls button.card[data-card="2"]', 'aria-pressed'), 'true');
    await page.locator('#companion-sheet .target[data-key^="h:"]').first().click();
    if (await stageOf(page) === 'effect') await page.click('[data-action="skip-effect"]');
    assert.equal(await stageOf(page), 'pass');
    assert.match(await page.textContent('#pass-prompt'), /^Which card do you give the AAA\?/);
    await page.click('#controls [data-pass-card="2"]');
    assert.equal(await stageOf(page), 'finish');
    assert.equal(await page.textContent('#pass-note'), 'Card 2 (9 Pool Manufacturer) goes to the AAA.');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    const aaa = await page.evaluate(() => JSON.parse(localStorage.getItem('welcome.companion')).aaa);
    assert.deepEqual(aaa.given, ['0-surveyor', '9-pool']);
    await page.waitForSelector('#aaa-pile li[data-zombie]');
    assert.equal(await page.textContent('#aaa-pile li[data-zombie]'), 'Zombie card (counts as a Surveyor)');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** The AAA's score rows (without the total) and its total, as shown in its panel. */
async function aaaRows(page) {
  const rows = await page.locator('#aaa-score tr[data-row]').evaluateAll((trs) => trs.map((tr) => [tr.dataset.row, Number(tr.querySelector('td').textContent.replace('−', '-'))]));
  const all = Object.fromEntries(rows);
  const total = all.total;
  delete all.total;
  return { rows: all, total };
}

test('AAA solo on the Zombies sheet (level 1), to the end: hands of two, the pass stage by keyboard, the AAA’s Zombie card', { timeout: 150000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Zia');
    await page.selectOption('#edition', 'collector');
    await page.selectOption('#sheet', 'zombies');
    await page.selectOption('#mode', 'solo');
    await page.selectOption('#aaa-level', '1');
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    await page.waitForSelector('#aaa-panel');
    // one draw pile, its top card showing (a Zombie card can show there)
    assert.match(await page.textContent('#table-head'), /draw pile: \d+ cards · (on top: \S.* · )?Zombie cards to come: (Left|Right|Both)/);
    assert.match(await page.textContent('#next-card'), /^Next card: \S/);

    let turns = 0;
    let keyboard = 0;
    let sawZombie = false;
    let shownOnTop = false;
    for (let i = 0; i < 40; i++) {
      if (await page.locator('#results').count()) break;
      const r = await currentRound(page);
      if (/on top: the (Left|Right|Both) Zombie card/.test(await page.textContent('#table-head'))) {
        shownOnTop = true;
        assert.match(await page.textContent('#next-card'), /^Next card: a Zombie card: the (Left|Right|Both) Zombie card/);
      }
      const cards = await page.locator('#controls button.card[data-card]').count();
      assert.ok(cards === 2 || (cards === 0 && await page.locator('#nothing-offered').count()), `a hand of ${cards}`);
      const did = await playTurn(page, {
        useEffect: i % 2 === 0,
        // the first pass stage by keyboard: the focus is on the first card's button, Tab
        // reaches the second, Enter gives it; the keyboard then goes on to the confirmation
        pass: keyboard ? 'effect' : async (p) => {
          const labels = await p.locator('#controls [data-pass-card]').evaluateAll((bs) => bs.map((b) => [b.dataset.passCard, b.dataset.used, b.getAttribute('aria-label'), (() => {
            // the text without the icon (the Bis icon holds a word)
            const c = b.cloneNode(true);
            c.querySelectorAll('svg').forEach((x) => x.remove());
            return c.textContent.replace(/\s+/g, ' ').trim();
          })()]));
          assert.equal(labels.length, 2);
          assert.deepEqual(labels.map(([, used]) => used).sort(), ['effect', 'number']);
          for (const [k, used, label, text] of labels) {
            assert.match(label, new RegExp(`^Give the AAA card ${k}, \\d+ [A-Za-z ]+ \\((${used === 'number' ? 'you wrote its number, \\d+' : 'you used its effect'})\\)$`), label);
            assert.match(text, /^Give the AAA \d+ [A-Za-z ]+ \((number|effect) card\)$/, text);
          }
          assert.match(await p.textContent('#pass-prompt'), /^Which card do you give the AAA\?/);
          assert.equal(await p.evaluate(() => document.activeElement?.dataset.passCard), labels[0][0]);
          await p.keyboard.press('Tab');
          const second = await p.evaluate(() => document.activeElement?.dataset.passCard);
          assert.equal(second, labels[1][0]);
          await p.keyboard.press('Enter');
          await p.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
          assert.equal(await p.evaluate(() => document.activeElement?.dataset.ctl), 'confirm');
          assert.match(await p.textContent('#pass-note'), new RegExp(`^Card ${second} \\(\\d+ [A-Za-z ]+\\) goes to the AAA\\.$`));
          keyboard++;
          return second;
        },
      });
      turns++;
      await waitNextRound(page, r);
      // a Zombie card that came up lies in the AAA's pile, in place of its last two cards
      if (!sawZombie && await page.locator('#aaa-pile li[data-zombie]').count()) {
        sawZombie = true;
        assert.equal(await page.textContent('#aaa-pile li[data-zombie]'), 'Zombie card (counts as a Surveyor)');
        assert.match(await page.textContent('#aaa-counts [data-action="surveyor"]'), /^Surveyor: \d+ \((a Zombie card|\d Zombie cards) among them\)$/);
      }
      void did;
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    assert.ok(keyboard >= 1, 'a pass stage answered by keyboard');
    // the first packet of the pile holds a Zombie card: it comes up within its 21 items
    assert.ok(sawZombie || turns < 10, `a Zombie card in the AAA's pile (${turns} turns)`);
    if (sawZombie) assert.ok(await page.locator('#aaa-pile li[data-zombie]').count() >= 1);
    // the score rows add up to the total on screen, for the player and the AAA
    const { cells, total } = await breakdown(page);
    assert.equal(Object.values(cells).reduce((a, b) => a + b, 0), total);
    assert.equal(Number(await page.textContent('#aaa-mine')), total);
    const aaa = await aaaRows(page);
    assert.equal(Object.values(aaa.rows).reduce((a, b) => a + b, 0), aaa.total);
    assert.equal(Number(await page.textContent('#aaa-theirs')), aaa.total);
    // the log names the card each turn gave
    assert.match(await page.textContent('#lower'), /passed card [12] \(\d+ [A-Za-z ]+\)/);
    console.log(`AAA Zombies: ${turns} turns, Zombie card in its pile: ${sawZombie}, one shown on top: ${shownOnTop}; ${total} against ${aaa.total}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('expert game on the Zombies sheet against a greedy bot, to the end: hands of two, a card passed to the left neighbour each turn', { timeout: 180000 }, async () => {
  const errors = [];
  const { context, page } = await person(browser, { width: 1280, height: 900 }, errors);
  try {
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Zed');
    await page.selectOption('#edition', 'collector');
    await page.selectOption('#sheet', 'zombies');
    await page.selectOption('#mode', 'expert');
    await page.fill('#seats', '2');
    await page.selectOption('#bot-2', 'greedy');
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    await page.click('#start');
    await page.waitForSelector('#controls[aria-busy="false"]:not([data-stage="loading"])');
    // one draw pile for the table, the times it ran out counted toward the end
    assert.match(await page.textContent('#table-head'), /draw pile: \d+ cards · pile ran out 0 of 3 times/);

    let turns = 0;
    let passes = 0;
    let ranOut = 0;
    for (let i = 0; i < 80; i++) {
      if (await page.locator('#results').count()) break;
      const r = await currentRound(page);
      const head = await page.textContent('#table-head');
      const out = Number((head.match(/pile ran out (\d) of 3 times/) || [])[1]);
      assert.ok(out >= ranOut, `the count of times the pile ran out only grows (${out} after ${ranOut})`);
      ranOut = out;
      const cards = await page.locator('#controls button.card[data-card]').count();
      assert.ok(cards === 2 || (cards === 0 && await page.locator('#nothing-offered').count()), `a hand of ${cards}`);
      await playTurn(page, {
        useEffect: i % 2 === 0,
        pass: async (p) => {
          const buttons = await p.locator('#controls [data-pass-card]').evaluateAll((bs) => bs.map((b) => [b.dataset.passCard, b.dataset.used, b.getAttribute('aria-label')]));
          assert.equal(buttons.length, 2);
          assert.deepEqual(buttons.map(([, used]) => used).sort(), ['effect', 'number']);
          for (const [k, , label] of buttons) assert.match(label, new RegExp(`^Pass card ${k}, \\d+ [A-Za-z ]+, on to \\S.* \\((you wrote its number, \\d+|you used its effect)\\)$`), label);
          assert.match(await p.textContent('#pass-prompt'), /^Which card do you pass on to \S.*\?/);
          // alternate: the number card one turn, the effect card the next
          const pick = buttons[passes % 2][0];
          await p.click(`#controls [data-pass-card="${pick}"]`);
          await p.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
          passes++;
          return pick;
        },
      });
      turns++;
      await waitNextRound(page, r);
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    assert.ok(passes >= 10, `cards passed on (${passes} in ${turns} turns)`);
    assert.match(await page.textContent('#results'), /The game ended because .*(the draw pile ran out for the third time|took a third building-permit refusal|completed all three plans|built every house)/);
    // the log names the card each turn passed on
    assert.match(await page.textContent('#lower'), /passed card [12] \(\d+ [A-Za-z ]+\)/);
    // the score rows add up to the total on screen
    const { cells, total } = await breakdown(page);
    assert.equal(Object.values(cells).reduce((a, b) => a + b, 0), total);
    console.log(`expert Zombies: ${turns} turns, ${passes} cards passed, ${total} points`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
