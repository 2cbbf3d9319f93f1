// Names, icons and text for cards, effects, plans and turns.

import { hasActions, allModules } from './sheet/modules.js';

export const EFFECTS = ['surveyor', 'real-estate', 'landscaper', 'pool', 'temp', 'bis'];

/**
 * Each card's one name, the English rulebook's, everywhere (the collector edition's French names
 * — Barrière, Amélioration, Parc, Piscine, Intérimaire, Extension — are not used; see
 * docs/rules-choices.md).
 */
export const EFFECT_NAMES = {
  surveyor: 'Surveyor',
  'real-estate': 'Real Estate Agent',
  landscaper: 'Landscaper',
  pool: 'Pool Manufacturer',
  temp: 'Temp Agency',
  bis: 'Bis',
};

export const EFFECT_HINTS = {
  surveyor: 'draw a fence',
  'real-estate': 'raise an estate column',
  landscaper: 'cross a park',
  pool: 'build the pool',
  temp: 'number ±2',
  bis: 'copy a number',
};

// Our own simple pictograms, 24×24, drawn with the current colour so that the
// label next to them, not the colour, carries the meaning.
const ICON_PATHS = {
  surveyor:
    '<path d="M5 4v17M12 4v17M19 4v17M2 9h20M2 16h20" fill="none" stroke="currentColor" stroke-width="2.2"/>',
  'real-estate':
    '<path d="M3 12 12 4l9 8M6 10v10h12V10" fill="none" stroke="currentColor" stroke-width="2"/>' +
    '<path d="M12 11v7M9 14.5h6" stroke="currentColor" stroke-width="2.2"/>',
  landscaper:
    '<circle cx="12" cy="9" r="6.5" fill="none" stroke="currentColor" stroke-width="2"/>' +
    '<path d="M12 15v7M8 22h8" stroke="currentColor" stroke-width="2.2"/>',
  pool:
    '<rect x="3" y="5" width="18" height="15" rx="3" fill="none" stroke="currentColor" stroke-width="2"/>' +
    '<path d="M5 11q2.3-2 4.6 0t4.6 0 4.6 0M5 15.5q2.3-2 4.6 0t4.6 0 4.6 0" fill="none" stroke="currentColor" stroke-width="1.7"/>',
  temp:
    '<path d="M4 16a8 8 0 0 1 16 0z" fill="none" stroke="currentColor" stroke-width="2"/>' +
    '<path d="M2 18h20M12 8v-3" stroke="currentColor" stroke-width="2.2"/>',
  bis:
    '<text x="12" y="18" text-anchor="middle" font-size="15" font-weight="700" font-family="sans-serif" fill="currentColor">bis</text>',
};

/** A module's own pictogram (its `icons`), by name. */
function moduleIcon(name) {
  return allModules().map((m) => (m.icons || {})[name]).find(Boolean);
}

export function iconSvg(effect, size = 24) {
  const body = ICON_PATHS[effect] || moduleIcon(effect) || '';
  return `<svg class="icon icon-${effect}" viewBox="0 0 24 24" width="${size}" height="${size}" aria-hidden="true" focusable="false">${body}</svg>`;
}

export function iconInner(effect) {
  return ICON_PATHS[effect] || moduleIcon(effect) || '';
}

/** "7-bis" → {number: 7, effect: "bis"} */
export function parseCard(text) {
  const i = text.indexOf('-');
  return { number: parseNumber(text.slice(0, i)), effect: text.slice(i + 1) };
}

/**
 * A house number as the wire writes it in text: a whole number, or a ¾ number of the collector
 * edition's 9¾ cards ("9¾", kept as that string, as the wire's JSON numbers give it too).
 */
export function parseNumber(t) {
  return /^\d+¾$/.test(t) ? t : Number(t);
}

