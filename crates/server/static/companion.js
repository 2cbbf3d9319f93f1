// The score-sheet companion, for people playing with the physical cards: a sheet of any
// edition's sheets kept in this browser, the cards showing on the table typed in each round,
// and the same rules-checked turn as online (the server answers what is legal; nothing is
// stored on the server).

import { api } from './api.js';
import { TurnController } from './turn.js';
import { edition, sheetOf, planOf, layoutPlaceholders, DEFAULT_EDITION } from './data.js';
import { layoutForm } from './layout.js';
import { el, emptySheet, EFFECTS, effectLabel, planText, pointsText } from './format.js';
import { hasActions, modulesOf } from './sheet/modules.js';
import { renderSheet, scoreText, COMPACT } from './sheet.js';
import { setTitle, toast } from './app.js';
import { EDITIONS } from './edition.js';
import { planName, planPlaceholder, planCardName, valueMark, opponentOf, opponentEditor, levelLabel, aaaPanel } from './aaa.js';

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
 * sheet's split boxes as the server last gave them (a module's; empty: as at setup) and the
 * Validation cards (plans 1–3) the server has not yet applied to them. */
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
    // what the sheet's modules keep of their own (their cards typed with the round's, …)
    ...Object.assign({}, ...modulesOf(layout).map((m) => m.companion?.fresh?.() || {})),
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
  // The sheet's rule modules, and what their companion hooks work on (see sheet/modules.js):
  // the sheet played, the sheet as written (read and replaced), the state kept here (a module
  // keeps fields of its own in it), the last score, and `changed` after a change.
  const sheetModules = () => modulesOf(layout());
  const moduleCtx = () => ({
    layout: layout(),
    get sheet() { return st.sheet; },
    set sheet(v) { st.sheet = v; },
    get state() { return st; },
    get score() { return score; },
    changed,
  });
  /** Calls companion hook `name` of each module of the sheet that has it, with a context first. */
  const moduleHook = (name, ...args) => {
    const c = moduleCtx();
    return sheetModules().filter((m) => m.companion?.[name]).map((m) => m.companion[name](c, ...args));
  };

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
    // a sheet without actions has no temps: it asks for none
    if (!hasActions(layout())) return [];
    const max = layout().temp_boxes;
    return String(st.others || '').split(/[\s,;]+/).filter(Boolean).map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n <= max);
  }

  const solo = () => st.cards === 'hand' && !othersTemps().length;
  // the Advanced variant, unless the sheet is never played with it (its `advanced: false`)
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
    // what the sheet's modules add (their cards typed with the round's)
    Object.assign(b, ...moduleHook('body', offer === st.entry).filter(Boolean));
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
   * The AAA's pile as it stands this round: the cards given to it, as the sheet's modules change
   * it when their own cards were typed with the round's (`typed`).
   */
  function givenNow(typed = true) {
    const given = [...st.aaa.given];
    if (!typed) return given;
    const c = moduleCtx();
    return sheetModules().reduce((g, m) => (m.companion?.aaaGiven ? m.companion.aaaGiven(c, g) : g), given);
  }

  /** The AAA's halves and the Validation card a request is about to send. */
  const aaaSent = () => ({ halves: st.aaa.halves, validation: st.aaa.pending?.[0] });

  /**
   * Keeps the AAA's halves of an answer `o` to a request that sent `sent`: the server applied
   * the Validation card it carried (a module's split boxes: the AAA built in one), so that card
   * is done.
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
    // before the first number the AAA's halves start again from the new layout's split boxes
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
    // With other players, what the table settles between them (a race won or lost, a scoring
    // held) is set here, each module its own; alone, the server settles it at the end of the turn.
    const races = solo() ? [] : moduleHook('races').flat();
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
        // a sheet without actions has no temps, so no temp majority to compare
        ...(temps ? [el('label', { for: 'c-others' }, 'Other players’ temps'), others] : []),
        ...races.flat(),
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

  /** A Validation card came up on the player's pile (§15.4). */
  function validation(k) {
    const letter = 'ABC'[k];
    const card = opponentCard();
    const name = (aaaOut && aaaOut.name) || opponentOf(st.edition, st.aaa.level)?.name || 'The AAA';
    remember();
    st.aaa.drawn.push(k);
    // the server applies the card to the AAA's halves with the next request (a module's split
    // boxes: the AAA builds in one)
    st.aaa.pending = [...(st.aaa.pending || []), k + 1];
    // what the card does on the sheet's modules (a bonus to cross off first, tiers lost, a
    // scoring held), each with its toast
    const said = moduleHook('validation', k).filter(Boolean);
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
    for (const [text, kind] of said) toast(text, false, kind);
    save();
    renderSetup();
    // cards already typed for this turn: the turn starts again (with the crossing first)
    if (said.length) restartTurn();
    refreshScore();
  }

  /** Cards already typed for this turn: the turn starts again on the changed sheet. */
  function restartTurn() {
    if (!controller) return;
    controller.dead = true;
    controller = null;
    startTurn();
  }

  /**
   * After a module changed the sheet (`moduleCtx`): kept, the setup drawn again (`setup`), the
   * turn typed in started again (`restart`), and the score asked for again.
   */
  function changed({ setup = false, restart = false } = {}) {
    save();
    if (setup) renderSetup();
    if (restart) restartTurn();
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
    // what the next turn crosses off first, as a module words it
    const owed = moduleHook('owedText').find(Boolean);
    aaaEl.replaceChildren(
      el('section', { class: 'panel', 'aria-labelledby': 'c-aaa-h' },
        el('h2', { id: 'c-aaa-h' }, 'Your opponent: the AAA'),
        el('p', { class: 'muted' }, sheetModules().map((m) => m.companion?.aaaIntro).find(Boolean)
          || 'The card left in your hand goes to the AAA at the end of each turn (on a refusal, the card you choose). Press the letter of a Validation card when one comes up.'),
        el('div', { class: 'grid-form' }, el('label', { for: 'c-aaa-level' }, 'Opponent card'), levelSel),
        ...editor.nodes,
        drawn,
        owed ? el('p', { class: 'warn', id: 'c-owed' }, owed) : null),
      view ? aaaPanel({ edition: st.edition, sheet: st.sheetId, values: a.opponent ? { opponent: a.opponent } : null }, view) : el('span'),
    );
  }

  /** Keeps the state before a change, for the undo button. */
  function remember() {
    st.history.push({ sheet: st.sheet, plans: JSON.parse(JSON.stringify(st.plans)), aaa: JSON.parse(JSON.stringify(st.aaa)), round: st.round || 1, ...Object.assign({}, ...moduleHook('remember')) });
    if (st.history.length > 40) st.history.shift();
  }

  function undo() {
    const prev = st.history.pop();
    if (!prev) return;
    st.sheet = prev.sheet;
    st.plans = prev.plans;
    if (prev.aaa) st.aaa = prev.aaa;
    moduleHook('undo', prev);
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
    // what the sheet's modules ask besides the cards (their own cards that came up with them,
    // the flip that ends the game)
    const asked = moduleHook('entry', kind).filter(Boolean);
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
      ...asked.flatMap((a) => a.nodes),
      err,
      el('button', { type: 'submit', class: 'primary', id: 'c-go' }, 'Play these cards'));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const refused = asked.map((a) => a.error()).find(Boolean);
      if (refused) {
        err.textContent = refused;
        return;
      }
      if (asked.some((a) => a.ends())) {
        // nothing to play: the turn only resolves what a module typed with the last flip
        for (const a of asked) a.keep();
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
      for (const a of asked) a.keep();
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
      moduleCards: moduleHook('cards').flat(),
      submitted: null,
      sheetLabel: `Your sheet (${layout().name})`,
      city: st.city,
      requestOptions: request,
      submit: async (turn) => {
        // the turn's parts as they are (a round the game ends before holds only what was
        // resolved before the cards)
        const { play, ...parts } = turn;
        const draft = play === 'unplayed' ? parts : { play, ...parts };
        const sent = aaaSent();
        const o = await request(draft);
        if (o.error) throw new Error(o.error.message);
        remember();
        // the modules' cards typed this round changed the AAA's pile; they are done
        if (aaaOn()) st.aaa.given = givenNow();
        moduleHook('roundDone');
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
        // the AAA's halves after the turn (a module may write in them as the turn goes)
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
        entryEl.append(el('button', { type: 'button', id: 'c-change', onclick: () => { st.entry = null; moduleHook('clear'); save(); if (controller) controller.dead = true; controller = null; renderEntry(); } }, 'Change the cards'));
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
