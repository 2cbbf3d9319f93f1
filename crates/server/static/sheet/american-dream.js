// American Dream (collector expansions §10): a sheet drawn as a grid instead of the Classic
// streets: five streets that are also columns, each house in its family's colour with its
// action, perfect houses ringed, a bonus at the end of each street and at the foot of each
// column, and none of the Classic tracks. In the turn the number is the whole build (no action
// is used), and a Validation card in AAA solo has the player cross off street and column
// bonuses. Target keys: "b:s" a street's bonus, "k:c" a column's.

import { s, TOP, CELL, crossMark, makeActionable, houseTarget, header, key2, emptyText, BONUS } from '../svg.js';
import { parseHouse, iconInner, effectLabel, pointsText } from '../format.js';
import { el, crossItem } from '../format.js';

// Its streets are also columns, drawn as a grid of square cells.
const GP = 80; // grid pitch, across and down
const GB = 62; // house box side
const GX = 262; // left edge of column 1
const GY = TOP + 40; // top of street 1

/** The grid's number of columns: column c is house c of every street that has one. */
function gridColumns(layout) {
  return Math.max(0, ...layout.streets.map((st) => st.houses));
}

/** A family's colour name, from the layout (`american_dream.colours`); '' when none is given. */
export function familyColour(layout, family) {
  const c = (layout.american_dream.colours || []).find((x) => x.family === family);
  return c ? c.colour : '';
}

/** A colour name of the data (green, red, …) as a class. */
const colourClass = (c) => `c-${String(c || 'none').replace(/[^a-z-]/gi, '')}`;

/**
 * The grid's marks as drawn: the perfect houses ("s,h") and each street's and column's bonus
 * (`open`, `won`, `lost`), from the engine's `derived` or, before the server has answered, from
 * the sheet as written (there a street's `circled` lists its perfect houses, its `bonus` and
 * the sheet's `column_bonuses` hold the races).
 */
function gridState(layout, sheet, d) {
  const written = sheet.streets.flatMap((st, si) => (st.circled || []).map((h) => `${si + 1},${h}`));
  const perfect = new Set(d ? (d.perfect || []).map(key2) : written);
  const streets = (d && d.street_bonuses) || sheet.streets.map((st) => st.bonus || 'open');
  const columns = (d && d.column_bonuses)
    || Array.from({ length: gridColumns(layout) }, (_, c) => (sheet.column_bonuses || [])[c] || 'open');
  return { perfect, streets, columns };
}

/**
 * American Dream's grid: the street and column numbers, every house in its family's colour with
 * its action's icon, a street bonus at the end of each street and a column bonus at the foot of
 * each column; on a wide screen the families' key on the left.
 */
function drawGrid(svg, layout, sheet, derived, targets, marks, big) {
  const v = layout.american_dream;
  const state = derived.grid;
  const cols = gridColumns(layout);
  const bottom = GY + layout.streets.length * GP;
  if (!big) drawFamilies(svg, layout);
  const heads = s('g', { class: 'grid-heads', 'aria-hidden': 'true' });
  for (let c = 0; c < cols; c++) heads.append(s('text', { x: GX + c * GP + GP / 2, y: GY - 6, class: 'col-no', 'text-anchor': 'middle' }, c + 1));
  svg.append(heads);
  layout.streets.forEach((st, si) => {
    const g = s('g', { class: 'street', role: 'group', 'aria-label': `Street ${si + 1}` });
    const cy = GY + si * GP + GP / 2;
    g.append(s('circle', { cx: GX - 22, cy, r: 13, class: 'street-no' }));
    g.append(s('text', { x: GX - 22, y: cy + 5, class: 'street-no-text', 'text-anchor': 'middle' }, si + 1));
    for (let i = 0; i < st.houses; i++) g.append(gridHouse(layout, sheet, derived, si, i, targets, marks, big));
    const x = GX + cols * GP + 12;
    const y = GY + si * GP + (GP - GB) / 2;
    const stateOf = state.streets[si] || 'open';
    g.append(raceBox({
      kind: 'street', n: si + 1, key: `b:${si + 1}`, state: stateOf, text: v.street_bonus,
      box: { x, y, w: 54, h: GB }, touch: { x: x - 10, y: GY + si * GP, w: 74, h: GP },
      label: `Street ${si + 1} bonus: ${pointsText(v.street_bonus)} to the first to complete the street; ${BONUS[stateOf] || stateOf}`,
    }, targets));
    svg.append(g);
  });
  const cg = s('g', { class: 'column-bonuses', role: 'group', 'aria-label': 'Column bonuses' });
  for (let c = 0; c < cols; c++) {
    const x = GX + c * GP + (GP - GB) / 2;
    const stateOf = state.columns[c] || 'open';
    cg.append(raceBox({
      kind: 'column', n: c + 1, key: `k:${c + 1}`, state: stateOf, text: `×${v.column_multiplier}`,
      box: { x, y: bottom + 12, w: GB, h: 44 }, touch: { x: GX + c * GP, y: bottom + 2, w: GP, h: 78 },
      label: `Column ${c + 1} bonus: its points ×${v.column_multiplier} to the first to complete the column; ${BONUS[stateOf] || stateOf}`,
    }, targets));
  }
  svg.append(cg);
}

