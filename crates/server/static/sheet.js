// The score sheet, drawn in SVG after the printed layout from the sheet's data: right-aligned
// streets with their park tracks, planned pools, top fences and fence slots, what the sheet's
// rule modules add (each drawn by its own file in sheet/, found by the sheet's `modules`: see
// sheet/modules.js), and the lower scoring area with one column per score row, in the printed
// order, and the total. A module may draw the streets its own way (a grid of streets and columns).
//
// renderSheet(container, {sheet, score, layout, derived}, {targets, marks, label, edition})
// redraws the sheet. `layout` is the sheet's edition data, and `edition` its edition (which
// names the plans "A" or "n°1"); `derived` is what the engine derives from the sheet (number
// ranges, estates, and each module's own): nothing here works a rule out.
// `targets` lists what can be acted on: each becomes a focusable element (Enter/Space or a
// click/tap calls `activate`) with its own accessible name.

import { LAYOUT } from './edition.js';
import { parseHouse, el, pointsText } from './format.js';
import { editionOfSheet } from './data.js';
import { planName } from './aaa.js';
import { planShort } from './plans.js';
import {
  W, RIGHT, P, BH, TOP, SH, CELL, s, cellX, houseBox, streetY, houseY, stripY, trackValue, crossMark,
  makeActionable, houseTarget, drawTrack, header, totalCell, partsColumn, emptyText,
} from './svg.js';
import { modulesOf } from './sheet/modules.js';

/** Phones draw the streets large, scrolled sideways, and the scoring area as text (see renderSheet). */
export const COMPACT = window.matchMedia('(max-width: 640px)');
const STREETS_X0 = 28; // left edge of the streets picture in compact mode
const GAP = 18; // room for an operator between two columns of the total row

/** The module that draws the sheet's streets its own way (a grid), if any. */
function shapeOf(layout) {
  return modulesOf(layout).find((m) => m.shape)?.shape || null;
}

/** Where the streets end and the scoring area starts on `layout`. */
function geometry(layout) {
  const n = layout.streets.length;
  const shape = shapeOf(layout);
  const lower = shape ? shape.lower(layout) : TOP + n * SH + 8;
  const totalY = lower + 40 + 10 * CELL + 10;
  return { lower, totalY, height: totalY + 64 };
}

/**
 * The engine's derived state, indexed for drawing: the number ranges, and each rule module's
 * own (`mods`, by module id; a module whose index is null draws nothing).
 */
function indexDerived(derived, layout, halves, sheet, asked) {
  const d = derived || {};
  const mods = new Map();
  for (const m of modulesOf(layout)) {
    const state = m.index ? m.index(layout, d, { sheet, halves, asked, derived }) : {};
    if (state != null) mods.set(m.id, { module: m, state });
  }
  return { ranges: d.ranges || null, mods };
}

/** Calls hook `name` of every module drawing on this sheet with `c` and its state; their answers. */
function each(derived, name, c) {
  const out = [];
  for (const { module, state } of derived.mods.values()) {
    if (module[name]) out.push(module[name](c, state));
  }
  return out;
}

/**
 * Draws the sheet into `container`.
 * data: {sheet (SheetData), score (Score|null), layout?, derived?}
 * opts: {targets: Map<key, {label, activate, selected?}>,
 *        marks: {fresh: Set<"s,h">, chosen: Set<"s,h">, pending?: {house: "s,h", number},
 *                circle?, saucer?: "s,h" (a house a module's step asks about)},
 *        label: text naming the sheet, solo: bool, plans?: [{text}] (dealt, for their text),
 *        edition?: the sheet's edition id (else the edition `layout` comes from, if known),
 *        aaaHalves?: the AAA's halves of the split boxes (`view.aaa.halves`, AAA solo; drawn by
 *                    the modules that split boxes)}
 * Keys: "h:s:h" house, "f:s:k" fence slot, "c:size" real-estate column, "t:refusal" refusal track,
 * "p:s" the park track of street s (a module's bonus crosses its next park); the modules' own
 * keys are named in their files ("b:s", "k:c", "u:s:h", "z:s:side").
 */
