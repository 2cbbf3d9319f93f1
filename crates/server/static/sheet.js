// The score sheet, drawn in SVG after the printed layout: three right-aligned streets with
// their park tracks, planned pools, top fences and fence slots, and the lower scoring area
// (plans, parks, pools, temps, real-estate columns 1–6, bis, roundabouts and refusals, total).
//
// renderSheet(container, {sheet, score, layout}, {targets, marks, label}) redraws the sheet.
// `targets` lists what can be acted on: each becomes a focusable element (Enter/Space or a
// click/tap calls `activate`) with its own accessible name.

import { LAYOUT } from './edition.js';
import { parseHouse, printedBoxes } from './format.js';

const NS = 'http://www.w3.org/2000/svg';

// Geometry (SVG user units).
export const W = 1000;

/** Narrow screens draw the streets and the scoring area as two pictures (see renderSheet). */
export const COMPACT = window.matchMedia('(max-width: 640px)');
const RIGHT = 978; // right edge of the last house cell of every street
const P = 74; // house pitch
const BW = 58; // house box width
const BH = 60; // house box height
const SH = 140; // street block height
const TOP = 8;
const LOWER = TOP + 3 * SH + 8; // top of the lower area
const CELL = 21; // track cell height
const TOTAL_Y = LOWER + 40 + 10 * CELL + 10; // total row
export const H = TOTAL_Y + 64;
const STREETS_X0 = 40; // left edge of the streets picture in compact mode

function s(tag, attrs = {}, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null && v !== false) e.setAttribute(k, v);
  if (text != null) e.textContent = String(text);
  return e;
}

function cellX(n, i) {
  // left edge of the cell of house i (0-based) in a street of n houses
  return RIGHT - (n - i) * P;
}

function houseBox(n, i) {
  return { x: cellX(n, i) + (P - BW) / 2, w: BW };
}

function streetY(si) {
  return TOP + si * SH;
}

function houseY(si) {
  return streetY(si) + 72;
}

/** Track values: first `values.length - 1` are boxes, the last is printed without a box. */
function trackValue(values, crossed) {
  return values[Math.min(crossed, values.length - 1)];
}

function crossMark(g, x, y, w, h, cls = 'cross') {
  g.append(s('path', { d: `M${x + 3} ${y + 3}L${x + w - 3} ${y + h - 3}M${x + w - 3} ${y + 3}L${x + 3} ${y + h - 3}`, class: cls }));
}