/** One house of the grid: its family's colour and action, its number, ringed when perfect. */
function gridHouse(layout, sheet, derived, si, i, targets, marks, big) {
  const h = i + 1;
  const at = `${si + 1},${h}`;
  const family = (layout.streets[si].families || [])[i] || null;
  const colour = family ? familyColour(layout, family) : '';
  const x = GX + i * GP + (GP - GB) / 2;
  const y = GY + si * GP + (GP - GB) / 2;
  const p = parseHouse(sheet.streets[si].houses[i]);
  const perfect = p.kind === 'number' && derived.grid.perfect.has(at);
  const fresh = marks.fresh.has(at);
  const state = p.kind === 'number' ? (perfect ? 'perfect' : 'normal') : 'empty';
  const hg = s('g', { class: 'house', 'data-house': at, 'data-family': family, 'data-state': state });
  const cls = ['house-box', 'family', colourClass(colour)];
  if (marks.chosen.has(at)) cls.push('chosen');
  if (fresh) cls.push('fresh');
  hg.append(s('rect', { x, y, width: GB, height: GB, rx: 6, class: cls.join(' ') }));
  if (family) {
    const icon = s('g', { class: `family-icon ${colourClass(colour)}`, transform: `translate(${x + 3} ${y + 3}) scale(0.6)` });
    icon.innerHTML = iconInner(family);
    hg.append(icon);
  }
  let desc;
  if (p.kind === 'number') {
    hg.append(s('text', { x: x + GB / 2, y: y + 46, class: fresh ? 'house-num fresh' : 'house-num', 'text-anchor': 'middle' }, p.value));
    if (perfect) hg.append(s('ellipse', { cx: x + GB / 2, cy: y + 36, rx: 22, ry: 19, class: 'perfect-ring' }));
    desc = `${p.value}, ${state}`;
  } else {
    desc = emptyText(derived.ranges, si, i);
  }
  if (fresh) desc += ', written this turn';
  const name = `Street ${si + 1}, house ${h}, family: ${family ? `${effectLabel(family)}${colour ? ` (${colour})` : ''}` : 'none'}, ${desc}`;
  const key = `h:${si + 1}:${h}`;
  const target = targets.get(key);
  if (target) {
    houseTarget(hg, { x, y, w: GB, h: GB }, { x: GX + i * GP, y: GY + si * GP, w: GP, h: GP }, target, big);
    makeActionable(hg, { ...target, label: `${name}. ${target.label}` }, key);
  } else {
    hg.setAttribute('role', 'img');
    hg.setAttribute('aria-label', name);
    hg.prepend(s('title', {}, name));
  }
  return hg;
}

/**
 * A street's or a column's bonus box (`kind`, its number `n`): its value, ringed when circled,
 * struck out when crossed off; a target (`key`) while a Validation card has the player cross
 * one off.
 */
