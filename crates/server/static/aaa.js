// The collector edition's AAA solo automa and the values a host enters from their own cards:
// the marks that say which values are stand-ins, the values form of the waiting room, the AAA's
// panel during the game and the final comparison. Every rule is the engine's; this only shows it.

import { el, effectLabel, pointsText } from './format.js';
import { hasActions, modulesOf } from './sheet/modules.js';
import { edition, planOf, tableSheet } from './data.js';

const LETTERS = ['A', 'B', 'C'];
/**
 * The AAA's per-card values, in the order the card prints them, each named by its card's one
 * name (the English rulebook's, as everywhere in the app).
 */
export const AAA_VALUES = [
  ['park', 'Landscaper (per card)'],
  ['pool', 'Pool Manufacturer (per card)'],
  ['temp', 'Temp Agency (per card)'],
  ['fence', 'Surveyor (per card)'],
  ['ext_houses', 'Bis (houses)'],
  ['impr', 'Real Estate Agent (house value)'],
];
/** Effects in the order the AAA's pile is counted (as the collector card lists them). */
const ACTIONS = ['landscaper', 'pool', 'temp', 'surveyor', 'bis', 'real-estate'];
const actionName = effectLabel;

/** "Plan A" in the collector edition, "n°1" elsewhere. */
export function planName(editionId, slot) {
  return edition(editionId).rules.plan_letters ? `Plan ${LETTERS[slot]}` : `n°${slot + 1}`;
}

/** A small mark: a stand-in value (naming where it comes from), or one the host entered. */
export function valueMark(kind, source) {
  if (kind === 'entered') return el('span', { class: 'mark entered', title: 'Entered by the host from the printed card' }, 'entered by the host');
  return el('span', { class: 'mark placeholder', title: `Placeholder until the printed value is known: ${source}` }, 'placeholder');
}

/** The placeholder provenance entries of `list` whose `what` matches `re`. */
function placeholders(list, re) {
  return (list || []).filter((p) => p.status === 'placeholder' && re.test(p.what));
}

/**
 * The card itself for a plan as a table's view lists it (`{plan, card: id, …}`), so that its
 * name and sheet are known; a card from the edition data as it is.
 */
function fullCard(editionId, card) {
  if (card && card.id == null && card.card != null) return planOf(editionId, card.card) || card;
  return card;
}

/**
 * Where a plan card's points come from, if they are a stand-in: a sheet's own plan (an
 * expansion's plan C) from that sheet's provenance, any other from the edition's.
 */
export function planPlaceholder(editionId, card) {
  const c = fullCard(editionId, card);
  if (c && c.sheet) {
    const sheet = edition(editionId).sheets.find((s) => s.id === c.sheet);
    return placeholders(sheet && sheet.provenance, /plan C values/).map((p) => `${p.what} (${p.source})`).join('; ') || null;
  }
  const re = c && c.advanced ? /advanced plan values/ : /basic plans.*values/;
  return placeholders(edition(editionId).provenance, re).map((p) => `${p.what} (${p.source})`).join('; ') || null;
}

/** The printed name of a plan card where the edition names its cards ("A-P1", "EG-C3"), else null. */
export function planCardName(editionId, card) {
  const c = fullCard(editionId, card);
  return (c && c.name) || null;
}

/** The stand-in values of a sheet (its provenance), as one sentence for a tooltip, or null. */
export function sheetPlaceholders(layout) {
  return placeholders(layout && layout.provenance, /./).map((p) => `${p.what} (${p.source})`).join('; ') || null;
}

/** The mark of plan n° `slot + 1` at a table: entered, a placeholder, or none. */
export function planMark(t, slot, card) {
  if (t.values && t.values.plans && t.values.plans[slot]) return valueMark('entered');
  const src = planPlaceholder(t.edition, card);
  return src ? valueMark('placeholder', src) : null;
}

/** The opponent card of `level` as the edition ships it. */
export function opponentOf(editionId, level) {
  const a = edition(editionId).aaa;
  return a ? a.opponents.find((o) => o.level === level) || null : null;
}

/** The placeholder values of an opponent card, as one sentence for a tooltip. */
export function opponentPlaceholders(o) {
  return placeholders(o && o.provenance, /./).map((p) => `${p.what} (${p.source})`).join('; ') || null;
}

/** "1 — Sam", with a word when some of its shipped values are placeholders. */
export function levelLabel(o) {
  return `${o.level} — ${o.name}${opponentPlaceholders(o) ? ' (placeholder values)' : ''}`;
}

