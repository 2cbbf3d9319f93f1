// The score sheet's drawing primitives, shared by the generic drawing (sheet.js) and the rule
// modules' own (sheet/*.js): the geometry of the printed layout in SVG user units, SVG
// elements, crosses and rings, the tracks and column heads of the scoring area, and what makes
// a part of the sheet a target (focusable, with its accessible name).

import { pointsText } from './format.js';

const NS = 'http://www.w3.org/2000/svg';

// Geometry (SVG user units).
export const W = 1000;
export const RIGHT = 934; // right edge of the last house cell of every street
export const P = 70; // house pitch
export const BW = 56; // house box width
export const BH = 58; // house box height
export const SH = 176; // street block height: parks, pools, houses, and the strip in front of them
export const TOP = 8;
export const CELL = 21; // track cell height

export function s(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null && v !== false) e.setAttribute(k, v);
  if (text != null) e.textContent = String(text);
  return e;
}

export function cellX(n, i) {
  // left edge of the cell of house i (0-based) in a street of n houses
  return RIGHT - (n - i) * P;
}

export function houseBox(n, i) {
  return { x: cellX(n, i) + (P - BW) / 2, w: BW };
}

export function streetY(si) {
  return TOP + si * SH;
}

export function houseY(si) {
  return streetY(si) + 72;
}

/** Top of the strip in front of the houses, where the modules draw what the sheet prints there. */
export function stripY(si) {
  return houseY(si) + BH + 2;
}

export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const key2 = ([a, b]) => `${a},${b}`;

/** Track values: first `values.length - 1` are boxes, the last is printed without a box. */
export function trackValue(values, crossed) {
  return values[Math.min(crossed, values.length - 1)];
}

export function crossMark(g, x, y, w, h, cls = 'cross') {
  g.append(s('path', { d: `M${x + 3} ${y + 3}L${x + w - 3} ${y + h - 3}M${x + w - 3} ${y + 3}L${x + 3} ${y + h - 3}`, class: cls }));
}

export function makeActionable(g, target, key) {
  g.classList.add('target');
  if (target.selected) g.classList.add('selected');
  g.setAttribute('tabindex', '0');
  g.setAttribute('role', 'button');
  g.setAttribute('aria-label', target.label);
  g.dataset.key = key;
  const fire = (ev) => {
    ev.preventDefault();
    ev.stopPropagation();
    target.activate(ev);
  };
  g.addEventListener('click', fire);
  g.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') fire(ev);
  });
  const t = s('title', {}, target.label);
  g.prepend(t);
}

/**
 * What makes a house a target: a generous invisible touch area (`touch`, the whole cell), then
 * the visible dashed outline around its box, and the numbers it takes (`target.badge`) or a
 * corner mark.
 */
export function houseTarget(hg, box, touch, target, big) {
  const { x, y, w, h } = box;
  hg.append(s('rect', { x: touch.x, y: touch.y, width: touch.w, height: touch.h, class: 'touch' }));
  hg.append(s('rect', { x: x - 4, y: y - 4, width: w + 8, height: h + 8, rx: 8, class: 'hit' }));
  hg.append(s('rect', { x: x - 4, y: y - 4, width: w + 8, height: h + 8, rx: 8, class: 'focus-ring' }));
  if (target.badge) {
    // larger on a phone, where its text is drawn larger too
    const bh = big ? 24 : 18;
    hg.append(s('rect', { x: x + 2, y: y + h - bh - 2, width: w - 4, height: bh, rx: 4, class: 'badge' }));
    hg.append(s('text', { x: x + w / 2, y: y + h - 6, class: 'badge-text', 'text-anchor': 'middle' }, target.badge));
  } else {
    hg.append(s('path', { d: `M${x + w - 14} ${y + 4}h10v10`, class: 'target-corner' }));
  }
}

export const sum = (xs) => xs.reduce((a, b) => a + b, 0);

export const BONUS = { open: 'open', won: 'circled', lost: 'crossed off' };

