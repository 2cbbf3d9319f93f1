// The score sheet, drawn in SVG after the printed layout from the sheet's data: right-aligned
// streets with their park tracks, planned pools, top fences and fence slots, the features of
// the sheet's rule modules (eggs, ice-cream cones and trucks, strings of lights, shelters and
// their capacities, ghosts and candies with their tiers, flying saucers and infiltrated estates
// with the objectives, ducklings and their parents with the duck scorings, hordes with their
// arrows, barricades, invaded houses and the ammo stock), and the lower
// scoring area with one column per score row, in the printed order, and the total. American
// Dream's sheet is a grid instead: five streets that are also columns, each house in its
// family's colour with its action, perfect houses ringed, a bonus at the end of each street and
// at the foot of each column, and no Classic track.
//
// renderSheet(container, {sheet, score, layout, derived}, {targets, marks, label, edition})
// redraws the sheet. `layout` is the sheet's edition data, and `edition` its edition (which
// names the plans "A" or "n°1"); `derived` is what the engine derives from the sheet (number
// ranges, estates, collected eggs, cones, trucks, lights, shelters, saucers, ducklings, perfect
// houses and the street and column bonuses, hordes, ammo and barricades): nothing here works
// a rule out.
// `targets` lists what can be acted on: each becomes a focusable element (Enter/Space or a
// click/tap calls `activate`) with its own accessible name.

import { LAYOUT } from './edition.js';
import { parseHouse, el, bonusesText, estateHouses, houseName, objectiveText, objectiveRange, iconInner, effectLabel, pointsText } from './format.js';
import { editionOfSheet } from './data.js';
import { planName } from './aaa.js';
import { planShort } from './plans.js';

const NS = 'http://www.w3.org/2000/svg';

// Geometry (SVG user units).
export const W = 1000;

/** Phones draw the streets large, scrolled sideways, and the scoring area as text (see renderSheet). */
export const COMPACT = window.matchMedia('(max-width: 640px)');
const RIGHT = 934; // right edge of the last house cell of every street
const P = 70; // house pitch
const BW = 56; // house box width
const BH = 58; // house box height
const SH = 176; // street block height: parks, pools, houses, and the strip in front of them
const TOP = 8;
const CELL = 21; // track cell height
const STREETS_X0 = 28; // left edge of the streets picture in compact mode
const GAP = 18; // room for an operator between two columns of the total row
// American Dream: its streets are also columns, drawn as a grid of square cells.
const GP = 80; // grid pitch, across and down
const GB = 62; // house box side
const GX = 262; // left edge of column 1
const GY = TOP + 40; // top of street 1

/**
 * Whether the sheet is drawn as a grid: American Dream, whose streets also form columns and
 * which has none of the Classic tracks (its layout's `american_dream`).
 */
function isGrid(layout) {
  return !!(layout && layout.american_dream);
}

/** The grid's number of columns: column c is house c of every street that has one. */
function gridColumns(layout) {
  return Math.max(0, ...layout.streets.map((st) => st.houses));
}

/** Where the streets end and the scoring area starts on `layout`. */
function geometry(layout) {
  const n = layout.streets.length;
  // the grid: its streets, then the column bonuses under it
  const lower = isGrid(layout) ? GY + n * GP + 84 : TOP + n * SH + 8;
  const totalY = lower + 40 + 10 * CELL + 10;
  return { lower, totalY, height: totalY + 64 };
}

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