// ----- the values form (waiting room) -----

/**
 * The fields of an opponent card of `level`: a checkbox "my card shows other values" and, once
 * ticked, its validation icons and its values (per-card values, or level 0's temp table),
 * filled with `entered` or the shipped card. `read()` gives the card to send, or null.
 */
export function opponentEditor(editionId, level, entered) {
  const shipped = opponentOf(editionId, level);
  if (!shipped) return null;
  const card = entered || shipped;
  const on = el('input', { type: 'checkbox', id: 'enter-opponent', checked: entered ? true : null });
  const num = (id, v, min, max, label) => el('label', { class: 'row', for: id }, label,
    el('input', { type: 'number', id, min, max, value: v, size: 2, inputmode: 'numeric' }));
  const icons = ['a', 'b', 'c'].map((k) => el('label', { class: 'row check', for: `opp-${k}` },
    el('input', { type: 'checkbox', id: `opp-${k}`, checked: card.validates[k] ? true : null }), `validates ${k.toUpperCase()}`));
  const ranges = edition(editionId).aaa.ranges;
  const fields = card.scoring
    ? AAA_VALUES.map(([k, label]) => num(`opp-${k}`, card.scoring[k], ranges[k][0], ranges[k][1], `${label} ${ranges[k][0]}–${ranges[k][1]}`))
    : ['1st', '2nd', '3rd'].map((p, i) => num(`opp-place-${i + 1}`, card.temp_places[i], 1, 99, `temp boxes for ${p} place`));
  const box = el('div', { class: 'steps', id: 'opponent-values', hidden: on.checked ? null : true }, el('div', { class: 'row' }, ...icons), ...fields);
  on.addEventListener('change', () => { box.hidden = !on.checked; });
  const src = opponentPlaceholders(shipped);
  const label = el('label', { class: 'row check', for: 'enter-opponent' }, on,
    `My opponent card (level ${level}, ${shipped.name}) shows other values`,
    entered ? valueMark('entered') : src ? valueMark('placeholder', src) : null);
  const read = () => {
    if (!on.checked) return null;
    const v = (id) => Number(box.querySelector(`#${id}`).value);
    const out = { level, validates: Object.fromEntries(['a', 'b', 'c'].map((k) => [k, box.querySelector(`#opp-${k}`).checked])) };
    if (card.scoring) out.scoring = Object.fromEntries(AAA_VALUES.map(([k]) => [k, v(`opp-${k}`)]));
    else out.temp_places = [1, 2, 3].map((i) => v(`opp-place-${i}`));
    return out;
  };
  return { nodes: [label, box], read, toggle: on, box };
}

/**
 * The host's form for the values printed on their own cards: the Projet and Validé points of
 * the three plans in play (empty: the shipped values) and, in AAA solo, the opponent card.
 * `save(values)` sends them; its error is shown and nothing changes.
 */
export function valuesForm(t, save) {
  const err = el('p', { class: 'error-text', role: 'alert', id: 'values-error' });
  const entered = (t.values && t.values.plans) || [null, null, null];
  const rows = (t.plans || []).map((id, i) => {
    const card = planOf(t.edition, id);
    const input = (k, v, shipped) => el('input', {
      type: 'number', min: 0, max: 30, id: `plan-${i + 1}-${k}`, inputmode: 'numeric', size: 3,
      value: v ?? '', placeholder: shipped ?? '', 'aria-label': `${planName(t.edition, i)} ${k === 'first' ? 'Projet (first) points' : 'Validé (later) points'}`,
    });
    const name = planCardName(t.edition, card);
    return el('div', { class: 'row', 'data-plan-values': i + 1 },
      el('strong', {}, planName(t.edition, i)),
      name ? el('span', { class: 'plan-card-name' }, name) : null,
      el('span', { class: 'muted' }, card ? card.text : `card ${id}`),
      input('first', entered[i] && entered[i][0], card && card.first), '/',
      input('second', entered[i] && entered[i][1], card && card.second),
      planMark(t, i, card));
  });
  const parts = [
    el('h2', { id: 'values-h' }, 'Values from your cards'),
    el('p', { class: 'muted' }, 'Enter the points printed on your own plan cards (Projet / Validé); leave a plan empty to play with the values shown in grey.'),
    ...rows,
  ];
  const level = t.aaa_level;
  const editor = level != null ? opponentEditor(t.edition, level, t.values && t.values.opponent) : null;
  if (editor) parts.push(...editor.nodes);
  const opponent = editor && editor.read;
  const form = el('form', { class: 'panel', id: 'values-form', 'aria-labelledby': 'values-h' }, ...parts, err,
    el('div', { class: 'row' }, el('button', { type: 'submit', id: 'save-values' }, 'Save the values')));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const plans = (t.plans || []).map((_, i) => {
      const a = document.getElementById(`plan-${i + 1}-first`).value.trim();
      const b = document.getElementById(`plan-${i + 1}-second`).value.trim();
      return a === '' && b === '' ? null : [Number(a), Number(b)];
    });
    const values = { plans };
    const opp = opponent && opponent();
    if (opp) values.opponent = opp;
    try {
      await save(values);
    } catch (e) {
      err.textContent = e.message;
    }
  });
  return form;
}

