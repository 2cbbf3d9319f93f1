// The score-sheet companion, for people playing with the physical cards: a sheet of any
// edition's sheets kept in this browser, the cards showing on the table typed in each round,
// and the same rules-checked turn as online (the server answers what is legal; nothing is
// stored on the server).

import { api } from './api.js';
import { TurnController } from './turn.js';
import { edition, sheetOf, planOf, layoutPlaceholders, DEFAULT_EDITION } from './data.js';
import { layoutForm } from './layout.js';
import { el, emptySheet, EFFECTS, effectLabel, planText, ZOMBIE_CARDS, zombieCardText, pointsText } from './format.js';
import { hasActions } from './sheet/modules.js';
import { renderSheet, scoreText, COMPACT } from './sheet.js';
import { setTitle, toast } from './app.js';
import { EDITIONS } from './edition.js';
import { planName, planPlaceholder, planCardName, valueMark, opponentOf, opponentEditor, levelLabel, aaaPanel } from './aaa.js';
import { AAA_ZOMBIE_CARD } from './sheet/zombies.js';

const KEY = 'welcome.companion';

/** The first basic plan of each stack dealt with the sheet. */
function defaultPlans(layout, editionId) {
  return layout.stacks.map((ids) => {
    const card = ids.find((id) => !planOf(editionId, id)?.advanced) ?? ids[0];
    return { card, approved: false };
  });
}

/** The AAA as the player keeps it (collector solo): its level, their own card's values if they
 * differ, the cards given to it, its validations, the Validation letters drawn, its halves of the
 * sheet's split boxes as the server last gave them (Atomic War shelters; empty: as at setup) and
 * the Validation cards (plans 1–3) the server has not yet applied to them. */
function freshAaa(level = 1) {
  return { level, opponent: null, given: [], plans: [null, null, null], drawn: [], halves: [], pending: [] };
}

function fresh(editionId, sheetId) {
  const layout = sheetOf(editionId, sheetId);
  return {
    edition: editionId, sheetId: layout.id, sheet: emptySheet(layout), plans: defaultPlans(layout, editionId),
    advanced: false, cards: 'combinations', others: '', city: '', round: 1, history: [], entry: null,
    // the table plays with the collector edition's 9¾ cards
    quarters: false,
    aaa: freshAaa(),
    // Zombies: the Zombie cards that came up this round (typed with the cards) and before
    zombies: [], zombiesSeen: [],
  };
}

/** Combinations a standard round offers on the sheet, as the engine deals them (its `offers`). */
const comboCount = (layout) => layout.offers?.standard?.combinations ?? 3;
/** Cards in a solo or expert hand on the sheet, as the engine deals them (its `offers`). */
const handCount = (layout) => (layout.offers?.solo ?? layout.offers?.expert)?.hand?.cards ?? 3;

/** A hand of the edition's deck, to ask for the score before any card is typed. */
function anyHand(editionId, count = 3) {
  const deck = edition(editionId).deck;
  return Object.entries(deck).flatMap(([n, effects]) => effects.map((e) => `${n}-${e}`)).slice(0, count);
}

function load() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || 'null');
    // sheets kept before sheets were named are classic sheets of the default edition
    if (s && s.sheet && s.plans) return { edition: DEFAULT_EDITION, sheetId: edition(DEFAULT_EDITION).default_sheet, aaa: freshAaa(), ...s };
  } catch {
    // fall through to a new sheet
  }
  return fresh(DEFAULT_EDITION, edition(DEFAULT_EDITION).default_sheet);
}

/**
 * A card number as typed: a whole number, or the collector's 9¾ ("9¾", "9.75", "9 3/4") as
 * the wire writes it, "9¾"; NaN when it is neither.
 */
export function readNumber(text) {
  const t = String(text).trim().replace(/\s+/g, ' ');
  const q = t.match(/^(\d+)(?:¾|\.75| ?3\/4)$/);
  if (q) return `${Number(q[1])}¾`;
  return /^\d+$/.test(t) ? Number(t) : NaN;
}

/** Whether `n` is printed on a construction card: 1 to 15, or the 9¾ cards' 9¾. */
function cardNumber(n) {
  return n === '9¾' || (Number.isInteger(n) && n >= 1 && n <= 15);
}

/** Effect letters of the typed entry. */
const LETTERS = { s: 'surveyor', r: 'real-estate', l: 'landscaper', p: 'pool', t: 'temp', b: 'bis' };

/**
 * Reads "5s 9b 12p" (spaces or commas between cards; "5 s" works too) into three cards, each
 * `{number, effect}` with null where it is missing, and an error in words when the text does
 * not read as cards.
 */
export function parseQuick(text) {
  const cards = [0, 1, 2].map(() => ({ number: null, effect: null }));
  const tokens = String(text).toLowerCase().match(/\d+(?:¾|\.75)?\s*[a-z]?|[a-z]/g) || [];
  const rest = String(text).toLowerCase().replace(/\d+(?:¾|\.75)?\s*[a-z]?|[a-z]|[\s,;]/g, '');
  let error = rest ? `“${rest}” is not a card` : null;
  let k = 0;
  for (const tok of tokens) {
    const m = tok.match(/^(\d+(?:¾|\.75)?)?\s*([a-z])?$/);
    if (!m) continue;
    if (m[1] == null) {
      // a lone letter belongs to the card before it
      if (k > 0 && cards[k - 1].effect == null && LETTERS[m[2]]) cards[k - 1].effect = LETTERS[m[2]];
      else error = error || `“${m[2]}” has no number before it`;
      continue;
    }
    if (k >= 3) {
      error = error || 'three cards at most';
      break;
    }
    const n = readNumber(m[1]);
    cards[k].number = n;
    if (!cardNumber(n)) error = error || `${n} is not a card number (1 to 15, or 9¾)`;
    if (m[2]) {
      if (LETTERS[m[2]]) cards[k].effect = LETTERS[m[2]];
      else error = error || `“${m[2]}” is not an effect letter`;
    }
    k++;
  }
  return { cards, error };
}