export function renderSheet(container, data, opts = {}) {
  const layout = data.layout || LAYOUT;
  const editionId = opts.edition ?? editionOfSheet(layout);
  const sheet = data.sheet;
  const score = data.score && data.score.rows ? data.score : null;
  const asked = (opts.marks && opts.marks.circle) || null;
  const derived = indexDerived(data.derived, layout, opts.aaaHalves, sheet, asked);
  const targets = opts.targets || new Map();
  const fresh = (opts.marks && opts.marks.fresh) || new Set();
  const chosen = (opts.marks && opts.marks.chosen) || new Set();
  const pending = (opts.marks && opts.marks.pending) || null;
  const asks = (opts.marks && opts.marks.saucer) || null; // a house a module's step asks about
  const focusedKey = container.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
  const G = geometry(layout);
  const shape = shapeOf(layout);

  // On a phone the streets are drawn large in a box of their own that scrolls sideways (see
  // `.sheet-scroll` in style.css): every house and fence slot is then a tap of at least 44 CSS
  // pixels and every number readable, which a whole street squeezed into the screen's width
  // cannot be (twelve houses in 390 pixels are 32 pixels each). Showing one street at a time
  // would not make them wider, and would hide where else a number fits; the scroll keeps the
  // three streets in view together, the way the paper sheet is read. The scoring area becomes
  // a table of the score rows in text of a readable size.
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
    svg.append(s('rect', { x: 0, y: 0, width: W, height: G.height, class: 'paper', rx: 10 }));
    return svg;
  };
  const label = opts.label || 'Score sheet';
  const [x0, x1] = shape ? shape.view(layout) : [STREETS_X0, W - 4];
  const svg = compact ? mk(`${x0} 0 ${x1 - x0} ${G.lower - 6}`, label) : mk(`0 0 ${W} ${G.height}`, label);
  svg.dataset.sheet = layout.id;
  if (shape) svg.classList.add(shape.cls);

  if (!compact) {
    // City name box at the top left (on a phone the page names the sheet).
    const nameG = s('g', { class: 'city' });
    nameG.append(s('rect', { x: 14, y: TOP + 40, width: 150, height: 46, rx: 6, class: 'city-box' }));
    nameG.append(s('text', { x: 24, y: TOP + 58, class: 'small' }, 'Welcome to'));
    nameG.append(s('text', { x: 24, y: TOP + 78, class: 'city-name' }, opts.city || ''));
    svg.append(nameG);
  }

  // the modules' boxes at the top left, and what they draw under the streets
  each(derived, 'panel', { svg, layout, sheet, score, halves: opts.aaaHalves });
  const marks = { fresh, chosen, pending, saucer: asks };
  if (shape) shape.draw({ svg, layout, sheet, derived, targets, marks, big: compact });
  else for (let si = 0; si < layout.streets.length; si++) drawStreet(svg, layout, sheet, derived, si, targets, marks, compact);
  each(derived, 'over', { svg, layout });

  if (compact) {
    // The scroll box stays across redraws, so that it keeps its position while a turn goes on;
    // its frame holds the counts of the places to play that are scrolled out of sight.
    let frame = container.firstElementChild;
    if (!frame || !frame.classList.contains('sheet-frame')) {
      frame = scrollFrame();
      container.replaceChildren(frame);
    }
    const scroller = frame.querySelector('.sheet-scroll');
    const left = scroller.scrollLeft;
    scroller.replaceChildren(svg);
    scroller.scrollLeft = left;
    while (frame.nextSibling) frame.nextSibling.remove();
    container.append(scoreTable(layout, sheet, score, label, editionId, derived));
    container.classList.add('compact');
    revealTargets(scroller, targets);
    frame.countOffscreen();
  } else {
    drawLower(svg, layout, sheet, score, derived, targets, { ...opts, edition: editionId }, G);
    container.replaceChildren(svg);
    container.classList.remove('compact');
  }
  if (focusedKey) {
    const again = container.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`);
    if (again) again.focus();
  }
  return svg;
}

/**
 * The phone's scroll box of the streets, in a frame that counts the places to play (the
 * highlighted houses, fence slots…) scrolled out of sight on each side: "◀ 3" and "15 ▶", each a
 * button that scrolls to the nearest of them. A place counts as out of sight unless it is
 * wholly in view.
 */
function scrollFrame() {
  const scroller = el('div', { class: 'sheet-scroll' });
  const side = (dir) => el('button', {
    type: 'button', class: `offscreen offscreen-${dir}`, 'data-offscreen': dir, hidden: true,
    onclick: () => {
      const { left, right } = outOfSight(scroller);
      const list = dir === 'left' ? left : right;
      if (!list.length) return;
      const box = scroller.getBoundingClientRect();
      // the nearest one comes in at the edge it was beyond, with the ones after it in view
      if (dir === 'right') scroller.scrollLeft += Math.min(...list.map((r) => r.left)) - box.left - 8;
      else scroller.scrollLeft += Math.max(...list.map((r) => r.right)) - box.right + 8;
    },
  });
  const toLeft = side('left');
  const toRight = side('right');
  const frame = el('div', { class: 'sheet-frame' }, scroller, toLeft, toRight);
  frame.countOffscreen = () => {
    const { left, right } = outOfSight(scroller);
    for (const [b, n, dir] of [[toLeft, left.length, 'left'], [toRight, right.length, 'right']]) {
      b.hidden = !n;
      b.textContent = dir === 'left' ? `◀ ${n}` : `${n} ▶`;
      b.dataset.count = n;
      b.setAttribute('aria-label', `${n} place${n === 1 ? '' : 's'} to play further ${dir}: scroll there`);
    }
  };
  scroller.addEventListener('scroll', () => frame.countOffscreen(), { passive: true });
  return frame;
}

/** The boxes of the places to play in `scroller` that are not wholly in view, by side. */
function outOfSight(scroller) {
  const box = scroller.getBoundingClientRect();
  const left = [];
  const right = [];
  for (const t of scroller.querySelectorAll('.target')) {
    const r = t.getBoundingClientRect();
    if (r.left < box.left - 0.5) left.push(r);
    else if (r.right > box.right + 0.5) right.push(r);
  }
  return { left, right };
}

/**
 * When new places to tap appear and none of them is in the visible part of the streets,
 * scrolls the box sideways to the one nearest to what is shown.
 */
function revealTargets(scroller, targets) {
  const sig = [...targets.keys()].filter((k) => /^[hfbpukz]:/.test(k)).join(' ');
  if (sig === (scroller.dataset.targets || '')) return;
  scroller.dataset.targets = sig;
  if (!sig || !scroller.isConnected) return;
  const box = scroller.getBoundingClientRect();
  const mid = box.left + box.width / 2;
  let best = null;
  for (const t of scroller.querySelectorAll('.target')) {
    const r = t.getBoundingClientRect();
    if (r.left >= box.left && r.right <= box.right) return;
    const d = r.left + r.width / 2 - mid;
    if (best == null || Math.abs(d) < Math.abs(best)) best = d;
  }
  if (best != null) scroller.scrollLeft += best;
}

/** Points as added to the total: penalties with their minus sign. */
const signed = (v) => (v < 0 ? `−${-v}` : `${v}`);

/**
 * The scoring area as a table (phones): one line per score row in the printed order, with
 * what the sheet shows for it and the points the engine scored, then the total.
 */
function scoreTable(layout, sheet, score, label, editionId, derived) {
  const rows = layout.score_rows.map((r) => {
    const row = score ? score.rows.find((x) => x.id === r.id) : null;
    const parts = [];
    if (r.id === 'plans') parts.push(sheet.plans.map((v, k) => `${planShort(editionId, k)}: ${v == null ? '–' : v}`).join(' · '));
    parts.push(...each(derived, 'rowDetail', { id: r.id, sheet, row }).filter((x) => x != null));
    if (r.id === 'estates') parts.push(`sizes 1–${layout.real_estate.length} worth ${layout.real_estate.map((v, i) => trackValue(v, sheet.real_estate[i])).join(' · ')}`);
    if (row && row.detail) parts.push(row.detail);
    return el('tr', { 'data-row': r.id },
      el('th', { scope: 'row' }, r.label),
      el('td', { class: 'detail' }, parts.join('; ')),
      el('td', { class: 'pts' }, row ? signed(row.points) : '…'));
  });
  return el('table', { class: 'data score-table', 'aria-label': `${label}: scoring` },
    el('tbody', {}, rows,
      el('tr', { class: 'total-row', 'data-row': 'total' },
        el('th', { scope: 'row' }, 'Total'), el('td', { class: 'detail' }), el('td', { class: 'pts' }, score ? score.total : '…'))));
}

function drawStreet(svg, layout, sheet, derived, si, targets, marks, big) {
  const { fresh, chosen, pending } = marks;
  const st = layout.streets[si];
  const data = sheet.streets[si];
  const n = st.houses;
  const y0 = streetY(si);
  const hy = houseY(si);
  const sy = stripY(si);
  const g = s('g', { class: 'street', 'aria-label': `Street ${si + 1}`, role: 'group' });
  svg.append(g);

  // Street band and number.
  const left = cellX(n, 0);
  g.append(s('rect', { x: left, y: hy - 6, width: RIGHT - left, height: BH + 12, class: 'street-band', rx: 4 }));
  g.append(s('circle', { cx: left - 22, cy: hy + 14, r: 13, class: 'street-no' }));
  g.append(s('text', { x: left - 22, y: hy + 19, class: 'street-no-text', 'text-anchor': 'middle' }, si + 1));

  // Park track above the right end of the street.
  const parks = st.parks;
  const parksText = `Street ${si + 1} parks: ${data.parks} of ${parks.length - 1} crossed, worth ${trackValue(parks, data.parks)}`;
  const pg = s('g', { class: 'parks', role: 'img', 'aria-label': parksText, 'data-parks': si + 1 });
  const pr = big ? 13.5 : 12;
  const pStep = 30;
  const py = y0 + 16;
  const finalX = RIGHT - 16;
  pg.append(s('text', { x: finalX - parks.length * pStep - 6, y: py + 5, class: 'track-label', 'text-anchor': 'end' }, 'parks'));
  parks.forEach((v, k) => {
    const cx = finalX - (parks.length - 1 - k) * pStep;
    const last = k === parks.length - 1;
    if (!last) {
      pg.append(s('circle', { cx, cy: py, r: pr, class: 'park-box' }));
      pg.append(s('text', { x: cx, y: py + 5, class: 'park-val', 'text-anchor': 'middle' }, v));
      if (k < data.parks) crossMark(pg, cx - pr, py - pr, 2 * pr, 2 * pr);
    } else {
      pg.append(s('text', { x: cx, y: py + 6, class: 'park-final', 'text-anchor': 'middle' }, v));
    }
  });
  // a park to cross in this street (a module's bonus)
  const parkKey = `p:${si + 1}`;
  const parkTarget = targets.get(parkKey);
  if (parkTarget) {
    const x1 = finalX - parks.length * pStep + 8;
    const x2 = finalX + 16;
    pg.append(s('rect', { x: x1 - 6, y: y0, width: x2 - x1 + 12, height: 36, class: 'touch' }));
    pg.append(s('rect', { x: x1, y: py - pr - 4, width: x2 - x1, height: 2 * pr + 8, rx: 10, class: 'hit' }));
    pg.append(s('rect', { x: x1, y: py - pr - 4, width: x2 - x1, height: 2 * pr + 8, rx: 10, class: 'focus-ring' }));
    makeActionable(pg, { ...parkTarget, label: `${parksText}. ${parkTarget.label}` }, parkKey);
  }
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
      hg.append(s('ellipse', { cx, cy, rx: 21, ry: 11, class: poolBuilt ? 'pool built' : 'pool' }));
      if (poolBuilt) {
        hg.append(s('ellipse', { cx, cy, rx: 21, ry: 11, fill: 'url(#water)', class: 'pool-water' }));
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

    // The house box. A house text of a module's own is drawn by its module.
    const own = p.kind === 'number' || p.kind === 'roundabout' || p.kind === 'empty' ? null
      : each(derived, 'houseKind', { p }).find(Boolean) || null;
    const cls = ['house-box'];
    if (p.kind === 'roundabout') cls.push('roundabout');
    if (own) cls.push(own.cls);
    if (chosen.has(`${si + 1},${h}`)) cls.push('chosen');
    if (fresh.has(`${si + 1},${h}`)) cls.push('fresh');
    hg.append(s('rect', { x, y: hy, width: w, height: BH, rx: 5, class: cls.join(' ') }));
    if (chosen.has(`${si + 1},${h}`)) {
      hg.append(s('rect', { x: x + 3, y: hy + 3, width: w - 6, height: BH - 6, rx: 3, fill: 'url(#dots)', class: 'chosen-fill' }));
    }
    let desc;
    if (p.kind === 'number') {
      hg.append(s('text', { x: x + w / 2, y: hy + (p.bis ? 35 : 40), class: fresh.has(`${si + 1},${h}`) ? 'house-num fresh' : 'house-num', 'text-anchor': 'middle' }, p.value));
      if (p.bis) hg.append(s('text', { x: x + w / 2, y: hy + 52, class: 'bis-mark', 'text-anchor': 'middle' }, 'bis'));
      desc = `${p.value}${p.bis ? ' bis' : ''}`;
    } else if (p.kind === 'roundabout') {
      const cx = x + w / 2;
      const cy = hy + BH / 2;
      hg.append(s('circle', { cx, cy, r: 19, class: 'rb-outer' }));
      hg.append(s('circle', { cx, cy, r: 8, class: 'rb-inner' }));
      hg.append(s('path', { d: `M${cx + 13} ${cy - 14}l5 0l0 5M${cx - 13} ${cy + 14}l-5 0l0 -5`, class: 'rb-arrow' }));
      desc = 'roundabout';
    } else if (own) {
      own.draw(hg, { x, w, hy });
      desc = own.desc;
    } else if (pending && pending.house === `${si + 1},${h}`) {
      // a number waiting for the decision it asks for (a module's choice)
      hg.append(s('text', { x: x + w / 2, y: hy + 40, class: 'house-num pending', 'text-anchor': 'middle' }, pending.number));
      desc = `${pending.number} about to be written, waiting for your choice`;
    } else {
      desc = emptyText(derived.ranges, si, i);
    }
    if (planned) desc += poolBuilt ? ', pool built' : ', planned pool';
    if (used) desc += ', used for a plan';

    // What the sheet's modules print in front of the house.
    const c = { layout, sheet, si, h, i, x, w, sy, p, marks, targets, big };
    for (const more of each(derived, 'house', { ...c, hg })) if (more) desc += more;
    if (fresh.has(`${si + 1},${h}`)) desc += own ? own.fresh : ', written this turn';

    if (target) {
      houseTarget(hg, { x, y: hy, w, h: BH }, { x: cellX(n, i), y: hy - 26, w: P, h: BH + 34 }, target, big);
      makeActionable(hg, { ...target, label: `Street ${si + 1}, house ${h}, ${desc}. ${target.label}` }, key);
    } else {
      hg.setAttribute('role', 'img');
      hg.setAttribute('aria-label', `Street ${si + 1}, house ${h}, ${desc}`);
    }
    g.append(hg);
    each(derived, 'afterHouse', { ...c, g });
  }
  each(derived, 'afterHouses', { g, n, si });

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
      // the whole width between the two houses' middles: only fences are targets then
      fg.append(s('rect', { x: fx - P / 2, y: fy1 - 20, width: P, height: fy2 - fy1 + 40, class: 'touch' }));
      fg.append(s('rect', { x: fx - 13, y: fy1 - 4, width: 26, height: fy2 - fy1 + 8, rx: 6, class: 'hit fence-hit' }));
      fg.append(s('rect', { x: fx - 13, y: fy1 - 4, width: 26, height: fy2 - fy1 + 8, rx: 6, class: 'focus-ring' }));
      fg.append(s('path', { d: `M${fx} ${fy1 + 8}v${fy2 - fy1 - 16}`, class: 'fence-preview' }));
      makeActionable(fg, { ...target, label: `Street ${si + 1}, fence between houses ${k} and ${k + 1}. ${target.label}` }, key);
    } else if (drawn && data.fences.includes(k)) {
      // a drawn fence splits estates: a screen reader hears it in the street's reading order
      fg.setAttribute('role', 'img');
      fg.setAttribute('aria-label', `Street ${si + 1}, fence between houses ${k} and ${k + 1}`);
    } else {
      fg.setAttribute('aria-hidden', 'true');
    }
    g.append(fg);
  }

  // What the sheet's modules draw along the street.
  each(derived, 'streetEnd', { g, layout, sheet, st, n, si, targets, big });
}

/** Numbers drawn from the sheet as written (no rule: counts of what is on the paper). */
function counts(sheet) {
  let bis = 0;
  let roundabouts = 0;
  let pools = 0;
  for (const st of sheet.streets) {
    for (const t of st.houses) {
      if (t.endsWith('b')) bis++;
      if (t === 'R') roundabouts++;
    }
    pools += st.pools.length;
  }
  return { bis, roundabouts, pools };
}

/**
 * The columns of the total row, one per score row of the sheet in its printed order. The base
 * rows draw their printed tracks; any other row (a thematic sheet's) draws one box per part of
 * its score row. Penalty columns are subtracted.
 */
function columnsOf(layout) {
  const estatesW = layout.real_estate.length * 50 - 8;
  const known = {
    plans: { w: 62, draw: plansColumn },
    parks: { w: 58, draw: partsColumn },
    pools: { w: 44, draw: poolsColumn, ownTotal: true },
    temps: { w: 44, draw: tempsColumn },
    estates: { w: estatesW, draw: estatesColumn, ownTotal: true },
    bis: { w: 44, draw: bisColumn, negative: true },
    roundabouts: { w: 44, draw: roundaboutsColumn, negative: true },
    refusals: { w: 46, draw: refusalsColumn, negative: true },
  };
  // the modules' own rows (a row they do not draw gets a box per part)
  for (const m of modulesOf(layout)) Object.assign(known, m.columns ? m.columns(layout) : {});
  return layout.score_rows.map((r) => ({ ...r, ...(known[r.id] || { w: 60, draw: partsColumn }) }));
}

function drawLower(svg, layout, sheet, score, derived, targets, opts, G) {
  const lower = s('g', { class: 'lower', role: 'group', 'aria-label': 'Scoring' });
  svg.append(lower);
  lower.append(s('line', { x1: 10, y1: G.lower - 4, x2: W - 10, y2: G.lower - 4, class: 'divider' }));
  const rowOf = (id) => (score ? score.rows.find((r) => r.id === id) || null : null);
  const ctx = { layout, sheet, score, derived, targets, opts, G, counts: counts(sheet), trackTop: G.lower + 40 };
  // a module's column reads its own state
  ctx.state = (id) => derived.mods.get(id)?.state ?? null;
  const op = (x, t) => lower.append(s('text', { x, y: G.totalY + 25, class: 'op', 'text-anchor': 'middle', 'aria-hidden': 'true' }, t));

  let x = 14;
  const words = [];
  columnsOf(layout).forEach((col, i) => {
    if (i > 0) {
      op(x + GAP / 2 - 2, col.negative ? '−' : '+');
      words.push(col.negative ? '−' : '+');
      x += GAP;
    }
    const row = rowOf(col.id);
    const g = s('g', { class: `column column-${col.id}`, role: 'img' });
    g.dataset.row = col.id;
    col.draw(g, x, col.w, col, row, ctx);
    // what the row adds, written as printed (penalties positive, in a dashed box)
    const shown = row ? (col.negative ? -row.points : row.points) : null;
    if (!col.ownTotal) totalCell(g, G, x, col.w, shown, col.negative ? 'neg' : '');
    if (!g.getAttribute('aria-label')) {
      g.setAttribute('aria-label', `${col.label}: ${row ? `${pointsText(row.points)}${row.detail ? ` (${row.detail})` : ''}` : 'not scored'}`);
    }
    lower.append(g);
    words.push(col.label.toLowerCase());
    x += col.w;
  });

  // Total.
  op(x + GAP / 2 - 2, '=');
  words.push('=', 'total');
  x += GAP;
  const g = s('g', { role: 'img', class: 'column column-total' });
  const tw = W - 14 - x;
  g.append(s('text', { x: x + tw / 2, y: G.totalY - 10, class: 'col-head', 'text-anchor': 'middle' }, 'Total'));
  g.append(s('rect', { x, y: G.totalY - 2, width: tw, height: 38, rx: 10, class: 'grand-total' }));
  g.append(s('text', { x: x + tw / 2, y: G.totalY + 26, class: 'grand-total-val', 'text-anchor': 'middle' }, score ? score.total : ''));
  g.setAttribute('aria-label', `Total: ${score ? score.total : 'not scored'}`);
  lower.append(g);

  // The total row, in words.
  svg.append(s('text', { x: 14, y: G.totalY + 56, class: 'small' }, words.join(' ')));
}

function plansColumn(g, x, w, col, row, ctx) {
  const { sheet, G } = ctx;
  const ed = ctx.opts.edition;
  header(g, G.lower, x, w, col.label);
  for (let k = 0; k < 3; k++) {
    const yy = ctx.trackTop + k * 58;
    const box = s('rect', { x, y: yy, width: w, height: 48, rx: 6, class: 'plan-box' });
    // the plan's text on hover, where the sheet knows which plans are dealt
    const plan = ctx.opts.plans && ctx.opts.plans[k];
    if (plan && plan.text) box.append(s('title', {}, `Plan ${planShort(ed, k)}: ${plan.text}`));
    g.append(box);
    g.append(s('text', { x: x + 6, y: yy + 14, class: 'small' }, planShort(ed, k)));
    const v = sheet.plans[k];
    g.append(s('text', { x: x + w / 2, y: yy + 40, class: 'plan-val', 'text-anchor': 'middle' }, v == null ? '' : v));
  }
  g.setAttribute('aria-label', `${col.label}: ${sheet.plans.map((v, k) => `${planName(ed, k)} ${v == null ? 'not scored' : `${pointsText(v)}`}`).join(', ')}`);
}

function poolsColumn(g, x, w, col, row, ctx) {
  const built = ctx.counts.pools;
  header(g, ctx.G.lower, x, w, col.label, `${built} built`);
  drawTrack(g, x + 3, ctx.trackTop, w - 6, ctx.layout.pools, built);
  totalCell(g, ctx.G, x, w, row ? row.points : trackValue(ctx.layout.pools, built));
}

function tempsColumn(g, x, w, col, row, ctx) {
  const { layout, sheet, opts } = ctx;
  header(g, ctx.G.lower, x, w, col.label, `${sheet.temps} hired`);
  for (let k = 0; k < layout.temp_boxes; k++) {
    const yy = ctx.trackTop + k * 18;
    const cx = x + w / 2;
    g.append(s('path', { d: `M${cx} ${yy}l8 8l-8 8l-8 -8z`, class: 'temp-box' }));
    if (k < sheet.temps) crossMark(g, cx - 8, yy, 16, 16);
  }
  g.append(s('text', { x: x + w / 2, y: ctx.trackTop + layout.temp_boxes * 18 + 12, class: 'col-sub', 'text-anchor': 'middle' }, opts.solo ? `≥${layout.solo_temps.at_least}: ${layout.solo_temps.points}` : layout.temp_majority.join(' ')));
}

function estatesColumn(g, x, w, col, row, ctx) {
  const { layout, sheet, score, targets, G } = ctx;
  const ew = 42;
  const counts = (score && score.tie_break && score.tie_break.by_size) || [];
  layout.real_estate.forEach((values, i) => {
    const size = i + 1;
    const ex = x + i * (ew + 8);
    const key = `c:${size}`;
    const target = targets.get(key);
    const cg = s('g', { class: 'estate-col' });
    // mini houses showing the size
    for (let k = 0; k < size; k++) {
      const hx = ex + 2 + (k % 6) * 7;
      cg.append(s('path', { d: `M${hx} ${G.lower + 12}l3 -4l3 4v6h-6z`, class: 'mini-house' }));
    }
    cg.append(s('text', { x: ex + ew / 2, y: G.lower + 33, class: 'col-sub', 'text-anchor': 'middle' }, `size ${size}`));
    const crossed = sheet.real_estate[i];
    drawTrack(cg, ex + 4, ctx.trackTop, ew - 8, values, crossed);
    // what a module prints on the column's boxes, and says of it
    const notes = each(ctx.derived, 'estateColumn', { cg, layout, size, ex, ew, crossed, trackTop: ctx.trackTop }).join('');
    const points = row ? row.parts[i] : null;
    const count = counts[i];
    const countY = ctx.trackTop + values.length * CELL + 8;
    cg.append(s('text', { x: ex + ew / 2, y: countY + 12, class: 'estate-count', 'text-anchor': 'middle' }, `×${count ?? '…'}`));
    totalCell(cg, G, ex, ew, points);
    if (i > 0) cg.append(s('text', { x: ex - 4, y: G.totalY + 22, class: 'op small-op', 'text-anchor': 'middle', 'aria-hidden': 'true' }, '+'));
    const desc = `Real-estate column ${size}: ${crossed} of ${values.length - 1} crossed, value ${trackValue(values, crossed)}${count != null && row ? `, ${count} completed, ${pointsText(points)}` : ''}${notes}`;
    if (target) {
      cg.append(s('rect', { x: ex - 3, y: G.lower, width: ew + 6, height: G.totalY - G.lower - 4, rx: 8, class: 'hit' }));
      cg.append(s('rect', { x: ex - 3, y: G.lower, width: ew + 6, height: G.totalY - G.lower - 4, rx: 8, class: 'focus-ring' }));
      makeActionable(cg, { ...target, label: `${desc}. ${target.label}` }, key);
    } else {
      cg.setAttribute('role', 'img');
      cg.setAttribute('aria-label', desc);
    }
    g.append(cg);
  });
  // The column group is a container of its own labelled parts.
  g.setAttribute('role', 'group');
  g.setAttribute('aria-label', `${col.label}${row ? `: ${pointsText(row.points)}` : ''}`);
}

function bisColumn(g, x, w, col, row, ctx) {
  // Extension copies a module's bonus wrote cross no box
  const n = ctx.counts.bis - (ctx.sheet.free_extensions || 0);
  header(g, ctx.G.lower, x, w, col.label, `${n} used`);
  drawTrack(g, x + 3, ctx.trackTop, w - 6, ctx.layout.bis, n);
}

function roundaboutsColumn(g, x, w, col, row, ctx) {
  const n = ctx.counts.roundabouts;
  header(g, ctx.G.lower, x, w, col.label);
  drawTrack(g, x + 3, ctx.trackTop, w - 6, ctx.layout.roundabouts, n);
  g.setAttribute('aria-label', `${col.label}: ${n} built, −${row ? -row.points : trackValue(ctx.layout.roundabouts, n)}`);
}

function refusalsColumn(g, x, w, col, row, ctx) {
  const { layout, sheet } = ctx;
  header(g, ctx.G.lower, x, w, col.label);
  const rg = s('g', { class: 'refusals' });
  layout.refusals.forEach((v, k) => {
    const yy = ctx.trackTop + k * CELL;
    const last = k === layout.refusals.length - 1;
    const cx = x + w / 2;
    if (!last) {
      rg.append(s('path', { d: `M${cx - 16} ${yy + 9}l6 -9h20l6 9l-6 9h-20z`, class: 'refusal-box' }));
      if (k < sheet.refusals) crossMark(rg, cx - 14, yy, 28, 18);
    }
    rg.append(s('text', { x: cx, y: yy + 14, class: last ? 'track-final' : 'track-val', 'text-anchor': 'middle' }, v));
  });
  g.append(rg);
  g.setAttribute('aria-label', `${col.label}: ${sheet.refusals} of ${layout.refusals.length - 1}, −${row ? -row.points : trackValue(layout.refusals, sheet.refusals)}`);
}

/** A plain-text account of a score, row by row in the sheet's order, for screen readers and small screens. */
export function scoreText(score) {
  if (!score || !score.rows) return '';
  const rows = score.rows.map((r) => `${r.label} ${r.points < 0 ? `−${-r.points}` : r.points}`);
  return `${rows.join(' · ')} · total ${score.total}`;
}