function raceBox({ kind, n, key, state, text, box, touch, label }, targets) {
  const { x, y, w, h } = box;
  const g = s('g', { class: `race ${kind} ${state}`, [`data-${kind}-bonus`]: n, 'data-state': state });
  g.append(s('rect', { x, y, width: w, height: h, rx: 8, class: 'race-box' }));
  g.append(s('text', { x: x + w / 2, y: y + h / 2 + 7, class: 'race-val', 'text-anchor': 'middle' }, text));
  if (state === 'won') g.append(s('rect', { x: x - 4, y: y - 4, width: w + 8, height: h + 8, rx: 11, class: 'race-ring' }));
  if (state === 'lost') crossMark(g, x, y, w, h, 'race-cross');
  const target = targets.get(key);
  if (target) {
    g.append(s('rect', { x: touch.x, y: touch.y, width: touch.w, height: touch.h, class: 'touch' }));
    g.append(s('rect', { x: x - 4, y: y - 4, width: w + 8, height: h + 8, rx: 10, class: 'hit' }));
    g.append(s('rect', { x: x - 4, y: y - 4, width: w + 8, height: h + 8, rx: 10, class: 'focus-ring' }));
    makeActionable(g, { ...target, label: `${label}. ${target.label}` }, key);
  } else {
    g.setAttribute('role', 'img');
    g.setAttribute('aria-label', label);
    g.prepend(s('title', {}, label));
  }
  return g;
}

/** The families' key, left of the grid: each family's colour, action and name. */
function drawFamilies(svg, layout) {
  const x0 = 18;
  const top = TOP + 110;
  const g = s('g', { class: 'families', role: 'group', 'aria-label': 'Families: the action that makes a house of that colour perfect' });
  g.append(s('text', { x: x0, y: top, class: 'col-head' }, 'Families'));
  (layout.american_dream.colours || []).forEach(({ family, colour }, k) => {
    const y = top + 10 + k * 30;
    const text = `${effectLabel(family)}: ${colour}`;
    const row = s('g', { role: 'img', 'aria-label': text, 'data-family-key': family });
    row.append(s('rect', { x: x0, y, width: 24, height: 24, rx: 4, class: `house-box family ${colourClass(colour)}` }));
    const icon = s('g', { class: `family-icon ${colourClass(colour)}`, transform: `translate(${x0 + 2.4} ${y + 2.4}) scale(0.8)` });
    icon.innerHTML = iconInner(family);
    row.append(icon, s('text', { x: x0 + 32, y: y + 17, class: 'family-name' }, `${effectLabel(family)} · ${colour}`));
    g.append(row);
  });
  svg.append(g);
}

/**
 * American Dream's columns and streets rows: a box per column (its points, a complete column
 * only; marked ×2 once its bonus is circled) or per street (its bonus's points), numbered.
 */
function gridPartsColumn(g, x, w, col, row, ctx) {
  const { layout, G } = ctx;
  const grid = ctx.state('american-dream') || { columns: [], streets: [] };
  const columns = col.id === 'columns';
  const parts = row ? row.parts : Array(columns ? gridColumns(layout) : layout.streets.length).fill(null);
  const doubled = (k) => columns && grid.columns[k] === 'won';
  header(g, G.lower, x, w, col.label);
  const step = Math.min(58, Math.floor((10 * CELL) / Math.max(1, parts.length)));
  parts.forEach((v, k) => {
    const yy = ctx.trackTop + k * step;
    g.append(s('rect', { x, y: yy, width: w, height: step - 6, rx: 5, class: 'plan-box' }));
    g.append(s('text', { x: x + 5, y: yy + 15, class: 'small' }, `${k + 1}${doubled(k) ? ` ×${layout.american_dream.column_multiplier}` : ''}`));
    g.append(s('text', { x: x + w - 6, y: yy + step - 12, class: 'part-val', 'text-anchor': 'end' }, v == null ? '' : v));
  });
}

// ----- the turn -----

/** American Dream: whether the number just written made its house perfect, as the engine says. */
function perfectNotice(tc) {
  const [s, h] = tc.draft.play.build.house;
  const family = (tc.cfg.layout.streets[s - 1].families || [])[h - 1];
  const perfect = ((tc.opts.derived || {}).perfect || []).some((x) => x[0] === s && x[1] === h);
  return perfect
    ? `Street ${s} house ${h} is perfect (circled): numbered with its family's action, ${effectLabel(family)}.`
    : `Street ${s} house ${h} is a normal house: its family's action is ${effectLabel(family)}, not ${effectLabel(tc.effect())}.`;
}