export function drawTrack(g, x, y, w, values, crossed, opts = {}) {
  // Vertical track: boxes for all values but the last, which is printed without a box.
  const cur = Math.min(crossed, values.length - 1);
  values.forEach((v, k) => {
    const yy = y + k * CELL;
    const last = k === values.length - 1;
    if (!last) g.append(s('rect', { x, y: yy, width: w, height: CELL - 3, rx: 3, class: 'track-box' }));
    g.append(s('text', { x: x + w / 2, y: yy + CELL - 7, class: last ? 'track-final' : 'track-val', 'text-anchor': 'middle' }, opts.negative && v ? `−${v}` : v));
    if (k < crossed && !last) crossMark(g, x, yy, w, CELL - 3);
    if (k === cur) g.append(s('rect', { x: x - 3, y: yy - 2, width: w + 6, height: CELL + 1, rx: 5, class: 'track-current' }));
  });
}

/** A column head: the row's label, on two lines when long ("Temp agency", "Round-abouts"). */
export function header(g, lower, x, w, text, sub) {
  const words = text.split(' ');
  let lines = words.length > 1 ? [words[0], words.slice(1).join(' ')] : [text];
  if (lines.length === 1 && text.length > 9) lines = [`${text.slice(0, Math.ceil(text.length / 2))}-`, text.slice(Math.ceil(text.length / 2))];
  if (sub) lines = [text.length > 9 ? words[0] : text, sub];
  g.append(s('text', { x: x + w / 2, y: lower + 16, class: 'col-head', 'text-anchor': 'middle' }, lines[0]));
  if (lines[1]) g.append(s('text', { x: x + w / 2, y: lower + 31, class: sub ? 'col-sub' : 'col-head', 'text-anchor': 'middle' }, lines[1]));
}

export function totalCell(g, G, x, w, value, cls = '') {
  g.append(s('rect', { x, y: G.totalY, width: w, height: 34, rx: 6, class: `total-cell ${cls}` }));
  g.append(s('text', { x: x + w / 2, y: G.totalY + 24, class: 'total-val', 'text-anchor': 'middle' }, value == null ? '' : value));
}

/** One box per part of the row: per street for parks and the modules' rows per street. */
export function partsColumn(g, x, w, col, row, ctx) {
  const { layout, sheet, G } = ctx;
  const streets = layout.streets.length;
  const parts = row ? row.parts : col.id === 'parks'
    ? layout.streets.map((st, k) => trackValue(st.parks, sheet.streets[k].parks))
    : Array(streets).fill(null);
  const perStreet = parts.length === streets;
  header(g, G.lower, x, w, col.label);
  const step = Math.min(58, Math.floor((10 * CELL) / Math.max(1, parts.length)));
  parts.forEach((v, k) => {
    const yy = ctx.trackTop + k * step;
    g.append(s('rect', { x, y: yy, width: w, height: step - 10, rx: 6, class: 'plan-box' }));
    g.append(s('text', { x: x + 5, y: yy + 13, class: 'small' }, perStreet ? `street ${k + 1}` : `${k + 1}`));
    g.append(s('text', { x: x + w / 2, y: yy + step - 17, class: 'plan-val', 'text-anchor': 'middle' }, v == null ? '' : v));
  });
  if (row) {
    const each = perStreet ? parts.map((v, k) => `street ${k + 1}: ${v}`).join(', ') : parts.join(', ');
    g.setAttribute('aria-label', `${col.label}: ${pointsText(row.points)} (${row.detail || each})`);
  }
}

/** An empty house in words, with the numbers it still takes (`ranges`: the derived ones). */
export function emptyText(ranges, si, i) {
  if (!ranges) return 'empty';
  const range = ranges[si] ? ranges[si][i] : null;
  return range ? `empty, accepts ${range[0] === range[1] ? range[0] : `${range[0]} to ${range[1]}`}` : 'empty, no number fits in order';
}
