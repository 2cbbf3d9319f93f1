// Coin Coin (collector expansions §9): the ducklings on fence slots and between the streets,
// circled and connected to their parents, the two parent ducks, and the three duck scorings
// (top left, and the ducks row).

import { s, RIGHT, BW, BH, TOP, cellX, houseBox, houseY, stripY, header, plural, key2 } from '../svg.js';
import { el, houseName, pointsText } from '../format.js';

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

// ----- the score-sheet companion -----

/** What each duck scoring gives the sheet now, as the server last scored it (its `ducks` row). */
const duckParts = (score) => (score && score.rows.find((r) => r.id === 'ducks')?.parts) || [null, null, null];

/**
 * The sheet with duck scorings `ks` held, each at the points `now` gives it (the score's
 * `ducks` row: an open scoring as it stands), those held already kept.
 */
function withScorings(sheet, ks, now) {
  const held = [...(sheet.duck_scorings || [null, null, null])];
  for (const k of ks) if (held[k] == null && now[k] != null) held[k] = now[k];
  return { ...sheet, duck_scorings: held };
}

/**
 * With other players, a duck scoring is held for everybody at the end of the turn someone
 * completes its ducklings.
 */
function duckRaces(c) {
  if (!c.layout.ducks) return [];
  return SCORINGS.map(([, name], k) => {
    const id = `c-scoring-${k + 1}`;
    const label = el('label', { for: id }, `${name} duck scoring`);
    const held = c.sheet.duck_scorings && c.sheet.duck_scorings[k];
    const sel = el('select', { id, onchange: (e) => {
      if (e.target.value === 'held') c.sheet = withScorings(c.sheet, [k], duckParts(c.score));
      else c.sheet = { ...c.sheet, duck_scorings: (c.sheet.duck_scorings || [null, null, null]).map((v, j) => (j === k ? null : v)) };
      if ((c.sheet.duck_scorings || []).every((v) => v == null)) delete c.sheet.duck_scorings;
      c.changed({ setup: true, restart: true });
    } },
    el('option', { value: 'open' }, 'not held yet'),
    el('option', { value: 'held' }, held != null ? `held: ${pointsText(held)}` : 'held this round (once your turn is written)'));
    sel.value = held != null ? 'held' : 'open';
    return [label, sel];
  });
}

/**
 * A Validation card: A holds the yellow scoring at once, B the black one, the second of them
 * both colours too (collector expansions §9.6), with the points the sheet gives now. Which card
 * holds which is restated here.
 */
function validation(c, k) {
  const scorings = c.layout.ducks && k < 2 ? [k, ...(c.state.aaa.drawn.includes(1 - k) ? [2] : [])] : [];
  const held = scorings.filter((j) => !(c.sheet.duck_scorings && c.sheet.duck_scorings[j] != null));
  if (!held.length) return null;
  c.sheet = withScorings(c.sheet, held, duckParts(c.score));
  return [`Coin Coin: the ${held.map((j) => SCORINGS[j][1].toLowerCase()).join(' and ')} duck scoring${held.length > 1 ? 's are' : ' is'} held now.`, 'ducks'];
}

export default {
  id: 'coin-coin',
  /** The sheet in a few words, on the rules page. */
  help: {
    name: 'Coin Coin',
    text: 'Yellow and black ducklings sit between two houses, in a street (on a fence slot) or between two streets; a duckling is circled as soon as both its houses are numbered (an Extension copy too). A circled duckling is connected when a chain of numbered neighbours and circled between-street ducklings leads to its parent. The first to circle every yellow duckling (every black, or all of both) holds that scoring at the end of the turn for everybody: 1 point per connected duckling of that colour. Scorings not held during the game are held at the end. Against the AAA, Validation cards A and B hold the yellow and black scorings at once (the second of them both colours too), and the AAA scores 1 point per two cards given to it at each scoring.',
  },
  /** Its score rows, explained. */
  rowHelp: {
    ducks: 'Ducks: the three duck scorings, yellow, black and both, each 1 point per duckling of its colour connected to its parent when it was held (scorings not held during the game are held at the end).',
  },
  index: (layout, d) => ducklingList(layout, d),
  /** The duck scorings, then the dotted links of the between-street ducklings, under the streets. */
  panel({ svg, layout, sheet, score, halves }, ducklings) {
    drawDuckScorings(svg, sheet, score, halves);
    drawDuckLinks(svg, layout, ducklings);
  },
  over: ({ svg, layout }, ducklings) => drawDucks(svg, layout, ducklings),
  columns: (layout) => ({ ducks: layout.ducks ? { w: 60, draw: ducksColumn } : null }),
  /** The ducks row on a phone: each scoring held, or what it gives now. */
  rowDetail: ({ id, sheet, row }) => (id !== 'ducks' ? null
    : SCORINGS.map(([c], k) => `${c}: ${sheet.duck_scorings?.[k] ?? (row ? `${row.parts[k]} now` : '–')}`).join(' · ')),
  companion: { races: duckRaces, validation },
};
