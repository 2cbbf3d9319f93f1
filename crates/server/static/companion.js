// The score-sheet companion, for people playing with the physical cards: a sheet of any
// edition's sheets kept in this browser, the cards showing on the table typed in each round,
// and the same rules-checked turn as online (the server answers what is legal; nothing is
// stored on the server).

import { api } from './api.js';
import { TurnController } from './turn.js';
import { edition, sheetOf, planOf, DEFAULT_EDITION } from './data.js';
import { el, emptySheet, EFFECTS, effectLabel, planText } from './format.js';
import { renderSheet, scoreText, COMPACT } from './sheet.js';
import { setTitle, toast } from './app.js';

const KEY = 'welcome.companion';

/** The first basic plan of each stack dealt with the sheet. */
function defaultPlans(layout, editionId) {
  return layout.stacks.map((ids) => {
    const card = ids.find((id) => !planOf(editionId, id)?.advanced) ?? ids[0];
    return { card, approved: false };
  });
}

function fresh(editionId, sheetId) {
  const layout = sheetOf(editionId, sheetId);
  return {
    edition: editionId, sheetId: layout.id, sheet: emptySheet(layout), plans: defaultPlans(layout, editionId),
    advanced: false, cards: 'combinations', others: '', city: '', round: 1, history: [], entry: null,
  };
}

function load() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || 'null');
    // sheets kept before sheets were named are classic sheets of the default edition
    if (s && s.sheet && s.plans) return { edition: DEFAULT_EDITION, sheetId: edition(DEFAULT_EDITION).default_sheet, ...s };
  } catch {
    // fall through to a new sheet
  }
  return fresh(DEFAULT_EDITION, edition(DEFAULT_EDITION).default_sheet);
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
  const tokens = String(text).toLowerCase().match(/\d+\s*[a-z]?|[a-z]/g) || [];
  const rest = String(text).toLowerCase().replace(/\d+\s*[a-z]?|[a-z]|[\s,;]/g, '');
  let error = rest ? `“${rest}” is not a card` : null;
  let k = 0;
  for (const tok of tokens) {
    const m = tok.match(/^(\d+)?\s*([a-z])?$/);
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
    const n = Number(m[1]);
    cards[k].number = n;
    if (n < 1 || n > 15) error = error || `${n} is not a card number (1 to 15)`;
    if (m[2]) {
      if (LETTERS[m[2]]) cards[k].effect = LETTERS[m[2]];
      else error = error || `“${m[2]}” is not an effect letter`;
    }
    k++;
  }
  return { cards, error };
}

const BONUS_NAMES = { open: 'open', won: 'circled (first to finish the route)', lost: 'crossed off (somebody finished first)' };