// ----- during the game -----

/**
 * The AAA's next card in words: as a module of the sheet words it (its `aaaNext`: its own card
 * on top, or an empty pile that ends the game), else the action showing. No card shows while
 * the draw pile is empty: the discard is shuffled at the next draw.
 */
function nextText(next, mods) {
  const own = mods.map((m) => m.aaaNext?.(next)).find(Boolean);
  if (own) return own;
  if (next == null) return 'none showing (the draw pile is empty: the discard is shuffled next)';
  return next === 'validation' ? 'a Validation card (its letter is hidden)' : actionName(next.action);
}

/** A card of the AAA's pile: as a module shows its own card there (`aaaPileItem`), else its action. */
function pileItem(c, mods) {
  return mods.map((m) => m.aaaPileItem?.(c)).find(Boolean) || el('li', { 'data-aaa-card': c, title: c }, actionName(cardEffect(c)));
}

/** The AAA panel: its card, the next card's action, its pile, its validations and its score. */
export function aaaPanel(t, v) {
  const a = v.aaa;
  const shipped = opponentOf(t.edition, a.card.level);
  const src = shipped && opponentPlaceholders(shipped);
  const entered = t.values && t.values.opponent;
  const layout = t.sheet ? tableSheet(t) : null;
  const mods = modulesOf(layout);
  const counts = ACTIONS.map((id) => [id, actionName(id), a.given.filter((c) => cardEffect(c) === id).length]);
  // what a module adds to an action's count (its own cards counted there)
  const countNote = (id) => mods.map((m) => m.aaaCountNote?.(id, a.given) || '').join('');
  const next = nextText(v.next, mods);
  const validated = a.plans.map((p, i) => (p == null ? null : `${planName(t.edition, i)}: ${pointsText(p)}`)).filter(Boolean);
  const s = a.score;
  // the rows the sheet's own AAA rules add, labelled as the sheet labels its score rows
  const rowLabel = (id, dflt = id) => ((layout && layout.score_rows) || []).find((r) => r.id === id)?.label || dflt;
  // a sheet without the Classic tracks (without actions) scores the AAA's plans and its own rows
  const classic = s && hasActions(layout) ? [
    ['parks', rowLabel('parks', 'Parks'), s.parks],
    ['pools', rowLabel('pools', 'Pools'), s.pools],
    ['temps', rowLabel('temps', 'Temp agency'), s.temps],
    ['fences', 'Fences', s.fences],
    ['estates', `Estates (best ${s.best.length} of ${s.estate_count})`, s.estates],
  ] : [];
  const scoreRows = s ? [
    ['plans', 'Plans', s.plans.reduce((x, y) => x + y, 0)],
    ...classic,
    ...(s.sheet_rows || []).map((r) => [r.id, rowLabel(r.id), r.points, r.detail]),
    ['total', 'Total', s.total],
  ] : [];
  return el('section', { class: 'panel', id: 'aaa-panel', 'aria-labelledby': 'aaa-h' },
    el('h2', { id: 'aaa-h' }, `AAA: ${a.name} (level ${a.card.level})`, ' ', entered ? valueMark('entered') : src ? valueMark('placeholder', src) : null),
    !v.companion ? el('p', { id: 'next-card' }, 'Next card: ', el('strong', {}, next)) : null,
    el('p', { class: 'muted' }, `Validates ${['a', 'b', 'c'].filter((k) => a.card.validates[k]).map((k) => k.toUpperCase()).join(', ') || 'no plan'}`,
      a.card.scoring ? ` · values ${AAA_VALUES.map(([k]) => a.card.scoring[k]).join(', ')}` : ` · temp places at ${a.card.temp_places.join(', ')} boxes`),
    el('p', { id: 'aaa-validated' }, validated.length ? `Validated ${validated.join(', ')}` : 'No plan validated yet'),
    el('h3', {}, 'Its pile (', el('span', { id: 'aaa-pile-count' }, String(a.given.length)), ' cards)'),
    el('ul', { class: 'aaa-counts', id: 'aaa-counts' }, counts.map(([id, name, n]) => el('li', { 'data-action': id }, `${name}: ${n}${countNote(id)}`))),
    el('ol', { class: 'aaa-pile', id: 'aaa-pile' }, a.given.map((c) => pileItem(c, mods))),
    s ? el('table', { class: 'data', id: 'aaa-score' },
      el('tbody', {}, scoreRows.map(([id, label, pts, detail]) => el('tr', { 'data-row': id, title: detail || null },
        el('th', { scope: 'row' }, label, detail ? el('span', { class: 'row-detail' }, detail) : null),
        el('td', {}, String(pts))))))
      : el('p', { class: 'muted', id: 'aaa-score' }, 'Level 0: the AAA scores nothing; your temps score by its table.'));
}

