// Atomic War (collector expansions §6): a shelter in front of some houses with its capacity
// (and in AAA solo the AAA's half of it), each street's capacity at its end, and the optimism
// row's flower holding the total.

import { s, RIGHT, BH, houseY, crossMark, header, key2, sum, partsColumn } from '../svg.js';

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

/** Atomic War's optimism row: the flower box holding the total capacity, the AAA's below it. */
function optimismColumn(g, x, w, col, row, ctx) {
  const sh = ctx.state('atomic-war');
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

export default {
  id: 'atomic-war',
  /** The sheet in a few words, on the rules page. */
  help: {
    name: 'Atomic War',
    text: 'Some houses have a shelter: numbering the house (an Extension copy too) writes its number in the shelter, its capacity; a roundabout there means the shelter is never built. Each street adds up its capacity at its end, and the flower box holds the total. At the end the highest capacity of each street scores 8, 10 or 11, and the lowest total scores 9 for optimism. Against the AAA every shelter is split: its half starts at 20, 30 and 30 in each street’s first shelter, each Validation card builds one more (the highest of the last 3 cards given to it, in street 1, 2 or 3 for A, B or C) and each roundabout you build gives it a 10 in that street.',
  },
  /** Its score rows, explained. */
  rowHelp: {
    shelters: 'Shelters: per street, the highest shelter capacity at the table scores 8, 10 or 11 (ties share it; a capacity of 0 wins nothing). Against the AAA, you compare with its capacities.',
    optimism: 'Optimism: the lowest total shelter capacity at the table scores 9 (ties share it, 0 included).',
  },
  index: (layout, d, { halves }) => shelterIndex(layout, d, halves),
  /** A shelter in front of the house: its capacity once built, struck out when lost. */
  house({ hg, si, h, x, w, sy, big }, sh) {
    const shelter = sh.at.get(`${si + 1},${h}`);
    if (!shelter) return '';
    hg.append(shelterMark(x + w / 2, sy, shelter, big));
    return `, ${shelterText(shelter)}`;
  },
  streetEnd: ({ g, si }, sh) => g.append(capacityBox(si, sh)),
  columns: (layout) => (layout.atomic ? {
    // narrower than other rows' columns: Atomic War's two rows leave the total its room
    shelters: { w: 50, draw: partsColumn },
    optimism: { w: 54, draw: optimismColumn },
  } : {}),
};