export async function companionPage(main) {
  setTitle('Score-sheet companion');
  let st = load();
  let controller = null;
  let score = null;
  let derived = null;
  const save = () => localStorage.setItem(KEY, JSON.stringify(st));
  const layout = () => sheetOf(st.edition, st.sheetId);

  const setupEl = el('section', { class: 'panel', 'aria-labelledby': 'setup-h' });
  const entryEl = el('section', { class: 'panel steps', id: 'controls', 'aria-label': 'This round' });
  const sheetEl = el('div', { class: 'sheet-wrap', id: 'companion-sheet' });
  main.append(
    el('h1', {}, 'Score-sheet companion'),
    el('p', { class: 'muted' }, 'Playing with the physical cards? Keep your sheet here: choose your sheet, type the cards showing on the table each round, then write your number and effect — the same rules are checked as online, and the totals are kept for you. The sheet stays in this browser.'),
    el('div', { class: 'play-layout' }, sheetEl, el('div', {}, entryEl, setupEl)),
  );

  function othersTemps() {
    const max = layout().temp_boxes;
    return String(st.others || '').split(/[\s,;]+/).filter(Boolean).map(Number).filter((n) => Number.isInteger(n) && n >= 0 && n <= max);
  }

  const solo = () => st.cards === 'hand' && !othersTemps().length;

  function body(offer, draft) {
    const b = { edition: st.edition, sheet_id: st.sheetId, sheet: st.sheet, offer, plans: st.plans, advanced: st.advanced, draft };
    if (st.cards === 'hand') b.mode = othersTemps().length ? 'expert' : 'solo';
    if (othersTemps().length && b.mode !== 'solo') b.temps_of_others = othersTemps();
    return b;
  }

  function request(draft) {
    return api('POST', '/api/companion/options', body(st.entry, draft));
  }

  async function refreshScore() {
    try {
      const hand = { hand: ['1-surveyor', '2-surveyor', '3-pool'] };
      const combos = { combinations: [{ number: 1, effect: 'surveyor' }, { number: 1, effect: 'surveyor' }, { number: 1, effect: 'surveyor' }] };
      const offer = st.entry || (st.cards === 'hand' ? hand : combos);
      const o = await api('POST', '/api/companion/options', body(offer, {}));
      score = o.score;
      derived = o.derived;
    } catch (e) {
      score = null;
      derived = null;
      toast(e.message, true);
    }
    if (!controller) drawSheet();
  }

  function drawSheet() {
    renderSheet(sheetEl, { sheet: st.sheet, score, derived, layout: layout() }, { label: `Your sheet (${layout().name})`, city: st.city, solo: solo() });
    if (score) sheetEl.append(el('p', { class: 'score-line' }, scoreText(score)));
  }

  function changeSheet(id) {
    const written = st.sheet.streets.some((s) => s.houses.some((h) => h));
    if (written && !confirm('Change the sheet? Your current sheet is cleared.')) {
      renderSetup();
      return;
    }
    const keep = { advanced: st.advanced, cards: st.cards, others: st.others, city: st.city };
    st = { ...fresh(st.edition, id), ...keep };
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
    const sheetSel = el('select', { id: 'c-sheet', onchange: (e) => changeSheet(e.target.value) },
      ed.sheets.map((s) => el('option', { value: s.id }, s.name)));
    sheetSel.value = l.id;
    const planSelects = [1, 2, 3].map((stack, k) => {
      const cards = l.stacks[k].map((id) => planOf(st.edition, id)).filter((p) => p && (st.advanced || !p.advanced || p.id === st.plans[k].card));
      const sel = el('select', { id: `plan-${stack}`, 'aria-label': `Plan n°${stack}`, onchange: (e) => { st.plans[k].card = Number(e.target.value); save(); refreshScore(); } },
        cards.map((p) => el('option', { value: p.id }, `${planText(p)} (${p.first}/${p.second})${p.advanced ? ' ★' : ''}`)));
      sel.value = String(st.plans[k].card);
      const approved = el('input', { type: 'checkbox', id: `approved-${stack}`, onchange: (e) => { st.plans[k].approved = e.target.checked; save(); } });
      approved.checked = st.plans[k].approved;
      return el('div', { class: 'plan-row' }, el('label', { for: `plan-${stack}` }, `n°${stack}`), sel,
        el('label', { class: 'row', for: `approved-${stack}` }, approved, 'approved'));
    });
    const adv = el('input', { type: 'checkbox', id: 'c-advanced', onchange: (e) => { st.advanced = e.target.checked; save(); renderSetup(); } });
    adv.checked = st.advanced;
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
    setupEl.replaceChildren(
      el('h2', { id: 'setup-h' }, 'Game setup'),
      el('div', { class: 'grid-form' },
        el('label', { for: 'c-sheet' }, 'Sheet'), sheetSel,
        el('label', { for: 'c-city' }, 'City name'), city,
        el('label', { for: 'c-advanced' }, 'Advanced variant'), adv,
        el('label', { for: 'c-others' }, 'Other players’ temps'), others,
        ...races.flat(),
      ),
      el('p', { class: 'muted' }, `Leave the other players’ temps empty for a solo game (${l.solo_temps.at_least} temps or more score ${l.solo_temps.points}).`),
      el('h3', {}, 'City plans on the table'),
      ...planSelects,
      el('div', { class: 'row' },
        el('button', { type: 'button', id: 'undo-round', disabled: st.history.length ? null : true, onclick: undo }, '↶ Undo last round'),
        el('button', { type: 'button', class: 'danger', id: 'new-sheet', onclick: reset }, 'New sheet')),
    );
  }

  function undo() {
    const prev = st.history.pop();
    if (!prev) return;
    st.sheet = prev.sheet;
    st.plans = prev.plans;
    st.round = Math.max(1, (st.round || 1) - 1);
    save();
    if (controller) controller.dead = true;
    controller = null;
    renderEntry();
    renderSetup();
    refreshScore();
  }

  function reset() {
    if (!confirm('Start a new, empty sheet? The current one is lost.')) return;
    const keep = { advanced: st.advanced, cards: st.cards, others: st.others, city: st.city };
    st = { ...fresh(st.edition, st.sheetId), ...keep };
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
    const kind = st.cards || 'combinations';
    const deck = edition(st.edition).deck;
    const kindSel = el('select', { id: 'c-kind', onchange: (e) => { st.cards = e.target.value; save(); renderEntry(); renderSetup(); refreshScore(); } },
      el('option', { value: 'combinations' }, 'three combinations (standard game)'),
      el('option', { value: 'hand' }, 'a hand of three cards (solo, expert)'));
    kindSel.value = kind;
    const rows = [0, 1, 2].map((i) => {
      const num = el('input', { type: 'number', min: 1, max: 15, required: true, id: `c-num-${i + 1}`, 'aria-label': `${kind === 'hand' ? 'Card' : 'Combination'} ${i + 1}: number`, inputmode: 'numeric' });
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
          const list = deck[String(Number(num.value))] || EFFECTS;
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
      parsed.cards.forEach((c, i) => {
        rows[i].num.value = c.number == null ? '' : String(c.number);
        rows[i].num.dispatchEvent(new Event('input'));
        rows[i].eff.value = c.effect && [...rows[i].eff.options].some((o) => o.value === c.effect) ? c.effect : '';
      });
      err.textContent = parsed.error || '';
    });
    const form = el('form', { novalidate: true },
      el('h2', {}, `Round ${st.round || 1}: the cards on the table`),
      el('div', { class: 'row' }, el('label', { for: 'c-kind' }, 'Cards:'), kindSel),
      el('div', { class: 'row' }, el('label', { for: 'c-quick' }, 'Type them:'), quick),
      el('p', { class: 'muted', id: 'c-quick-help' }, `A number and an effect letter per card: ${Object.entries(LETTERS).map(([k, e]) => `${k} ${effectLabel(e)}`).join(', ')}.`),
      ...rows.map((r) => r.row),
      err,
      el('button', { type: 'submit', class: 'primary', id: 'c-go' }, 'Play these cards'));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const cards = rows.map((r) => ({ number: r.num.value.trim() === '' ? NaN : Number(r.num.value), effect: r.eff.value }));
      const problems = [];
      cards.forEach((c, i) => {
        const badNum = !Number.isInteger(c.number) || c.number < 1 || c.number > 15;
        rows[i].num.setAttribute('aria-invalid', badNum ? 'true' : 'false');
        rows[i].eff.setAttribute('aria-invalid', c.effect ? 'false' : 'true');
        if (badNum) problems.push(`card ${i + 1} needs a number from 1 to 15`);
        if (!c.effect) problems.push(`card ${i + 1} needs an effect`);
      });
      if (problems.length) {
        err.textContent = `Not sent: ${problems.join('; ')}.`;
        (rows.find((r) => r.num.getAttribute('aria-invalid') === 'true')?.num || rows.find((r) => !r.eff.value)?.eff)?.focus();
        return;
      }
      st.entry = kind === 'hand' ? { hand: cards.map((c) => `${c.number}-${c.effect}`) } : { combinations: cards };
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
      layout: layout(),
      offer: st.entry,
      nextEffects: null,
      advanced: st.advanced,
      expert: false,
      solo: solo(),
      round: st.round || 1,
      plans: st.plans.map((p, k) => ({ plan: k + 1, text: planText(planOf(st.edition, p.card)) })),
      submitted: null,
      sheetLabel: `Your sheet (${layout().name})`,
      city: st.city,
      requestOptions: request,
      submit: async (turn) => {
        const draft = { play: turn.play };
        if (turn.roundabout) draft.roundabout = turn.roundabout;
        if (turn.plans) draft.plans = turn.plans;
        if (turn.reshuffle) draft.reshuffle = true;
        const o = await request(draft);
        if (o.error) throw new Error(o.error.message);
        st.history.push({ sheet: st.sheet, plans: JSON.parse(JSON.stringify(st.plans)) });
        if (st.history.length > 40) st.history.shift();
        // the sheet once the turn is over (alone at the table: its bonuses settled)
        st.sheet = o.after_turn || o.sheet;
        score = o.score;
        derived = o.derived;
        for (const c of turn.plans || []) st.plans[c.plan - 1].approved = true;
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
        entryEl.append(el('button', { type: 'button', id: 'c-change', onclick: () => { st.entry = null; save(); if (controller) controller.dead = true; controller = null; renderEntry(); } }, 'Change the cards'));
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