/** The effect of a card in its wire form ("12-landscaper"). */
function cardEffect(c) {
  return String(c).replace(/^\d+-/, '');
}

/**
 * The final comparison of an AAA game (Ruling C24), or level 0's "no winner"; `layout`, the
 * sheet's, tells how equal totals are settled (a sheet without actions has no estates: a draw).
 */
export function aaaResult(v, layout = null) {
  const a = v.aaa;
  const me = v.sheets[0];
  if (!a.score) {
    return el('p', { class: 'result-winner', id: 'aaa-result', 'data-outcome': 'none' },
      `No winner at level 0: your score is the result — ${me.score.total} points.`);
  }
  const word = { win: 'You win', loss: `${a.name} wins`, draw: 'A draw: the victory is shared' }[a.outcome] || '';
  return el('p', { class: 'result-winner', id: 'aaa-result', 'data-outcome': a.outcome || '' },
    'You ', el('strong', { id: 'aaa-mine' }, String(me.score.total)), ` — ${a.name} `, el('strong', { id: 'aaa-theirs' }, String(a.score.total)),
    `: ${word}${me.score.total === a.score.total && hasActions(layout) ? ' (equal totals: decided by complete estates)' : ''}.`);
}

/**
 * The AAA's line of the final breakdown (levels 1–5): its points under each of the sheet's
 * score rows it scores (`null` under the others), the points of its Surveyor (Barrière) cards,
 * which no row of the player's sheet holds (`fences`, `null` on a sheet without the Classic
 * tracks), and how each comes about, from its score as the server gives it.
 */
export function aaaBreakdown(t, v, layout) {
  const a = v.aaa;
  const s = a && a.score;
  if (!s) return null;
  const classic = hasActions(layout);
  const values = (a.card && a.card.scoring) || {};
  const each = (n) => `${n} point${n === 1 ? '' : 's'} each`;
  const byId = {
    plans: {
      points: s.plans.reduce((x, y) => x + y, 0),
      detail: (a.plans || []).some((p) => p != null)
        ? a.plans.map((p, i) => (p == null ? null : `${planName(t.edition, i)} validated for ${p}`)).filter(Boolean).join(', ')
        : 'no plan validated',
    },
  };
  if (classic) {
    const placing = s.temps - (values.temp || 0) * s.temp_cards;
    Object.assign(byId, {
      parks: { points: s.parks, detail: `its Landscaper (Parc) cards, ${each(values.park || 0)}` },
      pools: { points: s.pools, detail: `its Pool (Piscine) cards, ${each(values.pool || 0)}` },
      temps: { points: s.temps, detail: `${s.temp_cards} Temp (Intérimaire) card${s.temp_cards === 1 ? '' : 's'}, ${each(values.temp || 0)}${placing ? `, and ${placing} for its place against your temps` : ', and nothing for its place against your temps'}` },
      estates: { points: s.estates, detail: s.best.length ? `its best ${s.best.length} of ${s.estate_count} estates: ${s.best.join(' + ')}` : 'no estate' },
    });
  }
  for (const r of s.sheet_rows || []) byId[r.id] = { points: r.points, detail: r.detail };
  const cells = layout.score_rows.map((r) => ({ id: r.id, label: r.label, ...(byId[r.id] || { points: null, detail: '' }) }));
  const fences = classic ? { id: 'aaa-fences', label: 'Surveyor (Barrière) cards', points: s.fences, detail: `its Surveyor (Barrière) cards, ${each(values.fence || 0)}` } : null;
  return { name: a.name, cells, fences, total: s.total };
}