/** Top of the strip in front of the houses (eggs, cones, lights, the trucks' route). */
function stripY(si) {
  return houseY(si) + BH + 2;
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const key2 = ([a, b]) => `${a},${b}`;

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
 * What makes a house a target: a generous invisible touch area (`touch`, the whole cell), then
 * the visible dashed outline around its box, and the numbers it takes (`target.badge`) or a
 * corner mark.
 */
function houseTarget(hg, box, touch, target, big) {
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

/** The engine's derived state, indexed for drawing; empty parts when it is missing. */
function indexDerived(derived, layout, halves, sheet, asked) {
  const d = derived || {};
  return {
    treats: treatIndex(layout, sheet, asked),
    ranges: d.ranges || null,
    eggs: new Map((d.eggs || []).map((e) => [key2(e.house), e])),
    cones: new Map((d.cones || []).map((c) => [key2(c.house), c])),
    routes: new Map((d.routes || []).map((r) => [r.street, r])),
    links: new Set((d.links || []).map(key2)),
    shelters: shelterIndex(layout, d, halves),
    saucers: saucerIndex(layout, d),
    ducklings: ducklingList(layout, d),
    grid: isGrid(layout) && sheet ? gridState(layout, sheet, derived) : null,
    zombies: zombieIndex(layout, d, sheet),
  };
}

// ----- Zombies: hordes, ammo, barricades -----

/**
 * Zombies: the hordes (with their arrows traced, the next arrival and the X marks), the ammo
 * stock and what stands in front of each house (`printed`, `built` or `none`), as the engine
 * derived them or, before the server has answered, as written on the sheet. Null on a sheet
 * without hordes.
 */
function zombieIndex(layout, d, sheet) {
  const z = layout.zombies;
  if (!z || !sheet) return null;
  const sideAt = (h) => (h.side === 'left' ? 0 : 1);
  const hordes = (d.hordes && d.hordes.length ? d.hordes : z.hordes.map((h) => {
    const st = sheet.streets[h.street - 1] || {};
    const traced = (st.hordes || [0, 0])[sideAt(h)];
    return {
      street: h.street, side: h.side, arrivals: h.arrivals, traced,
      next: h.arrivals[traced] ?? null, next_invades: false, slowed: (st.slowed || [0, 0])[sideAt(h)],
    };
  })).map((h) => ({ ...h, key: `${h.street}:${h.side}` }));
  const circled = z.ammo_start + (sheet.ammo_gained || 0);
  const ammo = d.ammo || { stock: z.ammo_stock, start: z.ammo_start, gained: sheet.ammo_gained || 0, used: sheet.ammo_used || 0, left: circled - (sheet.ammo_used || 0) };
  const barricades = d.barricades && d.barricades.length ? d.barricades : layout.streets.map((st, si) => Array.from({ length: st.houses }, (_, i) => {
    if (!(st.unbarricaded || []).includes(i + 1)) return 'printed';
    return (sheet.streets[si].barricades || []).includes(i + 1) ? 'built' : 'none';
  }));
  return { hordes, ammo, barricades };
}

/** A horde in words: "Street 1, left horde: 1 of 3 arrows traced; next to house 3, …". */
export function hordeText(h, sheet) {
  const n = h.arrivals.length;
  const parts = [`Street ${h.street}, ${h.side} horde: ${h.traced} of ${plural(n, 'arrow')} traced`];
  if (h.next == null) parts.push('every arrow traced');
  else {
    const held = sheet ? (sheet.streets[h.street - 1].houses[h.next - 1] || '') : '';
    const what = held === 'Z' || held === 'Zb' ? 'already invaded' : held === 'R' ? 'a roundabout stops it' : held ? `holds ${held.replace(/b$/, ' bis')}` : 'empty';
    parts.push(`its next arrow ends at house ${h.next} (${what}), ${h.next_invades ? 'which it would invade' : 'where it would be stopped'}`);
  }
  if (h.slowed) parts.push(`slowed ${h.slowed === 1 ? 'once' : `${h.slowed} times`} (X on its arrows)`);
  return parts.join('; ');
}

/** A zombie's head, centred on (cx, cy). */
function zombiePicture(g, cx, cy, r = 13) {
  g.append(s('circle', { cx, cy, r, class: 'zombie-head' }));
  const k = r / 13;
  g.append(s('circle', { cx: cx - 4.5 * k, cy: cy - 2.5 * k, r: 2.4 * k, class: 'zombie-eye' }));
  g.append(s('circle', { cx: cx + 4.5 * k, cy: cy - 3.5 * k, r: 1.8 * k, class: 'zombie-eye' }));
  g.append(s('path', { d: `M${cx - 6 * k} ${cy + 5 * k}l3 ${-2 * k}l3 ${2 * k}l3 ${-2 * k}l3 ${2 * k}`, class: 'zombie-mouth' }));
}

/** What stands in front of a house, in words. */
const BARRICADE_TEXT = {
  printed: 'printed barricade',
  built: 'barricade built',
  none: 'no barricade: a horde arriving here invades it',
};

/** A barricade under a house (`state`: printed, built or none). */
function barricadeMark(x, w, sy, state) {
  const cx = x + w / 2;
  const y = sy + 2;
  const g = s('g', { class: `barricade ${state}`, 'data-barricade': state, 'aria-hidden': 'true' });
  if (state === 'none') {
    g.append(s('rect', { x: cx - 14, y, width: 28, height: 9, rx: 2, class: 'barricade-spot' }));
    return g;
  }
  g.append(s('rect', { x: cx - 14, y, width: 28, height: 9, rx: 2, class: 'barricade-plank' }));
  g.append(s('path', { d: `M${cx - 11} ${y + 1}l6 7M${cx - 2} ${y + 1}l6 7M${cx + 7} ${y + 1}l6 7`, class: 'barricade-line' }));
  if (state === 'built') g.append(s('rect', { x: cx - 17, y: y - 3, width: 34, height: 15, rx: 5, class: 'barricade-ring' }));
  return g;
}

/**
 * A street's two hordes: each at its end with its arrows in front of the houses (traced ones
 * solid, the next one marked, X marks at its start for each time it was slowed); a target
 * (`z:s:side`) while an ammo stage asks which hordes to slow.
 */
function drawHordes(g, n, si, zi, sheet, targets, big) {
  const hy = houseY(si);
  const sy = stripY(si);
  const left = cellX(n, 0);
  const centre = (house) => houseBox(n, house - 1).x + BW / 2;
  for (const h of zi.hordes.filter((x) => x.street === si + 1)) {
    const dir = h.side === 'left' ? 1 : -1;
    const start = h.side === 'left' ? left - 4 : RIGHT + 4;
    const ay = sy + (h.side === 'left' ? 21 : 34);
    const ag = s('g', { class: `horde-arrows ${h.side}`, 'aria-hidden': 'true' });
    let from = start;
    h.arrivals.forEach((house, k) => {
      const to = centre(house);
      const state = k < h.traced ? 'traced' : k === h.traced ? 'next' : 'ahead';
      const end = to - dir * 6;
      ag.append(s('path', { d: `M${from} ${ay}H${end}`, class: `horde-arrow ${state}`, 'data-arrow': `${h.key}:${k + 1}` }));
      ag.append(s('path', { d: `M${end + dir * 6} ${ay}l${-8 * dir} -5v10z`, class: `horde-head ${state}` }));
      from = to;
    });
    // the X marks at the start of the next arrow (after the last one once all are traced)
    const at = h.traced > 0 ? centre(h.arrivals[Math.min(h.traced, h.arrivals.length) - 1]) : start;
    for (let k = 0; k < (h.slowed || 0); k++) {
      const xx = at + dir * (10 + k * 11);
      ag.append(s('path', { d: `M${xx - 4} ${ay - 4}l8 8M${xx + 4} ${ay - 4}l-8 8`, class: 'horde-x', 'data-slowed': h.key }));
    }
    g.append(ag);
    const cx = h.side === 'left' ? left - 22 : RIGHT + 30;
    const cy = hy + 44;
    const key = `z:${h.street}:${h.side}`;
    const target = targets.get(key);
    const hg = s('g', { class: `horde ${h.side}${h.next == null ? ' spent' : ''}`, 'data-horde': h.key, 'data-traced': h.traced, 'data-slowed': h.slowed || 0 });
    zombiePicture(hg, cx, cy, big ? 15 : 13);
    hg.append(s('text', { x: cx, y: cy + (big ? 30 : 27), class: 'horde-count', 'text-anchor': 'middle' }, `${h.traced}/${h.arrivals.length}`));
    const text = hordeText(h, sheet);
    if (target) {
      if (target.selected) crossMark(hg, cx - 15, cy - 15, 30, 30, 'horde-slowed');
      hg.append(s('rect', { x: cx - 26, y: cy - 26, width: 52, height: 60, class: 'touch' }));
      hg.append(s('rect', { x: cx - 19, y: cy - 19, width: 38, height: 50, rx: 8, class: 'hit' }));
      hg.append(s('rect', { x: cx - 19, y: cy - 19, width: 38, height: 50, rx: 8, class: 'focus-ring' }));
      makeActionable(hg, { ...target, label: `${text}. ${target.label}` }, key);
      hg.setAttribute('aria-pressed', target.selected ? 'true' : 'false');
    } else {
      hg.setAttribute('role', 'img');
      hg.setAttribute('aria-label', text);
      hg.prepend(s('title', {}, text));
    }
    g.append(hg);
  }
}

/**
 * Zombies' ammo stock, top left of the sheet: one bullet per box, the circled ones ringed, the
 * used ones crossed.
 */
function drawAmmo(svg, zi) {
  const a = zi.ammo;
  const circled = a.start + a.gained;
  const x0 = 34;
  const top = TOP + 96;
  const label = `Ammo: ${circled} of ${a.stock} circled, ${a.used} used, ${a.left} left to slow hordes`;
  const g = s('g', { class: 'ammo-stock', role: 'img', 'aria-label': label, 'data-ammo-left': a.left, 'data-ammo-used': a.used, 'data-ammo-circled': circled });
  g.append(s('title', {}, label));
  g.append(s('rect', { x: x0 - 6, y: top, width: 132, height: 96, rx: 8, class: 'tiers-box' }));
  g.append(s('text', { x: x0 + 60, y: top + 20, class: 'col-head', 'text-anchor': 'middle' }, 'Ammo'));
  for (let k = 0; k < a.stock; k++) {
    const cx = x0 + 18 + (k % 3) * 42;
    const cy = top + 44 + Math.floor(k / 3) * 32;
    const state = k < a.used ? 'used' : k < circled ? 'circled' : 'open';
    const b = s('g', { class: `ammo ${state}`, 'data-ammo': k + 1, 'data-state': state });
    b.append(s('path', { d: `M${cx - 5} ${cy + 9}v-12a5 6 0 0 1 10 0v12z`, class: 'ammo-bullet' }));
    if (state !== 'open') b.append(s('circle', { cx, cy: cy + 2, r: 12, class: 'ammo-ring' }));
    if (state === 'used') crossMark(b, cx - 12, cy - 10, 24, 24, 'ammo-cross');
    g.append(b);
  }
  svg.append(g);
}

const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/**
 * Halloween: what is circled on each ghost/candy house, read from the sheet data as written
 * (a numbered ghost/candy house listed in its street's `circled` has its ghost circled, any
 * other numbered one its candy; a roundabout there circles neither, for good), and the counts.
 * `asked` ("s,h") is the house just numbered whose circle is still to be chosen. Null on a
 * sheet without ghosts and candies.
 */
function treatIndex(layout, sheet, asked) {
  if (!layout.halloween || !sheet) return null;
  const at = new Map();
  let ghosts = 0;
  let candies = 0;
  layout.streets.forEach((st, si) => {
    const data = sheet.streets[si];
    for (const h of st.ghost_candy || []) {
      const k = `${si + 1},${h}`;
      const p = parseHouse(data.houses[h - 1]);
      let state = '';
      if (p.kind === 'roundabout') state = 'lost';
      else if (k === asked) state = 'ask';
      else if (p.kind === 'number') state = (data.circled || []).includes(h) ? 'ghost' : 'candy';
      if (state === 'ghost') ghosts++;
      if (state === 'candy') candies++;
      at.set(k, state);
    }
  });
  return { at, ghosts, candies };
}

/**
 * Halloween: the ghosts and candies circled on `sheet` (as `treatIndex` reads them; `asked`, the
 * house [s, h] waiting for its circle, counts for neither), or null on a sheet without them.
 */
export function treatCounts(layout, sheet, asked = null) {
  const t = treatIndex(layout, sheet, Array.isArray(asked) ? key2(asked) : asked);
  return t && { ghosts: t.ghosts, candies: t.candies };
}

const TREAT_STATE = {
  '': 'ghost and candy, neither circled yet',
  ghost: 'ghost and candy, the ghost circled',
  candy: 'ghost and candy, the candy circled',
  ask: 'ghost and candy, waiting for you to circle one',
  lost: 'ghost and candy, lost to the roundabout',
};

/** A ghost (a sheet with a wavy hem and two eyes) centred on (cx, cy). */
function ghostPicture(g, cx, cy) {
  g.append(s('path', { d: `M${cx - 7} ${cy + 9}v-9a7 7 0 0 1 14 0v9l-2.33 -2.5l-2.33 2.5l-2.34 -2.5l-2.33 2.5l-2.33 -2.5z`, class: 'ghost-body' }));
  g.append(s('circle', { cx: cx - 2.6, cy: cy - 1, r: 1.4, class: 'ghost-eye' }));
  g.append(s('circle', { cx: cx + 2.6, cy: cy - 1, r: 1.4, class: 'ghost-eye' }));
}

/** A wrapped candy centred on (cx, cy). */
function candyPicture(g, cx, cy) {
  g.append(s('path', { d: `M${cx - 4} ${cy - 1.5}l-5.5 -3.5v10l5.5 -3.5zM${cx + 4} ${cy - 1.5}l5.5 -3.5v10l-5.5 -3.5z`, class: 'candy-wrap' }));
  g.append(s('circle', { cx, cy, r: 5, class: 'candy-body' }));
}

/**
 * The ghost and the candy of a ghost/candy house, side by side in front of it: the circled one
 * ringed, both struck out when a roundabout took the house, both in a dashed ring while the
 * player chooses.
 */
function treatMark(x, w, sy, key, state) {
  const g = s('g', { class: `treats${state ? ` ${state}` : ''}`, 'data-gc': key, 'data-treat': state === 'ghost' || state === 'candy' ? state : '', 'data-state': state || 'open' });
  const gx = x + 15;
  const cx = x + w - 15;
  const cy = sy + 19;
  const ghost = s('g', { class: 'treat ghost' });
  ghostPicture(ghost, gx, cy);
  const candy = s('g', { class: 'treat candy' });
  candyPicture(candy, cx, cy);
  g.append(ghost, candy);
  if (state === 'ghost') g.append(s('ellipse', { cx: gx, cy: cy + 1, rx: 11.5, ry: 13, class: 'treat-ring' }));
  if (state === 'candy') g.append(s('ellipse', { cx, cy, rx: 12.5, ry: 10, class: 'treat-ring' }));
  if (state === 'ask') g.append(s('rect', { x: x + 1, y: cy - 13, width: w - 2, height: 27, rx: 9, class: 'treat-ask' }));
  if (state === 'lost') crossMark(g, x + 2, cy - 13, w - 4, 27, 'treat-cross');
  return g;
}

/** A ghost tier's bonus option, short: ["pool", "pool"] → "2 pools". */
function optionShort(bonuses) {
  const short = { pool: ['pool', 'pools'], park: ['park', 'parks'], extension: ['Ext.', 'Ext.'] };
  const counts = new Map();
  for (const b of bonuses || []) counts.set(b, (counts.get(b) || 0) + 1);
  return [...counts].map(([b, n]) => `${n > 1 ? `${n} ` : ''}${(short[b] || [b, b])[n > 1 ? 1 : 0]}`).join('+');
}

const TIER_STATE = { open: 'open', won: 'circled', lost: 'crossed off' };

/**
 * The Halloween tiers, top left of the sheet: the ghost tiers (4, 6, 9: each gives one of two
 * bonus options) and the candy tiers (4, 6, 9: points at the end), each circled when claimed or
 * crossed off when lost, under the count of ghosts and candies circled.
 */
function drawTiers(svg, layout, sheet, treats) {
  const v = layout.halloween;
  const t = sheet.tiers || {};
  // left of street 2's first pool, below the city's name, inside a phone's streets picture
  const x0 = 36;
  const colW = 64;
  const gap = 6;
  const top = TOP + 96;
  const g = s('g', { class: 'tiers', role: 'group', 'aria-label': `Halloween tiers: ${plural(treats.ghosts, 'ghost')} and ${plural(treats.candies, 'candy', 'candies')} circled` });
  g.append(s('rect', { x: x0 - 6, y: top, width: 2 * colW + gap + 12, height: 144, rx: 8, class: 'tiers-box' }));
  const cols = [['ghost', v.ghost_tiers, t.ghost], ['candy', v.candy_tiers, t.candy]];
  cols.forEach(([treat, tiers, states], c) => {
    const x = x0 + c * (colW + gap);
    const count = treat === 'ghost' ? treats.ghosts : treats.candies;
    const noun = treat === 'ghost' ? plural(count, 'ghost') : plural(count, 'candy', 'candies');
    const head = s('g', { class: `tier-head ${treat}`, role: 'img', 'aria-label': `${noun} circled`, 'data-treat-count': treat, 'data-value': count });
    if (treat === 'ghost') ghostPicture(head, x + colW / 2 - 10, top + 19);
    else candyPicture(head, x + colW / 2 - 10, top + 19);
    head.append(s('text', { x: x + colW / 2 + 4, y: top + 26, class: 'tier-count' }, `${count}`));
    g.append(head);
    tiers.forEach((tier, r) => {
      const state = (states && states[r]) || 'open';
      const yy = top + 38 + r * 35;
      const what = treat === 'ghost'
        ? `gives ${tier.options.map(bonusesText).join(' or ')}`
        : `scores ${tier.points}`;
      const taken = treat === 'ghost' && state === 'won' && t.option ? `, option ${t.option} taken (${bonusesText(tier.options[t.option - 1])})` : '';
      const label = `${treat === 'ghost' ? 'Ghost' : 'Candy'} tier ${tier.need}: ${what}; ${TIER_STATE[state] || state}${taken}`;
      const tg = s('g', { class: `tier ${treat} ${state}`, role: 'img', 'aria-label': label, 'data-tier': `${treat}-${tier.need}`, 'data-state': state });
      tg.append(s('title', {}, label));
      tg.append(s('rect', { x, y: yy, width: colW, height: 28, rx: 6, class: 'tier-box' }));
      tg.append(s('text', { x: x + 12, y: yy + 20, class: 'tier-need', 'text-anchor': 'middle' }, tier.need));
      const note = treat === 'candy' ? `→ ${tier.points}` : state === 'won' && t.option ? optionShort(tier.options[t.option - 1]) : '';
      tg.append(s('text', { x: x + 41, y: yy + 18, class: 'tier-note', 'text-anchor': 'middle' }, note));
      if (state === 'won') tg.append(s('rect', { x: x - 3, y: yy - 3, width: colW + 6, height: 34, rx: 9, class: 'tier-ring' }));
      if (state === 'lost') crossMark(tg, x, yy, colW, 28, 'tier-cross');
      g.append(tg);
    });
  });
  svg.append(g);
}

/**
 * Atomic War: every printed shelter with what the engine derived for it (`capacity`, `lost`)
 * and, in AAA solo, the AAA's half (`aaa`, 0 = empty); the capacity of each street and the
 * total, the AAA's too. The layout, `derived.shelters` and the AAA's halves list the shelters
 * in the same order (left to right, street by street). The AAA's capacities are the sums of the
 * numbers written in its halves, as on paper; the player's come from the engine. Null on a
 * sheet without shelters.
 */
function shelterIndex(layout, d, halves) {
  const printed = layout.streets.flatMap((st, s) => (st.shelters || []).map((h) => [s + 1, h]));
  if (!printed.length) return null;
  const from = d.shelters && d.shelters.length === printed.length ? d.shelters : null;
  const split = Array.isArray(halves) && halves.length === printed.length;
  const list = printed.map((house, i) => ({
    house,
    capacity: from ? from[i].capacity : null,
    lost: from ? from[i].lost : false,
    aaa: split ? halves[i] : null,
  }));
  const streets = layout.streets.map((_, s) => list.filter((x) => x.house[0] === s + 1));
  const mine = d.capacities && d.capacities.length === streets.length ? d.capacities : null;
  const theirs = split ? streets.map((xs) => sum(xs.map((x) => x.aaa))) : null;
  return {
    at: new Map(list.map((x) => [key2(x.house), x])),
    mine,
    theirs,
    total: mine ? sum(mine) : null,
    aaaTotal: theirs ? sum(theirs) : null,
  };
}

/**
 * Roswell: every printed saucer with what the engine derived for it (`circled`, `lost`), by
 * house, and the infiltrated estates (each a list of houses, from `derived.infiltrated` and the
 * estates). Null on a sheet without saucers.
 */
function saucerIndex(layout, d) {
  if (!layout.roswell) return null;
  const at = new Map();
  layout.streets.forEach((st, si) => {
    for (const h of st.saucers || []) at.set(`${si + 1},${h}`, { house: [si + 1, h], circled: false, lost: false });
  });
  for (const x of d.saucers || []) at.set(key2(x.house), x);
  const estates = (d.infiltrated || []).map((first) => estateHouses(d, first));
  return { at, estates, houses: new Set(estates.flat().map(key2)) };
}

/** A saucer's state in words; `roundabout`: its house holds one. */
function saucerText(sc, roundabout = false, ask = false) {
  if (sc.circled) return 'flying saucer, circled';
  if (ask) return 'flying saucer, the number just written may infiltrate';
  if (sc.lost) return roundabout ? 'flying saucer, lost to the roundabout' : 'flying saucer, lost (numbered without infiltrating)';
  return 'flying saucer, not circled yet';
}

/** A flying saucer (a dome on a disc with three lights) centred on (cx, cy). */
function saucerPicture(g, cx, cy) {
  g.append(s('path', { d: `M${cx - 8} ${cy - 1}a8 7.5 0 0 1 16 0z`, class: 'saucer-cockpit' }));
  g.append(s('ellipse', { cx, cy: cy + 1, rx: 19, ry: 5.5, class: 'saucer-body' }));
  for (const dx of [-11, 0, 11]) g.append(s('circle', { cx: cx + dx, cy: cy + 1.5, r: 1.7, class: 'saucer-light' }));
}

/**
 * A flying saucer in front of its house: ringed when circled, its cockpit coloured when its
 * estate is infiltrated, struck out when lost. `ask`: the number just written may still
 * infiltrate, so the saucer is not lost yet whatever the draft's sheet says.
 */
function saucerMark(cx, sy, sc, lit, ask) {
  const state = sc.circled ? 'circled' : ask ? 'ask' : sc.lost ? 'lost' : 'open';
  const g = s('g', { class: `saucer ${state}${lit ? ' lit' : ''}`, 'data-saucer': key2(sc.house), 'data-state': state, 'data-infiltrated': lit ? 'true' : null });
  const cy = sy + 21;
  saucerPicture(g, cx, cy);
  if (sc.circled) g.append(s('ellipse', { cx, cy: cy - 1, rx: 24, ry: 14, class: 'saucer-ring' }));
  if (state === 'lost') crossMark(g, cx - 21, cy - 11, 42, 22, 'saucer-cross');
  return g;
}

/**
 * A saucer on the sheet: a picture the house's name describes, or a target of its own (tap it
 * to infiltrate) with the saucer's state in its name.
 */
function saucerGroup(cx, sy, sc, lit, ask, target, big) {
  const g = saucerMark(cx, sy, sc, lit, ask);
  if (!target) {
    g.setAttribute('aria-hidden', 'true');
    return g;
  }
  const cy = sy + 21;
  g.append(s('rect', { x: cx - P / 2, y: cy - (big ? 24 : 18), width: P, height: big ? 48 : 36, class: 'touch' }));
  g.append(s('rect', { x: cx - 27, y: cy - 16, width: 54, height: 30, rx: 9, class: 'hit' }));
  g.append(s('rect', { x: cx - 27, y: cy - 16, width: 54, height: 30, rx: 9, class: 'focus-ring' }));
  makeActionable(g, { ...target, label: `Street ${sc.house[0]}, house ${sc.house[1]}, ${saucerText(sc, false, ask)}. ${target.label}` }, `u:${sc.house[0]}:${sc.house[1]}`);
  return g;
}

/** Roswell: a frame around each infiltrated estate of street `si`, named by its first house. */
function drawInfiltrated(g, n, si, sauc) {
  const hy = houseY(si);
  for (const houses of sauc.estates) {
    if (houses[0][0] !== si + 1) continue;
    const first = houseBox(n, houses[0][1] - 1);
    const last = houseBox(n, houses[houses.length - 1][1] - 1);
    g.append(s('rect', {
      x: first.x - 5, y: hy - 8, width: last.x + last.w - first.x + 10, height: BH + 16, rx: 10,
      class: 'infiltrated-estate', 'data-infiltrated': key2(houses[0]), 'aria-hidden': 'true',
    }));
  }
}

/**
 * The Roswell objectives, top left of the sheet: the four ranges of infiltrated estates with
 * their points per estate, the one the player circled ringed, under the count of infiltrated
 * estates; 2 per estate (`failure`) when the count misses it.
 */
function drawObjectives(svg, layout, sheet, sauc) {
  const v = layout.roswell;
  const chosen = sheet.objective ?? null;
  const n = sauc.estates.length;
  // left of street 2's first pool, inside a phone's streets picture (as the Halloween tiers)
  const x0 = 34;
  const w = 126;
  const top = TOP + 96;
  const g = s('g', { class: 'objectives', role: 'group', 'data-objective-chosen': chosen ?? '', 'aria-label': `Infiltration objectives: ${chosen ? `objective ${chosen} circled` : 'none circled yet'}; ${plural(n, 'infiltrated estate')}` });
  g.append(s('rect', { x: x0 - 6, y: top, width: w + 12, height: 146, rx: 8, class: 'tiers-box' }));
  const head = s('g', { class: 'objective-head saucer lit', role: 'img', 'aria-label': `${plural(n, 'infiltrated estate')}`, 'data-infiltrated-count': n });
  saucerPicture(head, x0 + 34, top + 17);
  head.append(s('text', { x: x0 + 66, y: top + 26, class: 'tier-count' }, `${n}`));
  g.append(head);
  v.objectives.forEach((o, k) => {
    const yy = top + 34 + k * 24;
    const state = chosen === k + 1 ? 'chosen' : 'open';
    const label = `Objective ${k + 1}: ${objectiveText(o)}; ${state === 'chosen' ? 'circled' : 'not circled'}`;
    const og = s('g', { class: `objective ${state}`, role: 'img', 'aria-label': label, 'data-objective-row': k + 1, 'data-state': state });
    og.append(s('title', {}, label));
    og.append(s('rect', { x: x0, y: yy, width: w, height: 20, rx: 5, class: 'tier-box' }));
    og.append(s('text', { x: x0 + 8, y: yy + 15, class: 'objective-range' }, objectiveRange(o)));
    og.append(s('text', { x: x0 + w - 8, y: yy + 15, class: 'objective-points', 'text-anchor': 'end' }, `×${o.points}`));
    if (state === 'chosen') og.append(s('rect', { x: x0 - 3, y: yy - 3, width: w + 6, height: 26, rx: 8, class: 'tier-ring' }));
    g.append(og);
  });
  g.append(s('text', { x: x0 + w / 2, y: top + 140, class: 'col-sub', 'text-anchor': 'middle' }, `missed: ×${v.failure}`));
  svg.append(g);
}

/**
 * Coin Coin: every duckling as the engine derived it (`a`, `b`, `colour`, `circled`,
 * `connected`), or as printed (none circled) without `derived`. Null on a sheet without ducks.
 */
function ducklingList(layout, d) {
  if (!layout.ducks) return null;
  if (d.ducklings && d.ducklings.length) return d.ducklings;
  const inStreets = layout.streets.flatMap((st, si) => (st.ducklings || []).map((x) => ({ a: [si + 1, x.slot], b: [si + 1, x.slot + 1], colour: x.colour })));
  const between = layout.ducks.between.map((x) => ({ a: x.upper, b: x.lower, colour: x.colour }));
  return [...inStreets, ...between].map((x) => ({ ...x, circled: false, connected: false }));
}

const COLOUR = { yellow: 'Yellow', black: 'Black' };

/** A duck facing right, its body `r` wide on either side of (cx, cy). */
function duckPicture(g, cx, cy, r, colour) {
  const k = r / 8;
  g.append(s('ellipse', { cx: cx - k, cy: cy + 2 * k, rx: 8 * k, ry: 5.5 * k, class: `duck-body ${colour}` }));
  g.append(s('circle', { cx: cx + 5 * k, cy: cy - 4 * k, r: 4 * k, class: `duck-body ${colour}` }));
  g.append(s('path', { d: `M${cx + 8.5 * k} ${cy - 5 * k}l${4 * k} ${1.5 * k}l${-4 * k} ${1.5 * k}z`, class: 'duck-beak' }));
  g.append(s('circle', { cx: cx + 6 * k, cy: cy - 5 * k, r: k, class: `duck-eye ${colour}` }));
}

/** Where a duckling sits: on its fence slot, in front of the houses, or between two streets. */
function ducklingSpot(layout, x) {
  const [sa, ha] = x.a;
  const [sb, hb] = x.b;
  const na = layout.streets[sa - 1].houses;
  if (sa === sb) return { x: cellX(na, Math.min(ha, hb)), y: stripY(sa - 1) + 12 };
  // between the streets: on the line from the upper house to the lower one (streets are
  // right-aligned, so the two are not always one above the other), low in the strip, clear
  // of a street duckling on the slot above
  const from = [houseBox(na, ha - 1).x + BW / 2, houseY(sa - 1) + BH + 2];
  const to = [houseBox(layout.streets[sb - 1].houses, hb - 1).x + BW / 2, houseY(sb - 1) - 2];
  const y = stripY(sa - 1) + 36;
  const t = (y - from[1]) / (to[1] - from[1]);
  return { x: from[0] + (to[0] - from[0]) * t, y, from, to };
}

function ducklingText(x) {
  const where = x.a[0] === x.b[0]
    ? `between street ${x.a[0]} houses ${x.a[1]} and ${x.b[1]}`
    : `between ${houseName(x.a)} and ${houseName(x.b)}`;
  const state = x.connected ? 'circled, connected to its parent' : x.circled ? 'circled, not connected to its parent' : 'not circled yet';
  return `${COLOUR[x.colour] || x.colour} duckling ${where}: ${state}`;
}

/** The dotted links of the between-street ducklings, drawn under the streets. */
function drawDuckLinks(svg, layout, ducklings) {
  for (const x of ducklings) {
    const p = ducklingSpot(layout, x);
    if (!p.from) continue;
    svg.append(s('path', { d: `M${p.from[0]} ${p.from[1]}L${p.to[0]} ${p.to[1]}`, class: `duck-link${x.circled ? ' circled' : ''}`, 'aria-hidden': 'true' }));
  }
}

/**
 * Every duckling in its colour: ringed once circled, with a second ring once connected to its
 * parent; then the two parents beside the houses they touch.
 */
function drawDucks(svg, layout, ducklings) {
  const g = s('g', { class: 'ducks', role: 'group', 'aria-label': 'Ducklings and their parents' });
  for (const x of ducklings) {
    const p = ducklingSpot(layout, x);
    const state = x.connected ? 'connected' : x.circled ? 'circled' : 'open';
    const label = ducklingText(x);
    const dg = s('g', { class: `duckling ${x.colour} ${state}`, role: 'img', 'aria-label': label, 'data-duckling': `${key2(x.a)}-${key2(x.b)}`, 'data-colour': x.colour, 'data-state': state });
    dg.append(s('title', {}, label));
    dg.append(s('circle', { cx: p.x, cy: p.y, r: 12, class: 'duck-spot' }));
    duckPicture(dg, p.x - 1.5, p.y + 1, 7.5, x.colour);
    if (x.circled) dg.append(s('circle', { cx: p.x, cy: p.y, r: 12, class: 'duck-ring' }));
    if (x.connected) dg.append(s('circle', { cx: p.x, cy: p.y, r: 15.5, class: 'duck-ring outer' }));
    g.append(dg);
  }
  for (const parent of layout.ducks.parents) g.append(parentMark(layout, parent));
  svg.append(g);
}

/** A parent duck beside the first house it touches: at a street's end, or in front of it. */
function parentMark(layout, parent) {
  const [si, h] = [parent.touches[0][0] - 1, parent.touches[0][1]];
  const n = layout.streets[si].houses;
  const hy = houseY(si);
  let p;
  if (h === 1) p = { x: cellX(n, 0) - 24, y: hy + 44 };
  else if (h === n) p = { x: RIGHT + 28, y: hy + BH / 2 };
  else p = { x: houseBox(n, h - 1).x + BW / 2, y: stripY(si) + 22 };
  const where = parent.touches.map(houseName).join(', ');
  const label = `${COLOUR[parent.colour] || parent.colour} parent duck, next to ${where}`;
  const g = s('g', { class: `duck-parent ${parent.colour}`, role: 'img', 'aria-label': label, 'data-parent': parent.colour });
  g.append(s('title', {}, label));
  duckPicture(g, p.x - 2, p.y, 13, parent.colour);
  return g;
}

const SCORINGS = [['yellow', 'Yellow'], ['black', 'Black'], ['both', 'Yellow and black']];

/**
 * Coin Coin's three duck scorings, top left of the sheet: held (the points written, ringed)
 * or still open (what it would give now, from the score's `ducks` row), with the AAA's points
 * at the scorings it held in AAA solo (`halves`: its points + 1, 0 while not held).
 */
function drawDuckScorings(svg, sheet, score, halves) {
  const held = sheet.duck_scorings || [null, null, null];
  const row = score && score.rows.find((r) => r.id === 'ducks');
  const aaa = Array.isArray(halves) && halves.length >= 3 ? halves : null;
  // left of street 2's first pool, inside a phone's streets picture (as the Halloween tiers)
  const x0 = 34;
  const w = 126;
  const top = TOP + 96;
  const g = s('g', { class: 'duck-scorings', role: 'group', 'aria-label': 'Duck scorings' });
  g.append(s('rect', { x: x0 - 6, y: top, width: w + 12, height: 150, rx: 8, class: 'tiers-box' }));
  g.append(s('text', { x: x0 + w / 2, y: top + 20, class: 'col-head', 'text-anchor': 'middle' }, 'Duck scorings'));
  SCORINGS.forEach(([id, name], k) => {
    const yy = top + 30 + k * 39;
    const v = held[k];
    const now = row ? row.parts[k] : null;
    const theirs = aaa && aaa[k] > 0 ? aaa[k] - 1 : null;
    const state = v != null ? 'held' : 'open';
    const text = `${name} scoring: ${v != null ? `held, ${plural(v, 'point')}` : `not held yet${now != null ? ` (${plural(now, 'point')} if held now)` : ''}`}${theirs != null ? `; the AAA scored ${theirs}` : ''}`;
    const sg = s('g', { class: `duck-scoring ${state}`, role: 'img', 'aria-label': text, 'data-scoring': id, 'data-state': state, 'data-value': v ?? now ?? '' });
    sg.append(s('title', {}, text));
    sg.append(s('rect', { x: x0, y: yy, width: w, height: 32, rx: 6, class: 'tier-box' }));
    if (id === 'both') {
      duckPicture(sg, x0 + 13, yy + 15, 6, 'yellow');
      duckPicture(sg, x0 + 29, yy + 17, 6, 'black');
    } else duckPicture(sg, x0 + 18, yy + 16, 8, id);
    sg.append(s('text', { x: x0 + 66, y: yy + 14, class: 'tier-note', 'text-anchor': 'middle' }, state === 'held' ? 'held' : 'open'));
    if (theirs != null) sg.append(s('text', { x: x0 + 66, y: yy + 27, class: 'tier-note shelter-aaa', 'text-anchor': 'middle' }, `AAA ${theirs}`));
    sg.append(s('text', { x: x0 + w - 20, y: yy + 22, class: state === 'held' ? 'tier-need' : 'tier-need scoring-now', 'text-anchor': 'middle' }, v ?? now ?? ''));
    if (state === 'held') sg.append(s('rect', { x: x0 - 3, y: yy - 3, width: w + 6, height: 38, rx: 9, class: 'tier-ring' }));
    g.append(sg);
  });
  svg.append(g);
}

/**
 * Draws the sheet into `container`.
 * data: {sheet (SheetData), score (Score|null), layout?, derived?}
 * opts: {targets: Map<key, {label, activate, selected?}>,
 *        marks: {fresh: Set<"s,h">, chosen: Set<"s,h">, pending?: {house: "s,h", number},
 *                circle?: "s,h" (a ghost/candy house waiting for its circle),
 *                saucer?: "s,h" (a saucer the number just written may infiltrate)},
 *        label: text naming the sheet, solo: bool, plans?: [{text}] (dealt, for their text),
 *        edition?: the sheet's edition id (else the edition `layout` comes from, if known),
 *        aaaHalves?: the AAA's halves of the split boxes (`view.aaa.halves`, AAA solo: Atomic
 *                    War shelters, Coin Coin duck scorings)}
 * Keys: "h:s:h" house, "f:s:k" fence slot, "c:size" real-estate column, "t:refusal" refusal track,
 * "b:s" the end-of-route bonus of street s, or American Dream's street bonus (crossed off when
 * a Validation card asks for it), "k:c" American Dream's bonus of column c (the same),
 * "p:s" the park track of street s (a Halloween ghost bonus crosses its next park), "u:s:h" the
 * saucer in front of a house (Roswell: the number written there infiltrates), "z:s:side" the
 * horde at that end of street s (Zombies: slowed with an ammo at the ammo stage).
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
  const saucerAsked = (opts.marks && opts.marks.saucer) || null;
  const focusedKey = container.contains(document.activeElement) ? document.activeElement.dataset?.key : null;
  const G = geometry(layout);
  const grid = isGrid(layout);

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
  // a phone shows the grid alone, from the street numbers to the street bonuses
  const x0 = grid ? GX - 44 : STREETS_X0;
  const x1 = grid ? GX + gridColumns(layout) * GP + 76 : W - 4;
  const svg = compact ? mk(`${x0} 0 ${x1 - x0} ${G.lower - 6}`, label) : mk(`0 0 ${W} ${G.height}`, label);
  svg.dataset.sheet = layout.id;
  if (grid) svg.classList.add('grid');

  if (!compact) {
    // City name box at the top left (on a phone the page names the sheet).
    const nameG = s('g', { class: 'city' });
    nameG.append(s('rect', { x: 14, y: TOP + 40, width: 150, height: 46, rx: 6, class: 'city-box' }));
    nameG.append(s('text', { x: 24, y: TOP + 58, class: 'small' }, 'Welcome to'));
    nameG.append(s('text', { x: 24, y: TOP + 78, class: 'city-name' }, opts.city || ''));
    svg.append(nameG);
  }

  if (derived.treats) drawTiers(svg, layout, sheet, derived.treats);
  if (derived.saucers) drawObjectives(svg, layout, sheet, derived.saucers);
  if (derived.zombies) drawAmmo(svg, derived.zombies);
  if (derived.ducklings) {
    drawDuckScorings(svg, sheet, score, opts.aaaHalves);
    drawDuckLinks(svg, layout, derived.ducklings);
  }
  const marks = { fresh, chosen, pending, saucer: saucerAsked };
  if (grid) drawGrid(svg, layout, sheet, derived, targets, marks, compact);
  else for (let si = 0; si < layout.streets.length; si++) drawStreet(svg, layout, sheet, derived, si, targets, marks, compact);
  if (derived.ducklings) drawDucks(svg, layout, derived.ducklings);

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
    container.append(scoreTable(layout, sheet, score, label, editionId));
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
function scoreTable(layout, sheet, score, label, editionId) {
  const rows = layout.score_rows.map((r) => {
    const row = score ? score.rows.find((x) => x.id === r.id) : null;
    const parts = [];
    if (r.id === 'plans') parts.push(sheet.plans.map((v, k) => `${planShort(editionId, k)}: ${v == null ? '–' : v}`).join(' · '));
    if (r.id === 'ducks') parts.push(SCORINGS.map(([id], k) => `${id}: ${sheet.duck_scorings?.[k] ?? (row ? `${row.parts[k]} now` : '–')}`).join(' · '));
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

/** An empty house in words, with the numbers it still takes (`ranges`: the derived ones). */
function emptyText(ranges, si, i) {
  if (!ranges) return 'empty';
  const range = ranges[si] ? ranges[si][i] : null;
  return range ? `empty, accepts ${range[0] === range[1] ? range[0] : `${range[0]} to ${range[1]}`}` : 'empty, no number fits in order';
}

function eggText(e) {
  const eggs = plural(e.eggs, 'egg');
  if (e.collected === e.eggs) return `${eggs}, collected`;
  if (e.collected > 0) return `${eggs}, ${e.collected} collected, ${e.lost} lost`;
  if (e.lost === e.eggs) return `${eggs}, lost`;
  return `${eggs}, not collected yet`;
}

const CONE_STATE = { open: 'not reached yet', circled: 'circled', crossed: 'crossed off' };

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
  // a park to cross in this street (a Halloween ghost bonus)
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

  const eggsAt = new Map((st.eggs || []).map((e) => [e.house, e]));
  const conesAt = new Map((st.cones || []).map((c) => [c.house, c]));
  const linked = (k) => derived.links.has(`${si + 1},${k}`);

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

    // The house box.
    const cls = ['house-box'];
    if (p.kind === 'roundabout') cls.push('roundabout');
    if (p.kind === 'invaded') cls.push('invaded');
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
    } else if (p.kind === 'invaded') {
      // Zombies: a horde invaded it, its number (if any) erased for a Z
      hg.append(s('text', { x: x + w / 2, y: hy + 42, class: 'house-num invaded', 'text-anchor': 'middle' }, 'Z'));
      desc = `invaded by zombies (Z)${p.bis ? ', was an Extension copy (its penalty stays)' : ''}`;
    } else if (pending && pending.house === `${si + 1},${h}`) {
      // a number waiting for the decision it asks for (the Ice Cream truck)
      hg.append(s('text', { x: x + w / 2, y: hy + 40, class: 'house-num pending', 'text-anchor': 'middle' }, pending.number));
      desc = `${pending.number} about to be written, waiting for your choice`;
    } else {
      desc = emptyText(derived.ranges, si, i);
    }
    if (planned) desc += poolBuilt ? ', pool built' : ', planned pool';
    if (used) desc += ', used for a plan';

    // Eggs in front of the house, on its left.
    const egg = eggsAt.get(h);
    if (egg) {
      const state = derived.eggs.get(`${si + 1},${h}`) || { eggs: egg.eggs, collected: 0, lost: 0 };
      const eg = s('g', { class: `eggs egg-${egg.colour}` });
      for (let k = 0; k < egg.eggs; k++) {
        const ex = x + 10 + k * 19;
        const ey = sy + 17;
        eg.append(s('ellipse', { cx: ex, cy: ey, rx: 7, ry: 9.5, class: 'egg' }));
        eg.append(s('path', { d: `M${ex - 6} ${ey - 1}q3 -3 6 0t6 0`, class: 'egg-band' }));
        if (k < state.collected) eg.append(s('circle', { cx: ex, cy: ey, r: 12.5, class: 'egg-ring' }));
        else if (k >= egg.eggs - state.lost) eg.append(s('path', { d: `M${ex - 9} ${ey + 9}L${ex + 9} ${ey - 9}`, class: 'egg-lost' }));
      }
      hg.append(eg);
      desc += `, ${eggText(state)}`;
    }

    // An ice-cream cone in front of the house, on its right.
    const cone = conesAt.get(h);
    if (cone) {
      const state = (derived.cones.get(`${si + 1},${h}`) || { state: 'open' }).state;
      const cg = s('g', { class: `cone ${state}` });
      const cx = x + w - 13;
      cg.append(s('path', { d: `M${cx - 7} ${sy + 22}L${cx} ${sy + 38}L${cx + 7} ${sy + 22}z`, class: 'cone-wafer' }));
      for (let k = 0; k < cone.scoops; k++) cg.append(s('circle', { cx, cy: sy + 18 - k * 7, r: 5.6, class: `scoop scoop-${k + 1}` }));
      if (state === 'circled') cg.append(s('ellipse', { cx, cy: sy + 20, rx: 12, ry: 21, class: 'cone-ring' }));
      if (state === 'crossed') crossMark(cg, cx - 12, sy - 1, 24, 42, 'cone-cross');
      hg.append(cg);
      desc += `, ice-cream cone of ${plural(cone.scoops, 'scoop')}, ${CONE_STATE[state] || state}`;
    }

    // Zombies: the barricade in front of the house (printed, built, or none)
    const barricade = derived.zombies && (derived.zombies.barricades[si] || [])[i];
    if (barricade) {
      hg.append(barricadeMark(x, w, sy, barricade));
      desc += `, ${BARRICADE_TEXT[barricade] || barricade}`;
    }

    // A ghost and a candy in front of the house: the one circled, or neither yet.
    const treat = derived.treats && derived.treats.at.get(`${si + 1},${h}`);
    if (treat != null) {
      hg.append(treatMark(x, w, sy, `${si + 1},${h}`, treat));
      desc += `, ${TREAT_STATE[treat]}`;
    }

    // A shelter in front of the house: its capacity once built, struck out when lost.
    const shelter = derived.shelters && derived.shelters.at.get(`${si + 1},${h}`);
    if (shelter) {
      hg.append(shelterMark(x + w / 2, sy, shelter, big));
      desc += `, ${shelterText(shelter)}`;
    }

    // A flying saucer in front of the house (drawn over it below, a target of its own).
    const saucer = derived.saucers && derived.saucers.at.get(`${si + 1},${h}`);
    const inEstate = derived.saucers && derived.saucers.houses.has(`${si + 1},${h}`);
    const saucerAsked = marks.saucer === `${si + 1},${h}`;
    if (saucer) desc += `, ${saucerText(saucer, p.kind === 'roundabout', saucerAsked)}`;
    if (inEstate) desc += ', in an infiltrated estate';

    // Strings of lights on either side.
    if (linked(h - 1) && linked(h)) desc += `, lit with houses ${h - 1} and ${h + 1}`;
    else if (linked(h - 1)) desc += `, lit with house ${h - 1}`;
    else if (linked(h)) desc += `, lit with house ${h + 1}`;
    if (fresh.has(`${si + 1},${h}`)) desc += p.kind === 'invaded' ? ', invaded this turn' : ', written this turn';

    if (target) {
      houseTarget(hg, { x, y: hy, w, h: BH }, { x: cellX(n, i), y: hy - 26, w: P, h: BH + 34 }, target, big);
      makeActionable(hg, { ...target, label: `Street ${si + 1}, house ${h}, ${desc}. ${target.label}` }, key);
    } else {
      hg.setAttribute('role', 'img');
      hg.setAttribute('aria-label', `Street ${si + 1}, house ${h}, ${desc}`);
    }
    g.append(hg);
    if (saucer) g.append(saucerGroup(x + w / 2, sy, saucer, inEstate, saucerAsked, targets.get(`u:${si + 1}:${h}`), big));
  }
  if (derived.saucers) drawInfiltrated(g, n, si, derived.saucers);

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

  // Strings of lights: a garland from the front of a house to the front of its neighbour.
  for (let k = 1; k < n; k++) {
    if (!linked(k)) continue;
    const x1 = houseBox(n, k - 1).x + BW / 2;
    const x2 = houseBox(n, k).x + BW / 2;
    const lg = s('g', { class: 'garland', role: 'img', 'aria-label': `Street ${si + 1}, string of lights between houses ${k} and ${k + 1}` });
    lg.append(s('path', { d: `M${x1} ${sy + 6}Q${(x1 + x2) / 2} ${sy + 38} ${x2} ${sy + 6}`, class: 'garland-wire' }));
    [0.25, 0.5, 0.75].forEach((t, b) => {
      const bx = x1 + (x2 - x1) * t;
      const by = sy + 6 + 32 * 2 * t * (1 - t);
      lg.append(s('ellipse', { cx: bx, cy: by + 5, rx: 4, ry: 5.5, class: `bulb bulb-${b + 1}` }));
    });
    g.append(lg);
  }

  // Ice-cream trucks at the street ends, their route so far, and the end-of-route bonus.
  const route = derived.routes.get(si + 1) || (st.trucks && st.trucks.length
    ? { street: si + 1, parked: st.trucks, truck: st.trucks.length === 1 ? st.trucks[0] : null, at: null, finished: false, bonus: 'open' }
    : null);
  if (route) drawRoute(g, n, si, route, targets, big);
  if (derived.shelters) g.append(capacityBox(si, derived.shelters));
  if (derived.zombies) drawHordes(g, n, si, derived.zombies, sheet, targets, big);
}