function makeActionable(g, target, key) {
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
 * Draws the sheet into `container`.
 * data: {sheet (SheetData), score (Score|null), layout?}
 * opts: {targets: Map<key, {label, activate, selected?}>, marks: {fresh: Set<"s,h">, chosen: Set<"s,h">},
 *        label: text naming the sheet, solo: bool}
 * Keys: "h:s:h" house, "f:s:k" fence slot, "c:size" real-estate column, "t:refusal" refusal track.
 */
export function renderSheet(container, data, opts = {}) {
  const layout = data.layout || LAYOUT;
  const sheet = data.sheet;
  const score = printedBoxes(data.score);
  const targets = opts.targets || new Map();
  const fresh = (opts.marks && opts.marks.fresh) || new Set();
  const chosen = (opts.marks && opts.marks.chosen) || new Set();
  const focusedKey = container.contains(document.activeElement) ? document.activeElement.dataset?.key : null;

  // On a narrow screen the streets and the scoring area are two pictures, the streets cropped
  // to their own width so that the houses are as large as the screen allows.
  const compact = opts.compact ?? COMPACT.matches;
  const mk = (viewBox, label) => {
    const svg = s('svg', { viewBox, class: 'sheet', role: 'group', 'aria-label': label });
    const defs = s('defs');
    defs.innerHTML = `
    <pattern id="water" width="8" height="8" patternUnits="userSpaceOnUse">
      <path d="M0 4q2-2 4 0t4 0" fill="none" stroke="#0072B2" stroke-width="1.4"/>
    </pattern>
    <pattern id="dots" width="7" height="7" patternUnits="userSpaceOnUse">
      <circle cx="3.5" cy="3.5" r="1.4" fill="#E69F00"/>
    </pattern>`;
    svg.append(defs);
    svg.append(s('rect', { x: 0, y: 0, width: W, height: H, class: 'paper', rx: 10 }));
    return svg;
  };
  const label = opts.label || 'Score sheet';
  const svg = compact ? mk(`${STREETS_X0} 0 ${W - STREETS_X0 - 4} ${LOWER - 6}`, label) : mk(`0 0 ${W} ${H}`, label);
  const lowerSvg = compact ? mk(`0 ${LOWER - 8} ${W} ${H - LOWER + 8}`, `${label}: scoring`) : svg;

  // City name box at the top left.
  const nameG = s('g', { class: 'city' });
  const cx0 = compact ? STREETS_X0 + 6 : 14;
  const cw = compact ? 140 : 196;
  nameG.append(s('rect', { x: cx0, y: TOP + 40, width: cw, height: 46, rx: 6, class: 'city-box' }));
  nameG.append(s('text', { x: cx0 + 10, y: TOP + 58, class: 'small' }, 'Welcome to'));
  nameG.append(s('text', { x: cx0 + 10, y: TOP + 78, class: 'city-name' }, opts.city || ''));
  svg.append(nameG);

  for (let si = 0; si < 3; si++) drawStreet(svg, layout, sheet, si, targets, fresh, chosen);
  drawLower(lowerSvg, layout, sheet, score, targets, opts);

  if (compact) {
    container.replaceChildren(svg, lowerSvg);
    container.classList.add('compact');
  } else {
    container.replaceChildren(svg);
    container.classList.remove('compact');
  }
  if (focusedKey) {
    const again = container.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`);
    if (again) again.focus();
  }
  return svg;
}

function drawStreet(svg, layout, sheet, si, targets, fresh, chosen) {
  const st = layout.streets[si];
  const data = sheet.streets[si];
  const n = st.houses;
  const y0 = streetY(si);
  const hy = houseY(si);
  const g = s('g', { class: 'street', 'aria-label': `Street ${si + 1}`, role: 'group' });
  svg.append(g);

  // Street band and number.
  const left = cellX(n, 0);
  g.append(s('rect', { x: left, y: hy - 6, width: RIGHT - left, height: BH + 12, class: 'street-band', rx: 4 }));
  g.append(s('circle', { cx: left - 22, cy: hy + BH / 2, r: 15, class: 'street-no' }));
  g.append(s('text', { x: left - 22, y: hy + BH / 2 + 6, class: 'street-no-text', 'text-anchor': 'middle' }, si + 1));

  // Park track above the right end of the street.
  const parks = st.parks;
  const pg = s('g', { class: 'parks', role: 'img', 'aria-label': `Street ${si + 1} parks: ${data.parks} of ${parks.length - 1} crossed, worth ${trackValue(parks, data.parks)}` });
  const pr = 12;
  const pStep = 30;
  const py = y0 + 16;
  const finalX = RIGHT - 16;
  pg.append(s('text', { x: finalX - parks.length * pStep - 6, y: py + 5, class: 'track-label', 'text-anchor': 'end' }, 'parks'));
  parks.forEach((v, k) => {
    const cx = finalX - (parks.length - 1 - k) * pStep;
    const last = k === parks.length - 1;
    if (!last) {
      pg.append(s('circle', { cx, cy: py, r: pr, class: 'park-box' }));
      // a small tree mark, then the value
      pg.append(s('text', { x: cx, y: py + 5, class: 'park-val', 'text-anchor': 'middle' }, v));
      if (k < data.parks) crossMark(pg, cx - pr, py - pr, 2 * pr, 2 * pr);
    } else {
      pg.append(s('text', { x: cx, y: py + 6, class: 'park-final', 'text-anchor': 'middle' }, v));
    }
  });
  g.append(pg);

  // Houses.
  for (let i = 0; i < n; i++) {
    const h = i + 1;
    const { x, w } = houseBox(n, i);
    const text = data.houses[i] || '';
    const p = parseHouse(text);
    const planned = st.pools.includes(h);
    const poolBuilt = data.pools.includes(h);
    const used = data.plan_houses.includes(h);
    const key = `h:${si + 1}:${h}`;
    const target = targets.get(key);
    const hg = s('g', { class: 'house' });

    // Planned pool above the house.
    if (planned) {
      const cx = x + w / 2;
      const cy = y0 + 46;
      hg.append(s('ellipse', { cx, cy, rx: 21, ry: 12, class: poolBuilt ? 'pool built' : 'pool' }));
      if (poolBuilt) {
        hg.append(s('ellipse', { cx, cy, rx: 21, ry: 12, fill: 'url(#water)', class: 'pool-water' }));
        hg.append(s('path', { d: `M${cx - 6} ${cy}l4 4l8-9`, class: 'pool-check' }));
      } else if (p.kind !== 'empty') {
        // the house was filled without building its pool: it is lost
        hg.append(s('path', { d: `M${cx - 14} ${cy + 7}L${cx + 14} ${cy - 7}`, class: 'pool-lost' }));
      }
    }

    // Top fence (crossed when the house was used for a plan).
    hg.append(s('line', { x1: x + 6, y1: hy - 12, x2: x + w - 6, y2: hy - 12, class: used ? 'top-fence used' : 'top-fence' }));
    if (used) {
      for (let k = 0; k < 3; k++) {
        const xx = x + 12 + k * 14;
        hg.append(s('path', { d: `M${xx - 4} ${hy - 17}l8 10`, class: 'top-fence-x' }));
      }
    }

    // The house box.
    const cls = ['house-box'];
    if (p.kind === 'roundabout') cls.push('roundabout');
    if (chosen.has(`${si + 1},${h}`)) cls.push('chosen');
    if (fresh.has(`${si + 1},${h}`)) cls.push('fresh');
    hg.append(s('rect', { x, y: hy, width: w, height: BH, rx: 5, class: cls.join(' ') }));
    if (chosen.has(`${si + 1},${h}`)) {
      hg.append(s('rect', { x: x + 3, y: hy + 3, width: w - 6, height: BH - 6, rx: 3, fill: 'url(#dots)', class: 'chosen-fill' }));
    }
    let desc;
    if (p.kind === 'number') {
      hg.append(s('text', { x: x + w / 2, y: hy + (p.bis ? 36 : 41), class: fresh.has(`${si + 1},${h}`) ? 'house-num fresh' : 'house-num', 'text-anchor': 'middle' }, p.value));
      if (p.bis) hg.append(s('text', { x: x + w / 2, y: hy + 53, class: 'bis-mark', 'text-anchor': 'middle' }, 'bis'));
      desc = `${p.value}${p.bis ? ' bis' : ''}`;
    } else if (p.kind === 'roundabout') {
      const cx = x + w / 2;
      const cy = hy + BH / 2;
      hg.append(s('circle', { cx, cy, r: 19, class: 'rb-outer' }));
      hg.append(s('circle', { cx, cy, r: 8, class: 'rb-inner' }));
      hg.append(s('path', { d: `M${cx + 13} ${cy - 14}l5 0l0 5M${cx - 13} ${cy + 14}l-5 0l0 -5`, class: 'rb-arrow' }));
      desc = 'roundabout';
    } else {
      const [lo, hi] = openRange(data.houses, i);
      desc = lo <= hi ? `empty, accepts ${lo === hi ? lo : `${lo} to ${hi}`}` : 'empty, no number fits in order';
    }
    if (planned) desc += poolBuilt ? ', pool built' : ', planned pool';
    if (used) desc += ', used for a plan';
    if (fresh.has(`${si + 1},${h}`)) desc += ', written this turn';

    if (target) {
      // a generous invisible touch area over the whole cell, then the visible dashed outline
      hg.append(s('rect', { x: cellX(n, i), y: hy - 26, width: P, height: BH + 34, class: 'touch' }));
      hg.append(s('rect', { x: x - 4, y: hy - 4, width: w + 8, height: BH + 8, rx: 8, class: 'hit' }));
      hg.append(s('rect', { x: x - 4, y: hy - 4, width: w + 8, height: BH + 8, rx: 8, class: 'focus-ring' }));
      if (target.badge) {
        hg.append(s('rect', { x: x + 2, y: hy + BH - 20, width: w - 4, height: 18, rx: 4, class: 'badge' }));
        hg.append(s('text', { x: x + w / 2, y: hy + BH - 6, class: 'badge-text', 'text-anchor': 'middle' }, target.badge));
      } else {
        hg.append(s('path', { d: `M${x + w - 14} ${hy + 4}h10v10`, class: 'target-corner' }));
      }
      makeActionable(hg, { ...target, label: `Street ${si + 1}, house ${h}, ${desc}. ${target.label}` }, key);
    } else {
      hg.setAttribute('role', 'img');
      hg.setAttribute('aria-label', `Street ${si + 1}, house ${h}, ${desc}`);
    }
    g.append(hg);
  }

  // Fences: street ends and the slots in between.
  const fy1 = hy - 4;
  const fy2 = hy + BH + 4;
  g.append(s('line', { x1: cellX(n, 0) + 2, y1: fy1, x2: cellX(n, 0) + 2, y2: fy2, class: 'fence end' }));
  g.append(s('line', { x1: RIGHT - 2, y1: fy1, x2: RIGHT - 2, y2: fy2, class: 'fence end' }));
  for (let k = 1; k < n; k++) {
    const fx = cellX(n, k);
    const drawn = data.fences.includes(k) || data.houses[k - 1] === 'R' || data.houses[k] === 'R';
    const key = `f:${si + 1}:${k}`;
    const target = targets.get(key);
    const fg = s('g', { class: 'fence-slot' });
    fg.append(s('line', { x1: fx, y1: fy1, x2: fx, y2: fy2, class: drawn ? 'fence drawn' : 'fence slot' }));
    if (drawn) {
      for (let t = 0; t < 3; t++) fg.append(s('line', { x1: fx - 5, y1: fy1 + 12 + t * 20, x2: fx + 5, y2: fy1 + 12 + t * 20, class: 'fence-rail' }));
    }
    if (target) {
      fg.append(s('rect', { x: fx - 26, y: fy1 - 20, width: 52, height: fy2 - fy1 + 40, class: 'touch' }));
      fg.append(s('rect', { x: fx - 13, y: fy1 - 4, width: 26, height: fy2 - fy1 + 8, rx: 6, class: 'hit fence-hit' }));
      fg.append(s('rect', { x: fx - 13, y: fy1 - 4, width: 26, height: fy2 - fy1 + 8, rx: 6, class: 'focus-ring' }));
      fg.append(s('path', { d: `M${fx} ${fy1 + 8}v${fy2 - fy1 - 16}`, class: 'fence-preview' }));
      makeActionable(fg, { ...target, label: `Street ${si + 1}, fence between houses ${k} and ${k + 1}. ${target.label}` }, key);
    } else {
      fg.setAttribute('aria-hidden', 'true');
    }
    g.append(fg);
  }
}

/**
 * For a screen reader: the numbers an empty house can still take between its written
 * neighbours in the same stretch of street (roundabouts start a new stretch). Legality comes
 * from the server; this is only a description.
 */
function openRange(houses, i) {
  let lo = 0;
  let hi = 17;
  for (let j = i - 1; j >= 0; j--) {
    const p = parseHouse(houses[j]);
    if (p.kind === 'roundabout') break;
    if (p.kind === 'number') { lo = p.value + 1; break; }
  }
  for (let j = i + 1; j < houses.length; j++) {
    const p = parseHouse(houses[j]);
    if (p.kind === 'roundabout') break;
    if (p.kind === 'number') { hi = p.value - 1; break; }
  }
  return [lo, hi];
}

function drawTrack(g, x, y, w, values, crossed, opts = {}) {
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

function header(g, x, w, text, sub) {
  g.append(s('text', { x: x + w / 2, y: LOWER + 16, class: 'col-head', 'text-anchor': 'middle' }, text));
  if (sub) g.append(s('text', { x: x + w / 2, y: LOWER + 31, class: 'col-sub', 'text-anchor': 'middle' }, sub));
}

function totalCell(g, x, w, value, label, cls = '') {
  g.append(s('rect', { x, y: TOTAL_Y, width: w, height: 34, rx: 6, class: `total-cell ${cls}` }));
  g.append(s('text', { x: x + w / 2, y: TOTAL_Y + 24, class: 'total-val', 'text-anchor': 'middle' }, value == null ? '' : value));
  g.setAttribute('aria-label', `${label}: ${value == null ? 'not scored' : value}`);
}

function op(svg, x, t) {
  svg.append(s('text', { x, y: TOTAL_Y + 25, class: 'op', 'text-anchor': 'middle', 'aria-hidden': 'true' }, t));
}

function drawLower(svg, layout, sheet, score, targets, opts) {
  const lower = s('g', { class: 'lower', role: 'group', 'aria-label': 'Scoring' });
  svg.append(lower);
  lower.append(s('line', { x1: 10, y1: LOWER - 4, x2: W - 10, y2: LOWER - 4, class: 'divider' }));
  const trackTop = LOWER + 40;

  // Plans.
  let x = 14;
  let g = s('g', { role: 'img' });
  header(g, x, 64, 'Plans');
  for (let k = 0; k < 3; k++) {
    const yy = trackTop + k * 58;
    g.append(s('rect', { x, y: yy, width: 64, height: 48, rx: 6, class: 'plan-box' }));
    g.append(s('text', { x: x + 6, y: yy + 14, class: 'small' }, `n°${k + 1}`));
    const v = sheet.plans[k];
    g.append(s('text', { x: x + 32, y: yy + 40, class: 'plan-val', 'text-anchor': 'middle' }, v == null ? '' : v));
  }
  const planSum = score ? score.plans.reduce((a, b) => a + b, 0) : null;
  totalCell(g, x, 64, planSum, 'Plans total');
  g.setAttribute('aria-label', `Plans: ${sheet.plans.map((v, k) => `n°${k + 1} ${v == null ? 'not scored' : v + ' points'}`).join(', ')}`);
  lower.append(g);
  op(svg, x + 74, '+');

  // Parks per street.
  x = 96;
  g = s('g', { role: 'img' });
  header(g, x, 60, 'Parks');
  for (let k = 0; k < 3; k++) {
    const yy = trackTop + k * 58;
    g.append(s('rect', { x, y: yy, width: 60, height: 48, rx: 6, class: 'plan-box' }));
    g.append(s('text', { x: x + 5, y: yy + 14, class: 'small' }, `street ${k + 1}`));
    const v = score ? score.parks[k] : trackValue(layout.streets[k].parks, sheet.streets[k].parks);
    g.append(s('text', { x: x + 30, y: yy + 40, class: 'plan-val', 'text-anchor': 'middle' }, v));
  }
  const parkSum = score ? score.parks.reduce((a, b) => a + b, 0) : null;
  totalCell(g, x, 60, parkSum, 'Parks total');
  lower.append(g);
  op(svg, x + 69, '+');

  // Pools.
  x = 178;
  g = s('g', { role: 'img' });
  const poolsBuilt = sheet.streets.reduce((a, st) => a + st.pools.length, 0);
  header(g, x, 46, 'Pools', `${poolsBuilt} built`);
  drawTrack(g, x + 4, trackTop, 38, layout.pools, poolsBuilt);
  totalCell(g, x, 46, score ? score.pools : trackValue(layout.pools, poolsBuilt), 'Pools');
  lower.append(g);
  op(svg, x + 56, '+');

  // Temps.
  x = 244;
  g = s('g', { role: 'img' });
  header(g, x, 46, 'Temps', `${sheet.temps} hired`);
  for (let k = 0; k < layout.temp_boxes; k++) {
    const yy = trackTop + k * 18;
    const cx = x + 23;
    g.append(s('path', { d: `M${cx} ${yy}l8 8l-8 8l-8 -8z`, class: 'temp-box' }));
    if (k < sheet.temps) crossMark(g, cx - 8, yy, 16, 16);
  }
  g.append(s('text', { x: x + 23, y: trackTop + layout.temp_boxes * 18 + 12, class: 'col-sub', 'text-anchor': 'middle' }, opts.solo ? `≥${layout.solo_temps.at_least}: ${layout.solo_temps.points}` : layout.temp_majority.join(' ')));
  totalCell(g, x, 46, score ? score.temps : null, 'Temps');
  lower.append(g);
  op(svg, x + 56, '+');

  // Real-estate columns 1–6.
  const ex0 = 310;
  const ew = 54;
  layout.real_estate.forEach((values, i) => {
    const size = i + 1;
    const ex = ex0 + i * (ew + 10);
    const key = `c:${size}`;
    const target = targets.get(key);
    const cg = s('g', { class: 'estate-col' });
    // mini houses showing the size
    for (let k = 0; k < size; k++) {
      const hx = ex + 4 + (k % 6) * 8;
      cg.append(s('path', { d: `M${hx} ${LOWER + 12}l3.5 -4l3.5 4v6h-7z`, class: 'mini-house' }));
    }
    cg.append(s('text', { x: ex + ew / 2, y: LOWER + 33, class: 'col-sub', 'text-anchor': 'middle' }, `size ${size}`));
    const crossed = sheet.real_estate[i];
    drawTrack(cg, ex + 6, trackTop, ew - 12, values, crossed);
    const est = score ? score.estates[i] : null;
    const countY = trackTop + values.length * CELL + 8;
    cg.append(s('text', { x: ex + ew / 2, y: countY + 12, class: 'estate-count', 'text-anchor': 'middle' }, `×${est ? est.count : '…'}`));
    totalCell(cg, ex, ew, est ? est.points : null, `Estates of size ${size}`);
    const desc = `Real-estate column ${size}: ${crossed} of ${values.length - 1} crossed, value ${trackValue(values, crossed)}${est ? `, ${est.count} completed, ${est.points} points` : ''}`;
    if (target) {
      cg.append(s('rect', { x: ex - 3, y: LOWER, width: ew + 6, height: TOTAL_Y - LOWER - 4, rx: 8, class: 'hit' }));
      cg.append(s('rect', { x: ex - 3, y: LOWER, width: ew + 6, height: TOTAL_Y - LOWER - 4, rx: 8, class: 'focus-ring' }));
      makeActionable(cg, { ...target, label: `${desc}. ${target.label}` }, key);
    } else {
      cg.setAttribute('role', 'img');
      cg.setAttribute('aria-label', desc);
    }
    lower.append(cg);
    if (i < 5) op(svg, ex + ew + 5, '+');
  });
  op(svg, ex0 + 6 * (ew + 10) - 5, '−');

  // Bis.
  x = ex0 + 6 * (ew + 10) + 8;
  g = s('g', { role: 'img' });
  let bisCount = 0;
  let rbCount = 0;
  for (const st of sheet.streets) for (const t of st.houses) {
    if (t.endsWith('b')) bisCount++;
    if (t === 'R') rbCount++;
  }
  header(g, x, 46, 'Bis', `${bisCount} used`);
  drawTrack(g, x + 4, trackTop, 38, layout.bis, bisCount, { negative: false });
  totalCell(g, x, 46, score ? score.bis : trackValue(layout.bis, bisCount), 'Bis penalty', 'neg');
  lower.append(g);
  op(svg, x + 56, '−');

  // Roundabouts and refusals.
  x += 66;
  g = s('g', { role: 'img' });
  header(g, x, 72, 'Round-', 'abouts');
  drawTrack(g, x + 14, trackTop, 44, layout.roundabouts, rbCount);
  const ry = trackTop + layout.roundabouts.length * CELL + 14;
  g.append(s('text', { x: x + 36, y: ry, class: 'col-head', 'text-anchor': 'middle' }, 'Refusals'));
  const refusalKey = 't:refusal';
  const rg = s('g', { class: 'refusals' });
  layout.refusals.forEach((v, k) => {
    const yy = ry + 8 + k * CELL;
    const last = k === layout.refusals.length - 1;
    const cx = x + 36;
    if (!last) {
      rg.append(s('path', { d: `M${cx - 16} ${yy + 9}l6 -9h20l6 9l-6 9h-20z`, class: 'refusal-box' }));
      if (k < sheet.refusals) crossMark(rg, cx - 14, yy, 28, 18);
    }
    rg.append(s('text', { x: cx, y: yy + 14, class: last ? 'track-final' : 'track-val', 'text-anchor': 'middle' }, v));
  });
  g.append(rg);
  const rbPen = score ? score.roundabouts : trackValue(layout.roundabouts, rbCount);
  const refPen = score ? score.refusals : trackValue(layout.refusals, sheet.refusals);
  totalCell(g, x, 72, rbPen + refPen, 'Roundabout and refusal penalty', 'neg');
  g.setAttribute('aria-label', `Roundabouts: ${rbCount} built, −${rbPen}. Building-permit refusals: ${sheet.refusals} of 3, −${refPen}`);
  lower.append(g);
  op(svg, x + 80, '=');

  // Total.
  x += 90;
  g = s('g', { role: 'img' });
  g.append(s('text', { x: x + (W - 14 - x) / 2, y: TOTAL_Y - 10, class: 'col-head', 'text-anchor': 'middle' }, 'Total'));
  g.append(s('rect', { x, y: TOTAL_Y - 2, width: W - 14 - x, height: 38, rx: 10, class: 'grand-total' }));
  g.append(s('text', { x: x + (W - 14 - x) / 2, y: TOTAL_Y + 26, class: 'grand-total-val', 'text-anchor': 'middle' }, score ? score.total : ''));
  g.setAttribute('aria-label', `Total: ${score ? score.total : 'not scored'}`);
  lower.append(g);

  // Row label.
  svg.append(s('text', { x: 14, y: TOTAL_Y + 56, class: 'small' }, 'plans + parks + pools + temps + estates − bis − roundabouts and refusals = total'));
}

/** A plain-text account of a score, for screen readers and small screens. */
export function scoreText(raw) {
  const score = printedBoxes(raw);
  if (!score) return '';
  const est = score.estates.reduce((a, e) => a + e.points, 0);
  const neg = (v) => (v ? `−${v}` : '0');
  return `Plans ${score.plans.join('/')} · parks ${score.parks.join('/')} · pools ${score.pools} · temps ${score.temps} · estates ${est} · bis ${neg(score.bis)} · roundabouts ${neg(score.roundabouts)} · refusals ${neg(score.refusals)} · total ${score.total}`;
}