/**
 * American Dream against the AAA: a Validation card came up, so the player crosses off one
 * open street bonus, then two open column bonuses (as many as are left), one button each (or
 * the bonus tapped on the sheet), before anything else is played.
 */
function gridCrossChoices(tc) {
  const o = tc.opts;
  const v = tc.cfg.layout.american_dream || {};
  const box = el('div', { class: 'cross-choices' });
  const items = o.cross.map((item) => ({ item, ...crossItem(item, tc.cfg.layout) }));
  const streets = items[0] && items[0].kind === 'street';
  box.append(el('h3', { id: 'cross-prompt' }, `A Validation card came up: cross off ${streets ? 'a street bonus' : 'a column bonus'}`));
  const left = [[o.sheet?.owed || 0, 'street'], [o.sheet?.owed_columns || 0, 'column']]
    .filter(([n]) => n > 0).map(([n, kind]) => `${n} ${kind} bonus${n > 1 ? 'es' : ''}`).join(' and ');
  box.append(el('p', { class: 'hint' }, `Each Validation card has you cross off 1 street bonus and 2 column bonuses still open, before you play${left ? ` (${left} to go)` : ''}. Choose below or tap the bonus on the sheet. A crossed-off bonus is lost for good, and the AAA scores ${v.street_bonus ?? 10} per street bonus crossed off.`));
  const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'cross-prompt' });
  for (const { item, kind, n } of items) {
    row.append(el('button', {
      type: 'button', class: 'primary', 'data-ctl': `cross-${item}`, 'data-cross': item, 'data-cross-kind': kind,
      'aria-label': `Cross off the ${kind} ${n} bonus`,
      disabled: tc.busy ? true : null,
      onclick: () => tc.crossBonus(item),
    }, kind === 'street' ? `Street ${n} bonus (${v.street_bonus ?? ''})` : `Column ${n} bonus (×${v.column_multiplier ?? ''})`));
  }
  box.append(row);
  for (const item of tc.draft.cross || []) {
    const c = crossItem(item, tc.cfg.layout);
    box.append(el('p', { class: 'hint' }, `${c.kind === 'street' ? 'Street' : 'Column'} ${c.n} bonus crossed off.`));
  }
  return box;
}

/** The street and column bonuses a Validation card has the player cross off. */
function crossControls(tc, { step }) {
  step.append(gridCrossChoices(tc));
}

// ----- the score-sheet companion -----

/** The street and column bonuses, at a table with other players. */
const RACE_NAMES = { open: 'open', won: 'circled (among the first to complete it)', lost: 'crossed off (somebody completed it first)' };

/** The columns: column c is house c of every street that has one. */
const columnCount = (layout) => Math.max(0, ...layout.streets.map((x) => x.houses));

/** The sheet's open street bonuses and open column bonuses, as written on it. */
function openRaces(layout, sheet) {
  const held = sheet.column_bonuses || [];
  return {
    streets: sheet.streets.filter((x) => !x.bonus).length,
    columns: Array.from({ length: columnCount(layout) }, (_, c) => held[c]).filter((x) => !x).length,
  };
}

/** The sheet with column `c`'s bonus set to `state` (`open`, `won`, `lost`). */
function withColumnBonus(layout, sheet, c, state) {
  const held = Array.from({ length: columnCount(layout) }, (_, k) => (sheet.column_bonuses || [])[k] || null);
  held[c] = state === 'open' ? null : state;
  const out = { ...sheet, column_bonuses: held };
  if (held.every((x) => x == null)) delete out.column_bonuses;
  return out;
}

/**
 * A label and a select setting one street's or column's bonus (`set(state)` writes it on the
 * sheet), as the table settled it.
 */
function race(c, id, name, now, set) {
  const sel = el('select', { id, onchange: (e) => {
    set(e.target.value);
    c.changed({ restart: true });
  } }, Object.entries(RACE_NAMES).map(([v, t]) => el('option', { value: v }, t)));
  sel.value = now;
  return [el('label', { for: id }, name), sel];
}