// ----- American Dream: the grid -----

/** A family's colour name, from the layout (`american_dream.colours`); '' when none is given. */
function familyColour(layout, family) {
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

function shelterText(sh) {
  const mine = sh.lost ? 'shelter lost to the roundabout' : sh.capacity == null ? 'empty shelter' : `shelter of capacity ${sh.capacity}`;
  return sh.aaa == null ? mine : `${mine}, the AAA's half ${sh.aaa || 'empty'}`;
}

/**
 * A shelter: a box under a dome, the player's capacity in it, and in AAA solo the AAA's half
 * below a dashed line. A lost shelter strikes out the player's half only: the AAA's half is its
 * own (collector expansions §6.6). On a phone (`big`) the box grows with its text.
 */
function shelterMark(cx, top, sh, big) {
  const split = sh.aaa != null;
  const bw = big ? 50 : 40;
  const bh = split ? (big ? 40 : 34) : big ? 30 : 26;
  const half = split ? bh / 2 : bh;
  const y = top + (big ? 5 : 8);
  const g = s('g', { class: sh.lost ? 'shelter lost' : 'shelter', 'data-shelter': key2(sh.house), 'data-capacity': sh.capacity ?? '', 'data-aaa': split ? sh.aaa : null });
  g.append(s('path', { d: `M${cx - 12} ${y}a12 ${big ? 5 : 7} 0 0 1 24 0`, class: 'shelter-dome' }));
  g.append(s('rect', { x: cx - bw / 2, y, width: bw, height: bh, rx: 4, class: 'shelter-box' }));
  if (sh.capacity != null) g.append(s('text', { x: cx, y: y + half - (split ? 3 : 7), class: 'shelter-val', 'text-anchor': 'middle' }, sh.capacity));
  if (sh.lost) crossMark(g, cx - bw / 2, y, bw, half, 'shelter-cross');
  if (split) {
    g.append(s('line', { x1: cx - bw / 2, y1: y + half, x2: cx + bw / 2, y2: y + half, class: 'shelter-split' }));
    if (sh.aaa) g.append(s('text', { x: cx, y: y + bh - 4, class: 'shelter-aaa', 'text-anchor': 'middle' }, sh.aaa));
  }
  return g;
}

/**
 * The capacity box at the right end of street `si`: the player's capacity, and in AAA solo the
 * AAA's below it, named above and below the box (colour is never the only cue).
 */
function capacityBox(si, sh) {
  const mine = sh.mine ? sh.mine[si] : null;
  const theirs = sh.theirs ? sh.theirs[si] : null;
  const x = RIGHT + 6;
  const w = 54;
  const cx = x + w / 2;
  const y = houseY(si) + 2;
  const h = BH - 4;
  const text = `Street ${si + 1}, shelter capacity ${mine ?? 'not known yet'}${theirs == null ? '' : `, the AAA's ${theirs}`}`;
  const g = s('g', { class: 'capacity', role: 'img', 'aria-label': text, 'data-capacity-street': si + 1, 'data-mine': mine ?? '', 'data-aaa': theirs ?? null });
  g.append(s('path', { d: `M${cx - 14} ${y}a14 8 0 0 1 28 0`, class: 'shelter-dome' }));
  g.append(s('rect', { x, y, width: w, height: h, rx: 6, class: 'capacity-box' }));
  if (theirs == null) {
    g.append(s('text', { x: cx, y: y + h / 2 + 7, class: 'capacity-val', 'text-anchor': 'middle' }, mine ?? ''));
    return g;
  }
  g.append(s('line', { x1: x, y1: y + h / 2, x2: x + w, y2: y + h / 2, class: 'shelter-split' }));
  g.append(s('text', { x: cx, y: y + h / 2 - 7, class: 'capacity-half', 'text-anchor': 'middle' }, mine ?? ''));
  g.append(s('text', { x: cx, y: y + h - 7, class: 'capacity-half shelter-aaa', 'text-anchor': 'middle' }, theirs));
  g.append(s('text', { x: cx, y: y - 11, class: 'capacity-cap', 'text-anchor': 'middle' }, 'you'));
  g.append(s('text', { x: cx, y: y + h + 17, class: 'capacity-cap', 'text-anchor': 'middle' }, 'AAA'));
  return g;
}

/** A small truck facing `dir` (1: to the right, -1: to the left), its front at `fx`. */
function truckIcon(g, fx, y, dir) {
  const body = dir > 0 ? fx - 40 : fx + 12;
  const cab = dir > 0 ? fx - 12 : fx;
  g.append(s('rect', { x: body, y, width: 28, height: 15, rx: 2, class: 'truck-body' }));
  g.append(s('path', { d: `M${cab} ${y + 15}v-10h${dir > 0 ? 7 : 5}l5 5v5z`, class: 'truck-cab', transform: dir > 0 ? null : `translate(${2 * cab + 12} 0) scale(-1 1)` }));
  g.append(s('circle', { cx: body + 6, cy: y + 17, r: 3, class: 'truck-wheel' }));
  g.append(s('circle', { cx: body + (dir > 0 ? 34 : 22), cy: y + 17, r: 3, class: 'truck-wheel' }));
  g.append(s('path', { d: `M${body + 14} ${y + 4}l-3 7h6z`, class: 'truck-cone' }));
}

const BONUS = { open: 'open', won: 'circled', lost: 'crossed off' };

function drawRoute(g, n, si, route, targets, big) {
  const hy = houseY(si);
  const sy = stripY(si);
  const left = cellX(n, 0);
  const endX = { left: left - 6, right: RIGHT + 6 };
  const rg = s('g', { class: 'route' });
  // The route driven so far: from the parking place to the house the truck stands at.
  if (route.truck && route.at) {
    const hx = houseBox(n, route.at - 1).x + BW / 2;
    const from = endX[route.truck];
    rg.append(s('path', { d: `M${from} ${sy + 41}H${hx}`, class: 'route-line' }));
    const d = route.truck === 'left' ? 1 : -1;
    rg.append(s('path', { d: `M${hx} ${sy + 41}l${-8 * d} -5v10z`, class: 'route-head' }));
  }
  for (const side of route.parked) {
    const dir = side === 'left' ? 1 : -1;
    const state = route.truck === side ? 'driving' : route.truck ? 'crossed' : 'waiting';
    const tg = s('g', { class: `truck ${state}`, role: 'img' });
    const fx = endX[side];
    truckIcon(tg, fx, hy + 32, dir);
    if (state === 'crossed') crossMark(tg, side === 'left' ? fx - 44 : fx + 4, hy + 26, 40, 30, 'truck-cross');
    const where = route.at ? `at house ${route.at}` : 'still parked';
    const text = state === 'driving'
      ? `drives the street from the ${side}, ${where}${route.finished ? ', route finished' : ''}`
      : state === 'crossed' ? 'not chosen, crossed off' : 'the first number in this street chooses one of the two trucks';
    tg.setAttribute('aria-label', `Street ${si + 1}, ice-cream truck parked at the ${side} end: ${text}`);
    rg.append(tg);
    // Its end-of-route bonus at the other end of the street.
    const bx = side === 'left' ? RIGHT + 26 : left - 26;
    const by = sy + 18;
    const mine = state !== 'crossed';
    const bonus = mine ? route.bonus : 'open';
    const bg = s('g', { class: `bonus ${mine ? bonus : 'unused'}`, role: 'img', 'data-bonus': si + 1 });
    bg.append(s('circle', { cx: bx, cy: by, r: 14, class: 'bonus-disc' }));
    bg.append(s('text', { x: bx, y: by + 5, class: 'bonus-text', 'text-anchor': 'middle' }, '+1'));
    if (bonus === 'won') bg.append(s('circle', { cx: bx, cy: by, r: 18, class: 'bonus-ring' }));
    if (bonus === 'lost' || !mine) crossMark(bg, bx - 15, by - 15, 30, 30, 'bonus-cross');
    const bonusText = mine
      ? `Street ${si + 1}, end-of-route bonus (1 more point per circled cone): ${BONUS[bonus] || bonus}${route.finished && bonus === 'open' ? ', route finished' : ''}`
      : `Street ${si + 1}, end-of-route bonus of the truck not chosen`;
    // a bonus to cross off now (a Validation card came up, Ice Cream in AAA solo)
    const key = `b:${si + 1}`;
    const target = mine && targets.get(key);
    if (target) {
      // a tap of at least 44 CSS pixels on a phone, where the sheet is drawn smaller
      bg.append(s('circle', { cx: bx, cy: by, r: big ? 34 : 22, class: 'touch' }));
      bg.append(s('circle', { cx: bx, cy: by, r: 19, class: 'hit' }));
      bg.append(s('circle', { cx: bx, cy: by, r: 19, class: 'focus-ring' }));
      makeActionable(bg, { ...target, label: `${bonusText}. ${target.label}` }, key);
    } else {
      bg.setAttribute('aria-label', bonusText);
    }
    rg.append(bg);
  }
  g.append(rg);
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

/** A column head: the row's label, on two lines when long ("Temp agency", "Round-abouts"). */
function header(g, lower, x, w, text, sub) {
  const words = text.split(' ');
  let lines = words.length > 1 ? [words[0], words.slice(1).join(' ')] : [text];
  if (lines.length === 1 && text.length > 9) lines = [`${text.slice(0, Math.ceil(text.length / 2))}-`, text.slice(Math.ceil(text.length / 2))];
  if (sub) lines = [text.length > 9 ? words[0] : text, sub];
  g.append(s('text', { x: x + w / 2, y: lower + 16, class: 'col-head', 'text-anchor': 'middle' }, lines[0]));
  if (lines[1]) g.append(s('text', { x: x + w / 2, y: lower + 31, class: sub ? 'col-sub' : 'col-head', 'text-anchor': 'middle' }, lines[1]));
}

function totalCell(g, G, x, w, value, cls = '') {
  g.append(s('rect', { x, y: G.totalY, width: w, height: 34, rx: 6, class: `total-cell ${cls}` }));
  g.append(s('text', { x: x + w / 2, y: G.totalY + 24, class: 'total-val', 'text-anchor': 'middle' }, value == null ? '' : value));
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
    eggs: layout.egg_points && layout.egg_points.length ? { w: 66, draw: thresholdsColumn } : null,
    // narrower than other rows' columns: Atomic War's two rows leave the total its room
    shelters: layout.atomic ? { w: 50, draw: partsColumn } : null,
    candies: layout.halloween ? { w: 62, draw: candiesColumn } : null,
    infiltration: layout.roswell ? { w: 62, draw: infiltrationColumn } : null,
    ducks: layout.ducks ? { w: 60, draw: ducksColumn } : null,
    optimism: layout.atomic ? { w: 54, draw: optimismColumn } : null,
    columns: isGrid(layout) ? { w: 62, draw: gridPartsColumn } : null,
    streets: isGrid(layout) ? { w: 62, draw: gridPartsColumn } : null,
  };
  return layout.score_rows.map((r) => ({ ...r, ...(known[r.id] || { w: 60, draw: partsColumn }) }));
}

function drawLower(svg, layout, sheet, score, derived, targets, opts, G) {
  const lower = s('g', { class: 'lower', role: 'group', 'aria-label': 'Scoring' });
  svg.append(lower);
  lower.append(s('line', { x1: 10, y1: G.lower - 4, x2: W - 10, y2: G.lower - 4, class: 'divider' }));
  const rowOf = (id) => (score ? score.rows.find((r) => r.id === id) || null : null);
  const ctx = { layout, sheet, score, derived, targets, opts, G, counts: counts(sheet), trackTop: G.lower + 40 };
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

/** One box per part of the row: per street for parks, ice cream and lights. */
function partsColumn(g, x, w, col, row, ctx) {
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

/**
 * American Dream's columns and streets rows: a box per column (its points, a complete column
 * only; marked ×2 once its bonus is circled) or per street (its bonus's points), numbered.
 */
function gridPartsColumn(g, x, w, col, row, ctx) {
  const { layout, G } = ctx;
  const grid = ctx.derived.grid || { columns: [], streets: [] };
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

/** A threshold table printed on the sheet (the Easter egg box: 6 → 5, 10 → 10, …). */
function thresholdsColumn(g, x, w, col, row, ctx) {
  const { layout, G, derived } = ctx;
  const collected = [...derived.eggs.values()].reduce((a, e) => a + e.collected, 0);
  header(g, G.lower, x, w, col.label, `${collected} collected`);
  layout.egg_points.forEach((t, k) => {
    const yy = ctx.trackTop + k * 30;
    const current = row && row.points === t.points && row.points > 0;
    g.append(s('rect', { x: x + 4, y: yy, width: w - 8, height: 24, rx: 5, class: current ? 'track-box current' : 'track-box' }));
    g.append(s('text', { x: x + w / 2, y: yy + 17, class: 'track-val', 'text-anchor': 'middle' }, `${t.at_least}+ → ${t.points}`));
    if (current) g.append(s('rect', { x: x + 1, y: yy - 3, width: w - 2, height: 30, rx: 7, class: 'track-current' }));
  });
}

/** Halloween's candies row: the candy tiers with their points, the one circled ringed. */
function candiesColumn(g, x, w, col, row, ctx) {
  const { layout, sheet, G, derived } = ctx;
  const states = (sheet.tiers && sheet.tiers.candy) || [];
  const n = derived.treats ? derived.treats.candies : 0;
  header(g, G.lower, x, w, col.label, `${n} circled`);
  layout.halloween.candy_tiers.forEach((t, k) => {
    const yy = ctx.trackTop + k * 30;
    const state = states[k] || 'open';
    g.append(s('rect', { x: x + 4, y: yy, width: w - 8, height: 24, rx: 5, class: state === 'won' ? 'track-box current' : 'track-box' }));
    g.append(s('text', { x: x + w / 2, y: yy + 17, class: 'track-val', 'text-anchor': 'middle' }, `${t.need} → ${t.points}`));
    if (state === 'won') g.append(s('rect', { x: x + 1, y: yy - 3, width: w - 2, height: 30, rx: 7, class: 'track-current' }));
    if (state === 'lost') crossMark(g, x + 4, yy, w - 8, 24);
  });
}

/**
 * Roswell's infiltration row: the infiltrated estates counted, and the points each scores (the
 * objective circled when the count is in its range, else the failure's).
 */
function infiltrationColumn(g, x, w, col, row, ctx) {
  const { layout, sheet, G, derived } = ctx;
  const n = derived.saucers ? derived.saucers.estates.length : 0;
  const o = sheet.objective ? layout.roswell.objectives[sheet.objective - 1] : null;
  header(g, G.lower, x, w, col.label, plural(n, 'estate'));
  const yy = ctx.trackTop;
  g.append(s('rect', { x, y: yy, width: w, height: 48, rx: 6, class: 'plan-box' }));
  g.append(s('text', { x: x + 5, y: yy + 13, class: 'small' }, 'infiltrated'));
  g.append(s('text', { x: x + w / 2, y: yy + 40, class: 'plan-val', 'text-anchor': 'middle', 'data-infiltrated-estates': n }, n));
  const lines = o ? ['objective', `${objectiveRange(o)}: ×${o.points}`, `else ×${layout.roswell.failure}`] : ['no objective', 'circled yet'];
  lines.forEach((t, k) => g.append(s('text', { x: x + w / 2, y: yy + 70 + k * 16, class: 'col-sub', 'text-anchor': 'middle' }, t)));
}

/**
 * Coin Coin's ducks row: the three scorings' boxes, the points written when held, and what an
 * open one would give now in a dashed box (it is held at the end of the game).
 */
function ducksColumn(g, x, w, col, row, ctx) {
  const { sheet, G } = ctx;
  const held = sheet.duck_scorings || [null, null, null];
  header(g, G.lower, x, w, col.label);
  SCORINGS.forEach(([id], k) => {
    const yy = ctx.trackTop + k * 58;
    const v = held[k] ?? (row ? row.parts[k] : null);
    const open = held[k] == null;
    g.append(s('rect', { x, y: yy, width: w, height: 48, rx: 6, class: open ? 'plan-box open' : 'plan-box' }));
    g.append(s('text', { x: x + 5, y: yy + 13, class: 'small' }, open ? `${id}, now` : id));
    g.append(s('text', { x: x + w / 2, y: yy + 40, class: open ? 'plan-val scoring-now' : 'plan-val', 'text-anchor': 'middle' }, v ?? ''));
  });
}

/** Atomic War's optimism row: the flower box holding the total capacity, the AAA's below it. */
function optimismColumn(g, x, w, col, row, ctx) {
  const sh = ctx.derived.shelters;
  header(g, ctx.G.lower, x, w, col.label, `lowest → ${ctx.layout.atomic.optimism}`);
  if (!sh) return;
  const cx = x + w / 2;
  flower(g, cx, ctx.trackTop + 32, sh.total, 'mine', sh.aaaTotal == null ? 'total' : 'you');
  if (sh.aaaTotal != null) flower(g, cx, ctx.trackTop + 112, sh.aaaTotal, 'aaa', 'AAA');
}

function flower(g, cx, cy, value, who, caption) {
  const f = s('g', { class: `flower ${who}`, 'data-capacity-total': who, 'data-value': value ?? '' });
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    f.append(s('circle', { cx: cx + 17 * Math.cos(a), cy: cy + 17 * Math.sin(a), r: 8, class: 'petal' }));
  }
  f.append(s('circle', { cx, cy, r: 16, class: 'flower-heart' }));
  f.append(s('text', { x: cx, y: cy + 5, class: who === 'aaa' ? 'flower-val shelter-aaa' : 'flower-val', 'text-anchor': 'middle' }, value ?? ''));
  f.append(s('text', { x: cx, y: cy + 40, class: 'col-sub', 'text-anchor': 'middle' }, caption));
  g.append(f);
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
    // Zombies: a box with an ammo icon circles an ammo when crossed
    const ammoBoxes = ((layout.zombies || {}).ammo_boxes || []).filter(([sz]) => sz === size).map(([, k]) => k);
    for (const k of ammoBoxes) {
      const yy = ctx.trackTop + (k - 1) * CELL;
      const bx = ex + ew - 9;
      cg.append(s('path', { d: `M${bx - 2.5} ${yy + 14}v-7a2.5 3 0 0 1 5 0v7z`, class: `ammo-icon${k <= crossed ? ' gained' : ''}`, 'data-ammo-box': `${size}-${k}` }));
    }
    const points = row ? row.parts[i] : null;
    const count = counts[i];
    const countY = ctx.trackTop + values.length * CELL + 8;
    cg.append(s('text', { x: ex + ew / 2, y: countY + 12, class: 'estate-count', 'text-anchor': 'middle' }, `×${count ?? '…'}`));
    totalCell(cg, G, ex, ew, points);
    if (i > 0) cg.append(s('text', { x: ex - 4, y: G.totalY + 22, class: 'op small-op', 'text-anchor': 'middle', 'aria-hidden': 'true' }, '+'));
    const ammoNote = ammoBoxes.length ? `; box ${ammoBoxes.join(', ')} ${ammoBoxes.length > 1 ? 'carry' : 'carries'} an ammo icon (an ammo circled when crossed)` : '';
    const desc = `Real-estate column ${size}: ${crossed} of ${values.length - 1} crossed, value ${trackValue(values, crossed)}${count != null && row ? `, ${count} completed, ${pointsText(points)}` : ''}${ammoNote}`;
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
  // a Halloween ghost bonus writes Extension copies that cross no box
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