/** Where a number lies among the others: n¾ between n and n + 1 (for sorting and differences). */
export function numberRank(n) {
  return typeof n === 'string' && n.endsWith('¾') ? Number(n.slice(0, -1)) + 0.75 : Number(n);
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy": names in a sentence. */
export function listText(names) {
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "1 card", "3 cards": a count with its noun (`many` for an irregular plural). */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${Math.abs(n) === 1 ? one : many}`;
}

/** "1 point", "−1 point", "12 points": points with a proper minus sign. */
export function pointsText(n) {
  return `${n < 0 ? `−${-n}` : n} ${Math.abs(n) === 1 ? 'point' : 'points'}`;
}

export function effectLabel(effect) {
  return EFFECT_NAMES[effect] || effect;
}

/** A plan card's text for people (the engine's description, from the edition data). */
export function planText(card) {
  return (card && card.text) || 'plan';
}

/** A decision a number asks for before it is written, as the module that asks it words it. */
export function choiceText(choice) {
  return allModules().map((m) => m.choiceText?.(choice)).find(Boolean) ?? JSON.stringify(choice);
}

export function houseName([s, h]) {
  return `street ${s} house ${h}`;
}

export function pickKey(pick) {
  if (pick.combination != null) return `c${pick.combination}`;
  if (pick.hand) return `h${pick.hand[0]}-${pick.hand[1]}`;
  return '?';
}

export function samePick(a, b) {
  return pickKey(a) === pickKey(b);
}

/** The number and effect a pick gives on an offer. */
export function resolvePick(offer, pick) {
  if (pick.combination != null && offer.combinations) {
    const c = offer.combinations[pick.combination - 1];
    return c ? { number: c.number, effect: c.effect } : null;
  }
  if (pick.hand && offer.hand) {
    const n = parseCard(offer.hand[pick.hand[0] - 1]);
    const e = parseCard(offer.hand[pick.hand[1] - 1]);
    return { number: n.number, effect: e.effect };
  }
  return null;
}

export function effectUseText(use) {
  if (use === 'park') return 'crossed a park';
  if (use === 'pool') return 'built a pool';
  if (use === 'temp') return 'hired a temp';
  if (use.fence) return `fence in street ${use.fence[0]} between houses ${use.fence[1]} and ${use.fence[1] + 1}`;
  if (use['real-estate'] != null) return `raised the estate column ${use['real-estate']}`;
  if (use.bis) return `bis from ${houseName(use.bis.from)} to ${houseName(use.bis.to)}`;
  return allModules().map((m) => m.useText?.(use)).find(Boolean) ?? JSON.stringify(use);
}

/**
 * What the modules say of the parts of a turn they own (see `turnWords` in sheet/modules.js),
 * at `at`: 'first' (before the play), 'play' (after it) or 'last' (after the plans).
 */
function moduleWords(turn, at, offer) {
  return allModules().flatMap((m) => (m.turnWords ? m.turnWords(turn, at, offer) : []));
}

/**
 * A bonus a Validation card has the player cross off (AAA solo), as the wire numbers it in
 * `options.cross` and a turn's `cross`: street s is s, and on a grid sheet column c is the
 * number of streets + c. `layout` is the sheet's (without it every item is a street).
 */
export function crossItem(item, layout) {
  const streets = layout ? layout.streets.length : Infinity;
  return item <= streets ? { kind: 'street', n: item } : { kind: 'column', n: item - streets };
}

/** That bonus in words: "the street 2 bonus", "the column 3 bonus". */
export function crossItemText(item, layout) {
  const c = crossItem(item, layout);
  return `the ${c.kind} ${c.n} bonus`;
}

/** The bonuses a turn crossed off first, as a Validation card asked. */
function crossText(turn, layout) {
  return (turn.cross || []).map((item) => `crossed off ${crossItemText(item, layout)}`);
}

/** Plans named as the 1st edition names them ("n°1"), where the caller does not say. */
const numbered = (slot) => `n°${slot + 1}`;

/**
 * A one-line account of a turn. `plan(slot)` names plan `slot` (0-based) after "plan": "A"
 * or "n°1" as the table's edition names it (see plans.js); `layout`, the sheet's, names the
 * bonuses crossed off.
 */
export function turnText(turn, offer, plan = numbered, layout = null) {
  const parts = [...moduleWords(turn, 'first', offer), ...crossText(turn, layout)];
  if (turn.play === 'unplayed') parts.push('nothing to play: the game ended');
  if (turn.roundabout && turn.roundabout.when === 'before') parts.push(`roundabout in ${houseName(turn.roundabout.house)}`);
  const play = turn.play || {};
  if (play.refuse) {
    parts.push('building-permit refusal' + (play.refuse.pass ? ` (passed card ${play.refuse.pass})` : ''));
  } else if (play.build) {
    const b = play.build;
    let t = `wrote ${b.number} in ${houseName(b.house)}`;
    if (offer) {
      const r = resolvePick(offer, b.pick);
      if (r) t += ` (${effectLabel(r.effect)})`;
    }
    parts.push(t);
    if (b.choice) parts.push(`chose ${choiceText(b.choice)}`);
    if (b.effect) parts.push(effectUseText(b.effect));
  }
  parts.push(...moduleWords(turn, 'play', offer));
  if (turn.roundabout && turn.roundabout.when === 'after') parts.push(`roundabout in ${houseName(turn.roundabout.house)}`);
  for (const c of turn.plans || []) parts.push(`validated plan ${plan(c.plan - 1)}`);
  parts.push(...moduleWords(turn, 'last', offer));
  if (turn.reshuffle) parts.push('asked for the reshuffle');
  return parts.join('; ');
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'html') e.innerHTML = v;
    else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c == null || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/** An empty sheet in the wire format. */
export function emptySheet(layout) {
  return {
    streets: layout.streets.map((st) => ({
      houses: Array(st.houses).fill(''),
      fences: [],
      pools: [],
      parks: 0,
      plan_houses: [],
    })),
    temps: 0,
    real_estate: [0, 0, 0, 0, 0, 0],
    refusals: 0,
    plans: [null, null, null],
  };
}

/**
 * House text → {kind: 'empty'|'number'|'roundabout', value, bis}, or a kind of a module's own
 * (its `houseText`: a house neither empty nor numbered).
 */
export function parseHouse(t) {
  if (!t) return { kind: 'empty' };
  if (t === 'R') return { kind: 'roundabout' };
  const own = allModules().map((m) => m.houseText?.(t)).find(Boolean);
  if (own) return own;
  const bis = t.endsWith('b');
  return { kind: 'number', value: parseNumber(bis ? t.slice(0, -1) : t), bis };
}

/** Counts drawn from a sheet. */
export function sheetCounts(sheet) {
  let built = 0, bis = 0, roundabouts = 0, pools = 0, parks = 0;
  for (const st of sheet.streets) {
    for (const h of st.houses) {
      const p = parseHouse(h);
      if (p.kind === 'number') built++;
      // a module's house that was an Extension copy keeps its penalty
      if (p.bis) bis++;
      if (p.kind === 'roundabout') roundabouts++;
    }
    pools += st.pools.length;
    parks += st.parks;
  }
  return { built, bis, roundabouts, pools, parks };
}

/**
 * The houses (1-based [s, h]) of the estate that starts at `first`, as the engine lists the
 * estates in a sheet's `derived`.
 */
export function estateHouses(derived, [s, h]) {
  const e = ((derived && derived.estates) || []).find((x) => x.first[0] === s && x.first[1] === h);
  if (!e) return [[s, h]];
  return Array.from({ length: e.houses }, (_, k) => [s, h + k]);
}

/** A seat's display name; bots are marked as such (once). */
/** The bots a seat can be given, as the server names them, with their labels. Search bots
 *  think longer (from a few hundredths of a second to about a second a move) and play better. */
export const BOT_KINDS = [
  ['greedy', 'greedy bot'],
  ['random', 'random bot'],
  ['search-fast', 'search bot (fast)'],
  ['search', 'search bot'],
  ['search-strong', 'search bot (strong)'],
];

export function seatName(s) {
  if (!s.bot) return s.name || `Seat ${s.seat}`;
  const n = s.name || 'Bot';
  return /bot/i.test(n) ? `${n} ⚙` : `${n} (${s.bot} bot) ⚙`;
}

/** A round's offer in words: "7 Surveyor · 3 Pool Manufacturer · 12 Temp Agency". */
export function offerText(offer) {
  if (!offer) return '';
  if ((offer.combinations && !offer.combinations.length) || (offer.hand && !offer.hand.length)) return 'nothing (the game ended)';
  if (offer.combinations) return offer.combinations.map((c) => `${c.number} ${effectLabel(c.effect)}`).join(' · ');
  if (offer.hand) return offer.hand.map((t) => { const c = parseCard(t); return `${c.number} ${effectLabel(c.effect)}`; }).join(' · ');
  return '';
}

/**
 * One seat's turn for the log: the combination (or cards) used, the number written where, a
 * Temp adjustment with its sign, the effect's use (or that it was not used; nothing on a sheet
 * without actions), plans (named by `plan`, as in `turnText`). `layout` is the sheet's.
 */
export function logTurnText(turn, offer, plan = numbered, layout = null) {
  const parts = [...moduleWords(turn, 'first', offer), ...crossText(turn, layout)];
  if (turn.play === 'unplayed') parts.push('nothing to play: the game ended');
  const actions = hasActions(layout);
  if (turn.roundabout && turn.roundabout.when === 'before') parts.push(`roundabout in ${houseName(turn.roundabout.house)}`);
  const play = turn.play || {};
  if (play.refuse) {
    parts.push('building-permit refusal');
  } else if (play.build) {
    const b = play.build;
    const r = offer ? resolvePick(offer, b.pick) : null;
    let used = '';
    if (b.pick.combination) used = `combination ${b.pick.combination}`;
    else if (b.pick.hand) used = `cards ${b.pick.hand[0]} + ${b.pick.hand[1]}`;
    if (r) used += ` (${r.number} ${effectLabel(r.effect)})`;
    let wrote = `wrote ${b.number} in ${houseName(b.house)}`;
    if (r && r.effect === 'temp' && actions) {
      const d = numberRank(b.number) - numberRank(r.number);
      wrote += d === 0 ? ', temp ±0' : `, temp ${d > 0 ? '+' : '−'}${Math.abs(d)}`;
    }
    parts.push(`${used}: ${wrote}`.replace(/^: /, ''));
    if (b.choice) parts.push(`chose ${choiceText(b.choice)}`);
    if (b.effect) parts.push(effectUseText(b.effect));
    else if (r && r.effect !== 'temp' && actions) parts.push(`${effectLabel(r.effect)} not used`);
  }
  parts.push(...moduleWords(turn, 'play', offer));
  if (turn.roundabout && turn.roundabout.when === 'after') parts.push(`roundabout in ${houseName(turn.roundabout.house)}`);
  for (const c of turn.plans || []) parts.push(`validated plan ${plan(c.plan - 1)}`);
  parts.push(...moduleWords(turn, 'last', offer));
  if (turn.reshuffle) parts.push('asked for the reshuffle');
  return parts.join('; ');
}