/** With other players, who circles a street's or a column's bonus depends on them. */
function races(c) {
  const l = c.layout;
  return [
    ...l.streets.map((_, i) => race(c, `c-street-bonus-${i + 1}`, `Street ${i + 1} bonus`, c.sheet.streets[i].bonus || 'open', (v) => {
      const streets = c.sheet.streets.map((x, k) => {
        if (k !== i) return x;
        const y = { ...x };
        if (v === 'open') delete y.bonus; else y.bonus = v;
        return y;
      });
      c.sheet = { ...c.sheet, streets };
    })),
    ...Array.from({ length: columnCount(l) }, (_, k) => race(c, `c-column-bonus-${k + 1}`, `Column ${k + 1} bonus`,
      (c.sheet.column_bonuses || [])[k] || 'open', (v) => { c.sheet = withColumnBonus(l, c.sheet, k, v); })),
  ];
}

/**
 * A Validation card: the next turn crosses off 1 street bonus and 2 column bonuses, of those
 * still open (collector expansions §10.6).
 */
function validation(c) {
  const owed = c.sheet.owed || 0;
  const owedColumns = c.sheet.owed_columns || 0;
  const open = openRaces(c.layout, c.sheet);
  const dream = { owed: Math.min(owed + 1, open.streets), owed_columns: Math.min(owedColumns + 2, open.columns) };
  if (dream.owed <= owed && dream.owed_columns <= owedColumns) return null;
  c.sheet = { ...c.sheet, ...dream };
  return ['American Dream: your next turn starts by crossing off 1 street bonus and 2 column bonuses of your choice, still open.', 'cross'];
}

/** The bonuses the next turn crosses off first, in words. */
function owedText(c) {
  const owed = [[c.sheet.owed || 0, 'street'], [c.sheet.owed_columns || 0, 'column']].filter(([n]) => n > 0).map(([n, kind]) => `${n} ${kind} bonus${n > 1 ? 'es' : ''}`).join(' and ');
  return owed ? `Your next turn starts by crossing off ${owed} (a Validation card came up).` : null;
}

export default {
  id: 'american-dream',
  /** The sheet in a few words, on the rules page. */
  help: {
    name: 'American Dream',
    text: 'A grid of five streets of seven houses that also form columns, and none of the Classic tracks: no parks, pools, temps, estates or fences, and no action is ever used. Each house belongs to a family, shown by its colour and an action’s icon: a number written with that action (the combination’s, or the action card’s) makes the house perfect, and it is circled. The first to complete a street circle its 10-point bonus, the first to complete a column its ×2 bonus; everybody else crosses it off. Each complete column scores 1 per normal house and 3 per perfect one, doubled with its bonus. Not played with the Advanced variant. Against the AAA, each Validation card has you cross off 1 street bonus and 2 column bonuses still open, and the AAA scores its cards at its opponent card’s values plus 10 per street bonus you crossed off.',
  },
  /** Its score rows, explained. */
  rowHelp: {
    columns: 'Columns: each complete column scores 1 per normal house and 3 per perfect house, doubled when you circled its column bonus; an incomplete column scores nothing.',
    streets: 'Streets: 10 points per street bonus circled (among the first to complete the street).',
  },
  index: (layout, d, { sheet, derived }) => (sheet ? gridState(layout, sheet, derived) : null),
  /** The grid in place of the streets. */
  shape: {
    cls: 'grid',
    // the grid: its streets, then the column bonuses under it
    lower: (layout) => GY + layout.streets.length * GP + 84,
    // a phone shows the grid alone, from the street numbers to the street bonuses
    view: (layout) => [GX - 44, GX + gridColumns(layout) * GP + 76],
    draw: ({ svg, layout, sheet, derived, targets, marks, big }) => drawGrid(svg, layout, sheet,
      { ranges: derived.ranges, grid: derived.mods.get('american-dream')?.state }, targets, marks, big),
  },
  columns: () => ({ columns: { w: 62, draw: gridPartsColumn }, streets: { w: 62, draw: gridPartsColumn } }),
  /** The card's action only makes a house of its family perfect: no action is used. */
  actions: false,
  /** The engine circled the house if it is perfect: nothing to use. */
  autoEffect: (tc) => {
    tc.effectDone = true;
    tc.notice = perfectNotice(tc);
    return false;
  },
  familyColour: (tc, family) => familyColour(tc.cfg.layout, family),
  crossControls,
  companion: { races, validation, owedText },
};