const BONUS_NAMES = { open: 'open', won: 'circled (first to finish the route)', lost: 'crossed off (somebody finished first)' };
/** American Dream's street and column bonuses, at a table with other players. */
const RACE_NAMES = { open: 'open', won: 'circled (among the first to complete it)', lost: 'crossed off (somebody completed it first)' };

/** American Dream's columns: column c is house c of every street that has one. */
const columnCount = (layout) => Math.max(0, ...layout.streets.map((x) => x.houses));

/** American Dream: the sheet's open street bonuses and open column bonuses, as written on it. */
function openRaces(layout, sheet) {
  if (hasActions(layout)) return { streets: 0, columns: 0 };
  const held = sheet.column_bonuses || [];
  return {
    streets: sheet.streets.filter((x) => !x.bonus).length,
    columns: Array.from({ length: columnCount(layout) }, (_, c) => held[c]).filter((x) => !x).length,
  };
}

/** American Dream: the sheet with column `c`'s bonus set to `state` (`open`, `won`, `lost`). */
function withColumnBonus(layout, sheet, c, state) {
  const held = Array.from({ length: columnCount(layout) }, (_, k) => (sheet.column_bonuses || [])[k] || null);
  held[c] = state === 'open' ? null : state;
  const out = { ...sheet, column_bonuses: held };
  if (held.every((x) => x == null)) delete out.column_bonuses;
  return out;
}

const TIER_NAMES = { open: 'open', lost: 'crossed off (somebody else claimed it)' };

/** Halloween: the sheet's tiers with `fn(tiers)` applied to a copy (all open when it has none). */
function withTiers(sheet, fn) {
  const t = sheet.tiers || { ghost: [null, null, null], candy: [null, null, null] };
  const tiers = { ...t, ghost: [...t.ghost], candy: [...t.candy] };
  fn(tiers);
  const open = [...tiers.ghost, ...tiers.candy].every((x) => x == null);
  const out = { ...sheet, tiers };
  if (open && tiers.option == null) delete out.tiers;
  return out;
}

const SCORING_NAMES = ['Yellow', 'Black', 'Yellow and black'];

/**
 * Coin Coin: the sheet with duck scorings `ks` held, each at the points `now` gives it (the
 * score's `ducks` row: an open scoring as it stands), those held already kept.
 */
function withScorings(sheet, ks, now) {
  const held = [...(sheet.duck_scorings || [null, null, null])];
  for (const k of ks) if (held[k] == null && now[k] != null) held[k] = now[k];
  return { ...sheet, duck_scorings: held };
}

