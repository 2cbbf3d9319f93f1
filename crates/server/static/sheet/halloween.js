// Halloween (collector expansions §4): a ghost and a candy in front of some houses, one of them
// circled when the house is numbered, and the ghost and candy tiers (top left, and the candies
// row); in the turn, the circle a house just numbered asks for, the tiers claimed and the ghost
// bonuses they give.

import { s, TOP, crossMark, header, plural, key2 } from '../svg.js';
import { parseHouse, bonusesText } from '../format.js';

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

/** Halloween's candies row: the candy tiers with their points, the one circled ringed. */
function candiesColumn(g, x, w, col, row, ctx) {
  const { layout, sheet, G } = ctx;
  const treats = ctx.state('halloween');
  const states = (sheet.tiers && sheet.tiers.candy) || [];
  const n = treats ? treats.candies : 0;
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

export default {
  id: 'halloween',
  index: (layout, d, { sheet, asked }) => treatIndex(layout, sheet, asked),
  panel: ({ svg, layout, sheet }, treats) => drawTiers(svg, layout, sheet, treats),
  /** A ghost and a candy in front of the house: the one circled, or neither yet. */
  house({ hg, si, h, x, w, sy }, treats) {
    const treat = treats.at.get(`${si + 1},${h}`);
    if (treat == null) return '';
    hg.append(treatMark(x, w, sy, `${si + 1},${h}`, treat));
    return `, ${TREAT_STATE[treat]}`;
  },
  columns: (layout) => ({ candies: layout.halloween ? { w: 62, draw: candiesColumn } : null }),
};