export async function companionPage(main) {
  setTitle('Score-sheet companion');
  let st = load();
  let controller = null;
  let score = null;
  let derived = null;
  // the AAA as the server scored it
  let aaaOut = null;
  const save = () => localStorage.setItem(KEY, JSON.stringify(st));
  // The sheet played: the layout printed on the player's own sheet when they entered one (its
  // file, `st.layout`, checked by the server), else the edition's.
  let merged = null;
  const layout = () => {
    const shipped = sheetOf(st.edition, st.sheetId);
    if (!st.layout) return shipped;
    if (!merged || merged.file !== st.layout) merged = { file: st.layout, sheet: { ...shipped, ...st.layout } };
    return merged.sheet;
  };
  // the layout form, kept while the layout it shows is unchanged (a redraw keeps the edits)
  let layoutEl = null;
  let layoutKey = '';
  // Coin Coin: what each duck scoring gives the sheet now, as the server last scored it
  const duckParts = () => (score && score.rows.find((r) => r.id === 'ducks')?.parts) || [null, null, null];

  const setupEl = el('section', { class: 'panel', 'aria-labelledby': 'setup-h' });
  const layoutWrap = el('div', { id: 'companion-layout' });
  const entryEl = el('section', { class: 'panel steps', id: 'controls', 'aria-label': 'This round' });
  const aaaEl = el('div', { id: 'companion-aaa' });
  const sheetEl = el('div', { class: 'sheet-wrap', id: 'companion-sheet' });
  main.append(
    el('h1', {}, 'Score-sheet companion'),
    el('p', { class: 'muted' }, 'Playing with the physical cards? Keep your sheet here: choose your sheet, type the cards showing on the table each round, then write your number and effect — the same rules are checked as online, and the totals are kept for you. The sheet stays in this browser.'),
    el('div', { class: 'play-layout' }, sheetEl, el('div', {}, entryEl, aaaEl, setupEl, layoutWrap)),
  );

  function othersTemps() {
    // a sheet without temps (American Dream) asks for none
    if (!hasActions(layout())) return [];
    const max = layout().temp_boxes;
    return String(st.others || '').split(/[\s,;]+/).filter(Boolean).map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n <= max);
  }

  const solo = () => st.cards === 'hand' && !othersTemps().length;
  // the Advanced variant, unless the sheet is never played with it (American Dream)
  const advanced = () => st.advanced && layout().advanced !== false;
  // Collector solo is played against the AAA (§15).
  const aaaOn = () => !!edition(st.edition).aaa && solo();
  // the 9¾ cards, in an edition that has them
  const quarterEffects = () => edition(st.edition).nine_three_quarters || [];
  const quarters = () => !!st.quarters && quarterEffects().length > 0;

  function body(offer, draft) {
    const b = { edition: st.edition, sheet_id: st.sheetId, sheet: st.sheet, offer, plans: st.plans, advanced: advanced(), draft };
    if (quarters()) b.nine_three_quarters = true;
    if (st.layout) b.layout = st.layout;
    // Zombies: the round's Zombie cards are resolved first (the draft's `ammo`)
    if (offer === st.entry && (st.zombies || []).length) b.zombies = st.zombies;
    if (st.cards === 'hand') b.mode = othersTemps().length ? 'expert' : 'solo';
    if (othersTemps().length && b.mode !== 'solo') b.temps_of_others = othersTemps();
    if (aaaOn()) {
      const a = st.aaa;
      b.aaa = { level: a.level, given: givenNow(offer === st.entry), plans: a.plans };
      if (a.opponent) b.aaa.opponent = a.opponent;
      if (a.halves && a.halves.length) b.aaa.halves = a.halves;
      if (a.pending && a.pending.length) b.aaa.validation = a.pending[0];
    }
    return b;
  }

  /**
   * The AAA's pile as it stands this round: on the Zombies sheet from level 1, each Zombie card
   * typed with the round's cards (`typed`) took the place of the last two cards given to it
   * (collector expansions §8.6).
   */
  function givenNow(typed = true) {
    const given = [...st.aaa.given];
    if (!typed || !layout().zombies || !st.aaa.level) return given;
    for (let k = 0; k < (st.zombies || []).length; k++) {
      // the last two cards given leave the game; a Zombie card already there was not given
      let gone = 0;
      for (let i = given.length - 1; i >= 0 && gone < 2; i--) {
        if (given[i] !== AAA_ZOMBIE_CARD) {
          given.splice(i, 1);
          gone++;
        }
      }
      given.push(AAA_ZOMBIE_CARD);
    }
    return given;
  }

  /** The AAA's halves and the Validation card a request is about to send. */
  const aaaSent = () => ({ halves: st.aaa.halves, validation: st.aaa.pending?.[0] });

  /**
   * Keeps the AAA's halves of an answer `o` to a request that sent `sent`: the server applied
   * the Validation card it carried (Atomic War: the AAA built a shelter), so that card is done.
   * An answer to an older request (the halves changed since, or an undo) is ignored. Returns
   * whether a Validation card is still waiting to be sent.
   */
  function keepHalves(sent, o) {
    const a = st.aaa;
    if (!aaaOn() || !o || !o.aaa || a.halves !== sent.halves || a.pending?.[0] !== sent.validation) return false;
    a.halves = o.aaa.halves || [];
    if (sent.validation != null) a.pending = a.pending.slice(1);
    save();
    if (controller) {
      controller.cfg.aaaHalves = a.halves;
      controller.renderSheet();
    }
    return (a.pending || []).length > 0;
  }

  function request(draft) {
    return api('POST', '/api/companion/options', body(st.entry, draft));
  }

  /** The cards typed in, or any cards: what a request asks about when it only wants the score. */
  function anyOffer() {
    const hand = { hand: anyHand(st.edition, handCount(layout())) };
    const combos = { combinations: Array.from({ length: comboCount(layout()) }, () => ({ number: 1, effect: 'surveyor' })) };
    return st.entry || (st.cards === 'hand' ? hand : combos);
  }

  /**
   * Plays on with the layout printed on the player's own sheet (its file as text; null: the
   * shipped layout), once the server accepts it with the sheet as it stands; its refusal (the
   * constraint broken, named) is thrown and nothing changes.
   */
  async function saveLayout(text) {
    // before the first number the AAA's halves start again from the new layout's shelters
    const written = st.sheet.streets.some((s) => s.houses.some((h) => h));
    const b = body(anyOffer(), {});
    if (text == null) delete b.layout;
    else b.layout = text;
    if (!written && b.aaa) delete b.aaa.halves;
    await api('POST', '/api/companion/options', b);
    st.layout = text == null ? null : JSON.parse(text);
    if (!written) st.aaa.halves = [];
    save();
    if (controller) {
      controller.dead = true;
      controller = null;
      startTurn();
    }
    renderSetup();
    refreshScore();
    toast(text == null ? 'The sheet is the shipped layout again.' : 'Layout saved: your sheet plays with it.');
  }

  /** The form of the player's own printed layout, for a sheet whose layout is a stand-in. */
  function layoutPanel() {
    if (!layoutPlaceholders(sheetOf(st.edition, st.sheetId)).length) return null;
    const key = JSON.stringify([st.edition, st.sheetId, st.layout || null]);
    if (!layoutEl || key !== layoutKey) {
      layoutKey = key;
      layoutEl = layoutForm({ edition: st.edition, sheet: st.sheetId, layout: st.layout ? layout() : null }, saveLayout, { fold: true });
    }
    return layoutEl;
  }

  async function refreshScore() {
    try {
      const offer = anyOffer();
      const sent = aaaSent();
      const o = await api('POST', '/api/companion/options', body(offer, {}));
      score = o.score;
      derived = o.derived;
      aaaOut = o.aaa || null;
      // a second Validation card pressed before the first was answered goes next
      if (keepHalves(sent, o)) return refreshScore();
    } catch (e) {
      score = null;
      derived = null;
      aaaOut = null;
      toast(e.message, true);
    }
    if (!controller) drawSheet();
    renderAaa();
  }

  function drawSheet() {
    renderSheet(sheetEl, { sheet: st.sheet, score, derived, layout: layout() }, { label: `Your sheet (${layout().name})`, city: st.city, solo: solo(), edition: st.edition, aaaHalves: aaaOn() ? st.aaa.halves : null });
    if (score) sheetEl.append(el('p', { class: 'score-line' }, scoreText(score)));
    if (score && aaaOut && aaaOut.score) {
      const word = { win: 'you would win', loss: `${aaaOut.name} would win`, draw: 'a draw' }[aaaOut.standing] || '';
      sheetEl.append(el('p', { class: 'score-line', id: 'c-standing', 'data-standing': aaaOut.standing || '' },
        `You ${score.total} — ${aaaOut.name} ${aaaOut.score.total}: if the game ended now, ${word}.`));
    }
  }

  function changeSheet(editionId, id) {
    const written = st.sheet.streets.some((s) => s.houses.some((h) => h));
    if (written && !confirm('Change the sheet? Your current sheet is cleared.')) {
      renderSetup();
      return;
    }
    const keep = { advanced: st.advanced, cards: st.cards, others: st.others, city: st.city, quarters: st.quarters };
    st = { ...fresh(editionId, id), ...keep };
    save();
    if (controller) controller.dead = true;
    controller = null;
    renderSetup();
    renderEntry();
    refreshScore();
  }

  function renderSetup() {
    const l = layout();
    const ed = edition(st.edition);
    const editionSel = el('select', { id: 'c-edition', onchange: (e) => changeSheet(e.target.value, edition(e.target.value).default_sheet) },
      EDITIONS.map((x) => el('option', { value: x.id }, x.name)));
    editionSel.value = ed.id;
    const sheetSel = el('select', { id: 'c-sheet', onchange: (e) => changeSheet(st.edition, e.target.value) },
      ed.sheets.map((s) => el('option', { value: s.id }, s.name)));
    sheetSel.value = l.id;
    const planSelects = [1, 2, 3].map((stack, k) => {
      const name = planName(st.edition, k);
      const cards = l.stacks[k].map((id) => planOf(st.edition, id)).filter((p) => p && (st.advanced || !p.advanced || p.id === st.plans[k].card));
      const sel = el('select', { id: `plan-${stack}`, 'aria-label': name, onchange: (e) => { st.plans[k].card = Number(e.target.value); delete st.plans[k].values; save(); renderSetup(); refreshScore(); } },
        cards.map((p) => el('option', { value: p.id }, `${planCardName(st.edition, p) ? `${planCardName(st.edition, p)}: ` : ''}${planText(p)} (${p.first}/${p.second})${p.advanced ? ' ★' : ''}`)));
      sel.value = String(st.plans[k].card);
      const approved = el('input', { type: 'checkbox', id: `approved-${stack}`, onchange: (e) => { st.plans[k].approved = e.target.checked; save(); } });
      approved.checked = st.plans[k].approved;
      return el('div', { class: 'plan-row' }, el('label', { for: `plan-${stack}` }, name), sel,
        el('label', { class: 'row', for: `approved-${stack}` }, approved, 'approved'),
        planValues(k));
    });
    const adv = el('input', { type: 'checkbox', id: 'c-advanced', onchange: (e) => { st.advanced = e.target.checked; save(); renderSetup(); } });
    adv.checked = advanced();
    adv.disabled = l.advanced === false;
    const nine = el('input', { type: 'checkbox', id: 'c-nine-three-quarters', onchange: (e) => { st.quarters = e.target.checked; save(); renderEntry(); } });
    nine.checked = quarters();
    const city = el('input', { id: 'c-city', value: st.city || '', maxlength: 30, onchange: (e) => { st.city = e.target.value; save(); drawSheet(); } });
    const others = el('input', { id: 'c-others', value: st.others || '', placeholder: 'e.g. 3, 5', onchange: (e) => { st.others = e.target.value; save(); renderSetup(); refreshScore(); } });
    // With other players, who wins a street's end-of-route race depends on them: set it here.
    // Alone, the server settles it at the end of the turn.
    const races = l.streets.map((s, i) => ({ s, i })).filter(({ s }) => (s.trucks || []).length && !solo()).map(({ i }) => {
      const sel = el('select', { id: `c-bonus-${i + 1}`, onchange: (e) => {
        if (e.target.value === 'open') delete st.sheet.streets[i].bonus; else st.sheet.streets[i].bonus = e.target.value;
        save();
        refreshScore();
      } }, Object.entries(BONUS_NAMES).map(([v, t]) => el('option', { value: v }, t)));
      sel.value = st.sheet.streets[i].bonus || 'open';
      return [el('label', { for: `c-bonus-${i + 1}` }, `Street ${i + 1} bonus`), sel];
    });
    // Halloween, with other players: a tier somebody else claimed is crossed off here (yours
    // are circled when you claim them in your turn).
    const tierRaces = l.halloween && !solo() ? ['ghost', 'candy'].flatMap((treat) => l.halloween[`${treat}_tiers`].map((tier, r) => {
      const id = `c-tier-${treat}-${tier.need}`;
      const label = el('label', { for: id }, `${treat === 'ghost' ? 'Ghost' : 'Candy'} tier ${tier.need}`);
      const now = (st.sheet.tiers && st.sheet.tiers[treat][r]) || 'open';
      if (now === 'won') return [label, el('output', { id }, 'circled (yours)')];
      const sel = el('select', { id, onchange: (e) => {
        st.sheet = withTiers(st.sheet, (t) => { t[treat][r] = e.target.value === 'lost' ? 'lost' : null; });
        save();
        // cards already typed for this turn: the turn starts again on the changed sheet
        if (controller) {
          controller.dead = true;
          controller = null;
          startTurn();
        }
        refreshScore();
      } }, Object.entries(TIER_NAMES).map(([v, t]) => el('option', { value: v }, t)));
      sel.value = now;
      return [label, sel];
    })) : [];
    // Coin Coin, with other players: a duck scoring is held for everybody at the end of the turn
    // someone completes its ducklings (alone, the server holds it at the end of your turn).
    const duckRaces = l.ducks && !solo() ? SCORING_NAMES.map((name, k) => {
      const id = `c-scoring-${k + 1}`;
      const label = el('label', { for: id }, `${name} duck scoring`);
      const held = st.sheet.duck_scorings && st.sheet.duck_scorings[k];
      const sel = el('select', { id, onchange: (e) => {
        if (e.target.value === 'held') st.sheet = withScorings(st.sheet, [k], duckParts());
        else st.sheet = { ...st.sheet, duck_scorings: (st.sheet.duck_scorings || [null, null, null]).map((v, j) => (j === k ? null : v)) };
        if ((st.sheet.duck_scorings || []).every((v) => v == null)) delete st.sheet.duck_scorings;
        save();
        renderSetup();
        if (controller) {
          controller.dead = true;
          controller = null;
          startTurn();
        }
        refreshScore();
      } },
      el('option', { value: 'open' }, 'not held yet'),
      el('option', { value: 'held' }, held != null ? `held: ${pointsText(held)}` : 'held this round (once your turn is written)'));
      sel.value = held != null ? 'held' : 'open';
      return [label, sel];
    }) : [];
    // American Dream, with other players: who circles a street's or a column's bonus depends
    // on them (alone, the server settles it at the end of your turn).
    const dreamRaces = !hasActions(l) && !solo() ? [
      ...l.streets.map((_, i) => dreamRace(`c-street-bonus-${i + 1}`, `Street ${i + 1} bonus`, st.sheet.streets[i].bonus || 'open', (v) => {
        const streets = st.sheet.streets.map((x, k) => {
          if (k !== i) return x;
          const y = { ...x };
          if (v === 'open') delete y.bonus; else y.bonus = v;
          return y;
        });
        st.sheet = { ...st.sheet, streets };
      })),
      ...Array.from({ length: columnCount(l) }, (_, c) => dreamRace(`c-column-bonus-${c + 1}`, `Column ${c + 1} bonus`,
        (st.sheet.column_bonuses || [])[c] || 'open', (v) => { st.sheet = withColumnBonus(l, st.sheet, c, v); })),
    ] : [];
    const temps = hasActions(l);
    layoutWrap.replaceChildren(...[layoutPanel()].filter(Boolean));
    setupEl.replaceChildren(
      el('h2', { id: 'setup-h' }, 'Game setup'),
      el('div', { class: 'grid-form' },
        el('label', { for: 'c-edition' }, 'Edition'), editionSel,
        el('label', { for: 'c-sheet' }, 'Sheet'), sheetSel,
        el('label', { for: 'c-city' }, 'City name'), city,
        el('label', { for: 'c-advanced' }, 'Advanced variant'), adv,
        ...(quarterEffects().length ? [el('label', { for: 'c-nine-three-quarters' }, '9¾ cards'),
          el('label', { class: 'row check', for: 'c-nine-three-quarters' }, nine, el('span', { class: 'muted' }, 'the table plays with the three 9¾ cards'))] : []),
        // a sheet without temps (American Dream) has no temp majority to compare
        ...(temps ? [el('label', { for: 'c-others' }, 'Other players’ temps'), others] : []),
        ...races.flat(),
        ...tierRaces.flat(),
        ...duckRaces.flat(),
        ...dreamRaces.flat(),
      ),
      ...(temps ? [el('p', { class: 'muted' }, `Leave the other players’ temps empty for a solo game (${l.solo_temps.at_least} temps or more score ${l.solo_temps.points}).`)] : []),
      el('h3', {}, 'City plans on the table'),
      ...planSelects,
      el('div', { class: 'row' },
        el('button', { type: 'button', id: 'undo-round', disabled: st.history.length ? null : true, onclick: undo }, '↶ Undo last round'),
        el('button', { type: 'button', class: 'danger', id: 'new-sheet', onclick: reset }, 'New sheet')),
    );
  }

  /**
   * American Dream, with other players: a label and a select setting one street's or column's
   * bonus (`set(state)` writes it on the sheet), as the table settled it.
   */
  function dreamRace(id, name, now, set) {
    const sel = el('select', { id, onchange: (e) => {
      set(e.target.value);
      save();
      // cards already typed for this turn: the turn starts again on the changed sheet
      if (controller) {
        controller.dead = true;
        controller = null;
        startTurn();
      }
      refreshScore();
    } }, Object.entries(RACE_NAMES).map(([v, t]) => el('option', { value: v }, t)));
    sel.value = now;
    return [el('label', { for: id }, name), sel];
  }

  /**
   * The points printed on the player's own card of plan `k` (§18.5), when they differ from the
   * values shown: Projet / Validé, empty for the shipped ones; the server checks them.
   */
  function planValues(k) {
    const slot = st.plans[k];
    const card = planOf(st.edition, slot.card);
    const src = planPlaceholder(st.edition, card);
    const input = (i, label) => el('input', {
      type: 'number', min: 0, max: 30, size: 3, inputmode: 'numeric', id: `plan-${k + 1}-${i ? 'second' : 'first'}`,
      value: slot.values ? slot.values[i] : '', placeholder: card ? (i ? card.second : card.first) : '',
      'aria-label': `${planName(st.edition, k)} ${label} points on your card`,
      onchange: () => {
        const [a, b] = [0, 1].map((j) => document.getElementById(`plan-${k + 1}-${j ? 'second' : 'first'}`).value.trim());
        if (a === '' && b === '') delete slot.values;
        else if (a !== '' && b !== '') slot.values = [Number(a), Number(b)];
        else return;
        save();
        renderSetup();
        refreshScore();
      },
    });
    return el('div', { class: 'row', 'data-plan-values': k + 1 },
      el('span', { class: 'muted' }, 'your card:'), input(0, 'Projet (first)'), '/', input(1, 'Validé (later)'),
      slot.values ? valueMark('entered') : src ? valueMark('placeholder', src) : null);
  }

  /** The opponent card in play: the player's entered values, else the shipped card. */
  function opponentCard() {
    return (aaaOut && aaaOut.card) || st.aaa.opponent || opponentOf(st.edition, st.aaa.level);
  }

  /**
   * Ice Cream (collector expansions §3.6): the end-of-route bonuses still open on the sheet, of
   * which a Validation card makes the player cross one off at the start of their next turn.
   */
  function openBonuses() {
    const l = layout();
    if (!(l.modules || []).includes('ice-cream')) return 0;
    return l.streets.filter((street, i) => (street.trucks || []).length && (st.sheet.streets[i].bonus || 'open') === 'open').length;
  }

  /** A Validation card came up on the player's pile (§15.4). */
  function validation(k) {
    const letter = 'ABC'[k];
    const card = opponentCard();
    const name = (aaaOut && aaaOut.name) || opponentOf(st.edition, st.aaa.level)?.name || 'The AAA';
    remember();
    st.aaa.drawn.push(k);
    // the server applies the card to the AAA's halves with the next request (Atomic War: the AAA
    // builds a shelter in street k + 1)
    st.aaa.pending = [...(st.aaa.pending || []), k + 1];
    // Ice Cream: the next turn starts by crossing off an open bonus; none open, nothing happens
    const owed = st.sheet.owed || 0;
    const iceCrossing = owed < openBonuses();
    if (iceCrossing) st.sheet = { ...st.sheet, owed: owed + 1 };
    // American Dream: 1 street bonus and 2 column bonuses, of those still open (collector
    // expansions §10.6)
    const open = openRaces(layout(), st.sheet);
    const dream = {
      owed: Math.min(owed + 1, open.streets),
      owed_columns: Math.min((st.sheet.owed_columns || 0) + 2, open.columns),
    };
    const dreamCrossing = !hasActions(layout()) && (dream.owed > owed || dream.owed_columns > (st.sheet.owed_columns || 0));
    if (dreamCrossing) st.sheet = { ...st.sheet, ...dream };
    const crossing = iceCrossing || dreamCrossing;
    // Halloween: the ghost and candy tiers of the card's rank are crossed off unless circled
    // (collector expansions §4.6)
    const tiersLost = !!layout().halloween && ['ghost', 'candy'].some((t) => !(st.sheet.tiers && st.sheet.tiers[t][k]));
    if (tiersLost) {
      st.sheet = withTiers(st.sheet, (t) => {
        for (const kind of ['ghost', 'candy']) if (t[kind][k] == null) t[kind][k] = 'lost';
      });
    }
    // Coin Coin: A holds the yellow scoring at once, B the black one, the second of them both
    // colours too (collector expansions §9.6), with the points the sheet gives now
    const scorings = layout().ducks && k < 2 ? [k, ...(st.aaa.drawn.includes(1 - k) ? [2] : [])] : [];
    const held = scorings.filter((j) => !(st.sheet.duck_scorings && st.sheet.duck_scorings[j] != null));
    if (held.length) st.sheet = withScorings(st.sheet, held, duckParts());
    if (card && card.validates['abc'[k]]) {
      const slot = st.plans[k];
      const plan = planOf(st.edition, slot.card);
      const [first, second] = slot.values || [plan.first, plan.second];
      const points = card.level === 0 ? 0 : slot.approved ? second : first;
      st.aaa.plans[k] = points;
      slot.approved = true;
      toast(`${name} validates plan ${letter} for ${pointsText(points)}; the plan turns to its Validé side.`);
    } else {
      toast(`${name} does not validate plan ${letter}: nothing happens.`);
    }
    if (iceCrossing) toast('Ice Cream: your next turn starts by crossing off one open end-of-route bonus of your choice.', false, 'cross');
    if (dreamCrossing) toast('American Dream: your next turn starts by crossing off 1 street bonus and 2 column bonuses of your choice, still open.', false, 'cross');
    if (tiersLost) toast(`Halloween: the open tiers of ${[4, 6, 9][k] ?? 'that rank'} are crossed off.`, false, 'tiers');
    if (held.length) toast(`Coin Coin: the ${held.map((j) => SCORING_NAMES[j].toLowerCase()).join(' and ')} duck scoring${held.length > 1 ? 's are' : ' is'} held now.`, false, 'ducks');
    save();
    renderSetup();
    // cards already typed for this turn: the turn starts again (with the crossing first)
    if ((crossing || tiersLost || held.length) && controller) {
      controller.dead = true;
      controller = null;
      startTurn();
    }
    refreshScore();
  }

  function renderAaa() {
    if (!aaaOn()) {
      aaaEl.replaceChildren();
      return;
    }
    const ed = edition(st.edition);
    const a = st.aaa;
    const levelSel = el('select', { id: 'c-aaa-level', onchange: (e) => { a.level = Number(e.target.value); a.opponent = null; save(); refreshScore(); } },
      ed.aaa.opponents.map((o) => el('option', { value: o.level }, levelLabel(o))));
    levelSel.value = String(a.level);
    const editor = opponentEditor(st.edition, a.level, a.opponent);
    const useValues = el('button', { type: 'button', id: 'c-opponent-save', onclick: () => {
      a.opponent = editor.read();
      save();
      refreshScore();
    } }, 'Use these values');
    editor.toggle.addEventListener('change', () => {
      if (!editor.toggle.checked && a.opponent) {
        a.opponent = null;
        save();
        refreshScore();
      }
    });
    editor.box.append(useValues);
    const drawn = el('div', { class: 'row', role: 'group', 'aria-label': 'A Validation card came up' },
      el('span', {}, 'A Validation card came up:'),
      [0, 1, 2].map((k) => el('button', { type: 'button', id: `c-validation-${'abc'[k]}`, disabled: a.drawn.includes(k) ? true : null, onclick: () => validation(k) }, 'ABC'[k])));
    const view = aaaOut ? { companion: true, aaa: { name: aaaOut.name, card: aaaOut.card, given: st.entry ? givenNow() : a.given, plans: a.plans, score: aaaOut.score } } : null;
    const owed = st.sheet.owed || 0;
    const owedColumns = st.sheet.owed_columns || 0;
    const dreamOwed = [[owed, 'street'], [owedColumns, 'column']].filter(([n]) => n > 0).map(([n, kind]) => `${n} ${kind} bonus${n > 1 ? 'es' : ''}`).join(' and ');
    aaaEl.replaceChildren(
      el('section', { class: 'panel', 'aria-labelledby': 'c-aaa-h' },
        el('h2', { id: 'c-aaa-h' }, 'Your opponent: the AAA'),
        el('p', { class: 'muted' }, layout().zombies
          ? 'You choose which of your two cards goes to the AAA at the end of each turn. A Zombie card that comes up (typed with the cards) takes the place of the last two cards given to it, from level 1. Press the letter of a Validation card when one comes up.'
          : 'The card left in your hand goes to the AAA at the end of each turn (on a refusal, the card you choose). Press the letter of a Validation card when one comes up.'),
        el('div', { class: 'grid-form' }, el('label', { for: 'c-aaa-level' }, 'Opponent card'), levelSel),
        ...editor.nodes,
        drawn,
        !hasActions(layout()) && dreamOwed ? el('p', { class: 'warn', id: 'c-owed' }, `Your next turn starts by crossing off ${dreamOwed} (a Validation card came up).`)
          : owed ? el('p', { class: 'warn', id: 'c-owed' }, `Your next turn starts by crossing off ${owed === 1 ? 'one open end-of-route bonus' : `${owed} open end-of-route bonuses`} (a Validation card came up).`) : null),
      view ? aaaPanel({ edition: st.edition, sheet: st.sheetId, values: a.opponent ? { opponent: a.opponent } : null }, view) : el('span'),
    );
  }

  /** Keeps the state before a change, for the undo button. */
  function remember() {
    st.history.push({ sheet: st.sheet, plans: JSON.parse(JSON.stringify(st.plans)), aaa: JSON.parse(JSON.stringify(st.aaa)), round: st.round || 1, zombiesSeen: [...(st.zombiesSeen || [])] });
    if (st.history.length > 40) st.history.shift();
  }

  function undo() {
    const prev = st.history.pop();
    if (!prev) return;
    st.sheet = prev.sheet;
    st.plans = prev.plans;
    if (prev.aaa) st.aaa = prev.aaa;
    if (prev.zombiesSeen) st.zombiesSeen = prev.zombiesSeen;
    st.zombies = [];
    st.round = prev.round ?? Math.max(1, (st.round || 1) - 1);
    save();
    if (controller) controller.dead = true;
    controller = null;
    renderEntry();
    renderSetup();
    refreshScore();
  }

  function reset() {
    if (!confirm('Start a new, empty sheet? The current one is lost.')) return;
    // a new sheet of the same printed sheet keeps its layout
    const keep = { advanced: st.advanced, cards: st.cards, others: st.others, city: st.city, layout: st.layout, quarters: st.quarters };
    st = { ...fresh(st.edition, st.sheetId), ...keep, aaa: freshAaa(st.aaa.level) };
    save();
    if (controller) controller.dead = true;
    controller = null;
    renderSetup();
    renderEntry();
    refreshScore();
  }

  function renderEntry() {
    if (st.entry && controller) return;
    controller = null;
    const l = layout();
    // a sheet the engine plays in the standard game only has no hand to type
    const modes = sheetOf(st.edition, st.sheetId).modes || ['standard', 'solo', 'expert'];
    const hands = modes.includes('solo') || modes.includes('expert');
    if (!hands && st.cards === 'hand') st.cards = 'combinations';
    const kind = st.cards || 'combinations';
    const count = kind === 'hand' ? handCount(l) : comboCount(l);
    const deck = edition(st.edition).deck;
    const kindSel = el('select', { id: 'c-kind', onchange: (e) => { st.cards = e.target.value; save(); renderEntry(); renderSetup(); refreshScore(); } },
      el('option', { value: 'combinations' }, `${count === 2 ? 'two' : 'three'} combinations (standard game)`),
      hands ? el('option', { value: 'hand' }, handCount(l) === 2 ? 'a hand of two cards (solo against the AAA, expert)' : 'a hand of three cards (solo, expert)') : null);
    kindSel.value = kind;
    // Zombies: the Zombie cards that came up on pile 1 (with a hand: drawn) this round (at most
    // one of each, two in a round), and the last flip that leaves pile 1 without a number (the
    // draw that finds the draw pile empty for good)
    const seen = st.zombiesSeen || [];
    const zombieSels = l.zombies ? [0, 1].map((i) => {
      const sel = el('select', { id: `c-zombie-${i + 1}`, 'aria-label': i ? 'Second Zombie card this round' : 'Zombie card this round' },
        el('option', { value: '' }, i ? '— no second one —' : '— none —'),
        ...(l.zombies.cards || []).filter((c) => !seen.includes(c)).map((c) => el('option', { value: c }, `${(ZOMBIE_CARDS[c] || {}).name || c}: ${(ZOMBIE_CARDS[c] || {}).moves || ''}`)));
      return sel;
    }) : [];
    const lastFlip = l.zombies ? el('input', { type: 'checkbox', id: 'c-last-flip' }) : null;
    const rows = Array.from({ length: count }, (_, i) => i).map((i) => {
      // with the 9¾ cards a number may be typed "9¾" (or 9.75): a text field then
      const num = quarters()
        ? el('input', { type: 'text', required: true, id: `c-num-${i + 1}`, 'aria-label': `${kind === 'hand' ? 'Card' : 'Combination'} ${i + 1}: number (1 to 15, or 9¾)`, inputmode: 'decimal', size: 4, autocomplete: 'off' })
        : el('input', { type: 'number', min: 1, max: 15, required: true, id: `c-num-${i + 1}`, 'aria-label': `${kind === 'hand' ? 'Card' : 'Combination'} ${i + 1}: number`, inputmode: 'numeric' });
      // no effect is chosen until the player chooses one: a forgotten card is an error, never a
      // silent Surveyor
      const options = (list) => [el('option', { value: '' }, '— effect —'), ...list.map((e) => el('option', { value: e }, effectLabel(e)))];
      const eff = el('select', { id: `c-eff-${i + 1}`, required: true, 'aria-label': `${kind === 'hand' ? 'Card' : 'Combination'} ${i + 1}: effect` },
        options(EFFECTS));
      eff.value = '';
      // only the effects printed with that number in the deck (a combination pairs the number
      // of one card with the effect of another, so any effect goes there)
      if (kind === 'hand') {
        num.addEventListener('input', () => {
          const n = readNumber(num.value);
          const list = (n === '9¾' ? quarterEffects() : deck[String(n)]) || EFFECTS;
          const keep = eff.value;
          eff.replaceChildren(...options(list));
          eff.value = list.includes(keep) ? keep : '';
        });
      }
      return { num, eff, row: el('div', { class: 'row' }, el('strong', {}, `${i + 1}.`), num, eff) };
    });
    const err = el('p', { class: 'error-text', role: 'alert', id: 'c-error' });
    // Typed entry: "5s 9b 12p" fills the three cards at once.
    const quick = el('input', { id: 'c-quick', placeholder: 'e.g. 5s 9b 12p', autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'c-quick-help' });
    quick.addEventListener('input', () => {
      const parsed = parseQuick(quick.value);
      parsed.cards.slice(0, count).forEach((c, i) => {
        rows[i].num.value = c.number == null ? '' : String(c.number);
        rows[i].num.dispatchEvent(new Event('input'));
        rows[i].eff.value = c.effect && [...rows[i].eff.options].some((o) => o.value === c.effect) ? c.effect : '';
      });
      err.textContent = parsed.error
        || (!quarters() && parsed.cards.some((c) => c.number === '9¾') ? 'a 9¾ card only comes with the 9¾ cards: tick them in the game setup' : '');
    });
    const form = el('form', { novalidate: true },
      el('h2', {}, `Round ${st.round || 1}: the cards on the table`),
      el('div', { class: 'row' }, el('label', { for: 'c-kind' }, 'Cards:'), kindSel),
      el('div', { class: 'row' }, el('label', { for: 'c-quick' }, 'Type them:'), quick),
      el('p', { class: 'muted', id: 'c-quick-help' }, `A number and an effect letter per card: ${Object.entries(LETTERS).map(([k, e]) => `${k} ${effectLabel(e)}`).join(', ')}${quarters() ? '; a 9¾ card is “9¾” or “9.75”' : ''}.`),
      ...rows.map((r) => r.row),
      ...(l.zombies ? [
        el('div', { class: 'row', role: 'group', 'aria-label': kind === 'hand' ? 'Zombie cards drawn this round' : 'Zombie cards that came up on pile 1 this round' },
          el('span', {}, 'Zombie card:'), ...zombieSels),
        el('label', { class: 'row check', for: 'c-last-flip' }, lastFlip, kind === 'hand'
          ? 'The draw pile ran out for good: the game ends (only a Zombie card drawn is resolved)'
          : 'Pile 1 has no number left: the game ends (only the Zombie card is resolved)'),
        seen.length ? el('p', { class: 'muted', id: 'c-zombies-seen' }, `Already come up: ${seen.map(zombieCardText).join('; ')}.`) : null,
      ] : []),
      err,
      el('button', { type: 'submit', class: 'primary', id: 'c-go' }, 'Play these cards'));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const zombies = zombieSels.map((s) => s.value).filter(Boolean);
      if (new Set(zombies).size < zombies.length) {
        err.textContent = 'Not sent: pile 1 holds one Zombie card of each kind.';
        return;
      }
      if (lastFlip && lastFlip.checked) {
        // nothing to play: the turn only resolves the Zombie cards of the last flip
        st.zombies = zombies;
        st.entry = kind === 'hand' ? { hand: [] } : { combinations: [] };
        save();
        startTurn();
        return;
      }
      const cards = rows.map((r) => ({ number: readNumber(r.num.value), effect: r.eff.value }));
      const problems = [];
      cards.forEach((c, i) => {
        const badNum = !cardNumber(c.number) || (c.number === '9¾' && !quarters());
        rows[i].num.setAttribute('aria-invalid', badNum ? 'true' : 'false');
        rows[i].eff.setAttribute('aria-invalid', c.effect ? 'false' : 'true');
        if (badNum) problems.push(`card ${i + 1} needs a number from 1 to 15${quarters() ? ' or 9¾' : ''}`);
        if (!c.effect) problems.push(`card ${i + 1} needs an effect`);
      });
      if (problems.length) {
        err.textContent = `Not sent: ${problems.join('; ')}.`;
        (rows.find((r) => r.num.getAttribute('aria-invalid') === 'true')?.num || rows.find((r) => !r.eff.value)?.eff)?.focus();
        return;
      }
      st.entry = kind === 'hand' ? { hand: cards.map((c) => `${c.number}-${c.effect}`) } : { combinations: cards };
      st.zombies = zombies;
      save();
      startTurn();
    });
    entryEl.replaceChildren(form);
    drawSheet();
  }

  function startTurn() {
    controller = new TurnController({
      controls: entryEl,
      sheetEl,
      base: st.sheet,
      baseScore: score,
      baseDerived: derived,
      aaaHalves: aaaOn() ? st.aaa.halves : null,
      layout: layout(),
      offer: st.entry,
      nextEffects: null,
      advanced: advanced(),
      expert: false,
      solo: solo(),
      aaa: aaaOn(),
      edition: st.edition,
      round: st.round || 1,
      plans: st.plans.map((p, k) => ({ plan: k + 1, text: planText(planOf(st.edition, p.card)) })),
      moduleCards: st.zombies || [],
      submitted: null,
      sheetLabel: `Your sheet (${layout().name})`,
      city: st.city,
      requestOptions: request,
      submit: async (turn) => {
        // a round the game ends before holds only its ammo
        const draft = turn.play === 'unplayed' ? {} : { play: turn.play };
        if (turn.ammo) draft.ammo = turn.ammo;
        if (turn.objective != null) draft.objective = turn.objective;
        if (turn.cross) draft.cross = turn.cross;
        if (turn.roundabout) draft.roundabout = turn.roundabout;
        if (turn.plans) draft.plans = turn.plans;
        if (turn.circles) draft.circles = turn.circles;
        if (turn.tiers) draft.tiers = turn.tiers;
        if (turn.reshuffle) draft.reshuffle = true;
        const sent = aaaSent();
        const o = await request(draft);
        if (o.error) throw new Error(o.error.message);
        remember();
        // Zombies: the round's Zombie cards took the place of the AAA's last two cards
        if (aaaOn()) st.aaa.given = givenNow();
        st.zombiesSeen = [...(st.zombiesSeen || []), ...(st.zombies || [])];
        st.zombies = [];
        // alone against the AAA, the card neither used nor kept goes on its pile (§15.3); of a
        // hand of two, the one the turn names
        if (aaaOn() && st.entry.hand && turn.play !== 'unplayed') {
          const b = turn.play.build;
          const pick = b && b.pick && b.pick.hand;
          const k = turn.play.refuse ? turn.play.refuse.pass : b && b.pass ? b.pass : pick ? [1, 2, 3].find((i) => !pick.includes(i)) : null;
          if (k) st.aaa.given.push(st.entry.hand[k - 1]);
        }
        // the sheet once the turn is over (alone at the table: its bonuses settled)
        st.sheet = o.after_turn || o.sheet;
        score = o.score;
        derived = o.derived;
        for (const c of turn.plans || []) st.plans[c.plan - 1].approved = true;
        // the AAA's halves after the turn (Atomic War: a roundabout gives it a 10)
        keepHalves(sent, o);
        st.round = (st.round || 1) + 1;
        st.entry = null;
        save();
        if (controller) controller.dead = true;
        controller = null;
        toast('Turn written on your sheet.');
        renderEntry();
        renderSetup();
        if (o.after_turn) refreshScore();
      },
      restart: async () => {},
    });
    // a "change the cards" escape hatch below the turn controls
    controller.cfg.onChange = () => {
      if (!entryEl.querySelector('#c-change')) {
        entryEl.append(el('button', { type: 'button', id: 'c-change', onclick: () => { st.entry = null; st.zombies = []; save(); if (controller) controller.dead = true; controller = null; renderEntry(); } }, 'Change the cards'));
      }
    };
    controller.start();
  }

  renderSetup();
  if (st.entry) startTurn(); else renderEntry();
  await refreshScore();
  const relayout = () => { if (!controller) drawSheet(); };
  COMPACT.addEventListener('change', relayout);
  return { stop: () => { if (controller) controller.dead = true; COMPACT.removeEventListener('change', relayout); } };
}
