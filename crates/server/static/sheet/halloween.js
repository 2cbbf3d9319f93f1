// Halloween (collector expansions §4): a ghost and a candy in front of some houses, one of them
// circled when the house is numbered, and the ghost and candy tiers (top left, and the candies
// row); in the turn, the circle a house just numbered asks for, the tiers claimed and the ghost
// bonuses they give.

import { s, TOP, crossMark, header, plural, key2 } from '../svg.js';
import { parseHouse } from '../format.js';
import { el, iconSvg, houseName } from '../format.js';
import { helpTip } from '../help.js';

/** Halloween's turn stages in a few words. */
const HELP = {
  circle: 'Each ghost/candy house you number — by the number, an Extension copy or a ghost bonus copy — makes you circle its ghost or its candy. Ghosts lead to ghost tiers (bonuses at once), candies to candy tiers (points at the end).',
  tiers: 'At the end of a turn with exactly 4, 6 or 9 ghosts you may claim an open ghost tier needing that many or fewer, and choose one of its two bonus options; then, with exactly 4, 6 or 9 candies, a candy tier. One of each kind per game. A tier claimed this turn is crossed off on the sheets of everybody who did not claim it.',
  bonus: 'A ghost tier’s bonuses are used one after the other: a pool bonus circles any pool not yet circled (a built pool), a park bonus crosses the next park of any street, an Extension bonus copies a neighbouring number into an empty house without crossing an Extension box. A bonus with nowhere to go is lost.',
};

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

// ----- the turn -----

const hk = ([s, h]) => `${s},${h}`;
const sameHouse = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

/** What a ghost bonus does, as a heading. */
const BONUS_TITLE = {
  pool: 'Ghost bonus: circle a pool',
  park: 'Ghost bonus: cross a park',
  extension: 'Ghost bonus: an Extension copy',
};

/** Circles the ghost or the candy of the house the options wait for. */
function circle(tc, treat) {
  const house = tc.opts && tc.opts.circle;
  if (!house) return;
  tc.cfg.onAct?.();
  tc.change(() => {
    tc.draft.circles = [...(tc.draft.circles || []), { house, treat }];
  });
}

/** Claims a Halloween tier (a ghost tier with its bonus option); its bonuses come next. */
function claimTier(tc, tier) {
  tc.change(() => {
    const claim = { treat: tier.treat, need: tier.need, bonuses: [] };
    if (tier.option != null) claim.option = tier.option;
    tc.draft.tiers = [...(tc.draft.tiers || []), claim];
    tc.mode = null;
    tc.planSel = null;
  });
}

/** Uses the ghost bonus the options wait for so. */
function useBonus(tc, use) {
  tc.change(() => {
    const tiers = tc.draft.tiers || [];
    tiers[tiers.length - 1].bonuses.push(use);
    tc.chooser = null;
  });
}

/** Tiers the engine lists as claimable now. */
function openTiers(tc) {
  const o = tc.opts;
  if (!o || tc.stage() !== 'finish') return [];
  return o.tiers || [];
}

/**
 * The Halloween tiers that may be claimed now: one button per tier and bonus option. A ghost
 * tier's bonuses are used right after it is claimed; a candy tier scores at the end.
 */
function tierChoices(tc, tiers, plansOpen) {
  const o = tc.opts;
  const c = treatCounts(tc.cfg.layout, o.sheet || tc.cfg.base) || { ghosts: 0, candies: 0 };
  const candyTiers = (tc.cfg.layout.halloween || {}).candy_tiers || [];
  const box = el('div', { class: 'tier-claims', role: 'group', 'aria-labelledby': 'tier-prompt' });
  const head = el('p', { class: 'hint', id: 'tier-prompt' },
    `Halloween tiers: you have ${c.ghosts} ${c.ghosts === 1 ? 'ghost' : 'ghosts'} and ${c.candies} ${c.candies === 1 ? 'candy' : 'candies'}. Claim a tier now, or keep counting (one ghost tier and one candy tier per game, the ghost tier first).`);
  head.append(helpTip('Halloween tiers', HELP.tiers));
  box.append(head);
  if (plansOpen) box.append(el('p', { class: 'hint' }, 'Validate your plans first: once a tier is claimed, no plan can be validated this turn.'));
  const row = el('div', { class: 'choices' });
  for (const t of tiers) {
    const what = t.treat === 'ghost'
      ? bonusesText(t.gives)
      : `${candyTiers.find((x) => x.need === t.need)?.points ?? '?'} points at the end`;
    const id = `tier-${t.treat}-${t.need}${t.option != null ? `-${t.option}` : ''}`;
    row.append(el('button', {
      type: 'button', class: 'primary', 'data-ctl': id, 'data-tier': `${t.treat}-${t.need}`, 'data-option': t.option ?? null,
      'aria-label': `Claim the ${t.treat} tier ${t.need}: ${what}`,
      disabled: tc.busy ? true : null,
      onclick: () => claimTier(tc, t),
      html: `${iconSvg(t.treat, 18)} ${t.treat === 'ghost' ? 'Ghost' : 'Candy'} tier ${t.need}: ${what}`,
    }));
  }
  box.append(row);
  return box;
}

/** The places a ghost bonus may go, targets on the sheet. */
function bonusTargets(tc, t) {
  const o = tc.opts;
  const uses = o.bonuses || [];
  if (o.bonus === 'pool') {
    for (const u of uses) if (u.pool) {
      t.set(`h:${u.pool[0]}:${u.pool[1]}`, { label: 'Circle this pool (ghost bonus).', badge: 'pool', activate: () => useBonus(tc, u) });
    }
  } else if (o.bonus === 'park') {
    for (const u of uses) if (u.park != null) {
      t.set(`p:${u.park}`, { label: `Cross the next park of street ${u.park} (ghost bonus).`, activate: () => useBonus(tc, u) });
    }
  } else if (o.bonus === 'extension') {
    const byTo = new Map();
    for (const u of uses) if (u.extension) {
      const k = hk(u.extension.to);
      if (!byTo.has(k)) byTo.set(k, []);
      byTo.get(k).push(u);
    }
    for (const list of byTo.values()) {
      const to = list[0].extension.to;
      t.set(`h:${to[0]}:${to[1]}`, {
        label: list.length === 1
          ? `Write an Extension copy of ${houseName(list[0].extension.from)} here (ghost bonus, no box crossed).`
          : 'Write an Extension copy here (ghost bonus, no box crossed): choose which neighbour to copy.',
        badge: 'bis',
        selected: tc.chooser && sameHouse(tc.chooser.house, to),
        activate: () => {
          if (list.length === 1) return useBonus(tc, list[0]);
          tc.chooser = { kind: 'extension', house: to, uses: list };
          tc.render();
          tc.cfg.controls.querySelector('.chooser button')?.focus();
        },
      });
    }
  }
}

/** The ghost or the candy of the house just numbered. */
function circleControls(tc, { step, hint }) {
  const o = tc.opts;
  const house = o.circle;
  const c = treatCounts(tc.cfg.layout, o.sheet || tc.cfg.base, house) || { ghosts: 0, candies: 0 };
  const h = el('h3', { id: 'circle-prompt' }, `Ghost or candy in ${houseName(house)}?`);
  h.append(helpTip('ghosts and candies', HELP.circle));
  step.append(h);
  hint(`You numbered ${houseName(house)}, a house with a ghost and a candy: circle one of them. You must, and it is for good. So far you have ${c.ghosts} ${c.ghosts === 1 ? 'ghost' : 'ghosts'} and ${c.candies} ${c.candies === 1 ? 'candy' : 'candies'}.`);
  const needs = ((tc.cfg.layout.halloween || {}).ghost_tiers || []).map((t) => t.need);
  if (needs.length) hint(`A tier is claimed with exactly ${needs.join(', ').replace(/, (\d+)$/, ' or $1')} of a kind: ghost tiers give pools, parks or Extensions at once, candy tiers score at the end.`);
  const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'circle-prompt' });
  for (const treat of ['ghost', 'candy']) {
    row.append(el('button', {
      type: 'button', class: 'primary', 'data-ctl': `treat-${treat}`, 'data-treat': treat,
      'aria-label': `Circle the ${treat} of ${houseName(house)}`,
      disabled: tc.busy ? true : null,
      onclick: () => circle(tc, treat),
      html: `${iconSvg(treat, 20)} Circle the ${treat}`,
    }));
  }
  step.append(row);
}

/** Where a ghost bonus goes. */
function bonusControls(tc, { step, hint }) {
  const o = tc.opts;
  const tier = (tc.draft.tiers || [])[(tc.draft.tiers || []).length - 1];
  const h = el('h3', { id: 'bonus-prompt' }, BONUS_TITLE[o.bonus] || `Ghost bonus: ${o.bonus}`);
  h.append(helpTip('ghost bonuses', HELP.bonus));
  step.append(h);
  const ranks = (tc.cfg.layout.halloween || {}).ghost_tiers || [];
  const gives = tier && tier.option ? (ranks.find((r) => r.need === tier.need)?.options || [])[tier.option - 1] : null;
  if (tier && gives) hint(`The ${tier.need}-ghost tier gives ${bonusesText(gives)}, used one at a time. A bonus with no place to go is lost.`);
  for (const u of (tier && tier.bonuses) || []) hint(`Done: ${bonusUseText(u)}.`);
  const uses = o.bonuses || [];
  const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'bonus-prompt' });
  if (o.bonus === 'pool') {
    hint('Choose a pool not yet circled, on any house (highlighted on the sheet, or below): it counts as a built pool and crosses a pool box.');
    // one line per street, its houses' pools on it
    const streets = [...new Set(uses.filter((u) => u.pool).map((u) => u.pool[0]))];
    for (const st of streets) {
      const line = el('div', { class: 'choices pool-line', role: 'group', 'aria-label': `Pools of street ${st}` }, el('span', { class: 'choices-label' }, `Street ${st}:`));
      for (const u of uses) if (u.pool && u.pool[0] === st) {
        const hh = u.pool[1];
        line.append(el('button', {
          type: 'button', 'data-ctl': `bonus-pool-${st}-${hh}`, 'data-bonus-use': `pool-${st}-${hh}`,
          'aria-label': `Circle the pool of ${houseName(u.pool)}`,
          disabled: tc.busy ? true : null,
          onclick: () => useBonus(tc, u),
        }, `House ${hh}`));
      }
      step.append(line);
    }
  } else if (o.bonus === 'park') {
    hint('Choose the street whose next park you cross (on the sheet, or below).');
    const sheet = o.sheet || tc.cfg.base;
    for (const u of uses) if (u.park != null) {
      const parks = tc.cfg.layout.streets[u.park - 1].parks;
      const crossed = sheet.streets[u.park - 1].parks;
      const at = (k) => parks[Math.min(k, parks.length - 1)];
      row.append(el('button', {
        type: 'button', class: 'primary', 'data-ctl': `bonus-park-${u.park}`, 'data-bonus-use': `park-${u.park}`,
        'aria-label': `Cross the next park of street ${u.park}: its parks go from ${at(crossed)} to ${at(crossed + 1)} points`,
        disabled: tc.busy ? true : null,
        onclick: () => useBonus(tc, u),
      }, `Street ${u.park} park: ${at(crossed)}→${at(crossed + 1)}`));
    }
  } else if (o.bonus === 'extension') {
    hint('Choose a highlighted empty house next to a number: that number is copied there as an Extension (bis) house, and no Extension box is crossed. A ghost/candy house asks for its circle.');
    if (tc.chooser && tc.chooser.kind === 'extension') {
      const ch = el('div', { class: 'chooser', role: 'group', 'aria-label': 'Number to copy' });
      ch.append(el('p', { class: 'hint' }, `Copy which neighbour into ${houseName(tc.chooser.house)}?`));
      const crow = el('div', { class: 'choices' });
      for (const u of tc.chooser.uses) {
        const num = o.sheet.streets[u.extension.from[0] - 1].houses[u.extension.from[1] - 1];
        crow.append(el('button', { type: 'button', 'data-ctl': `ext-${hk(u.extension.from)}`, 'data-bonus-use': `extension-${hk(u.extension.from)}`, onclick: () => useBonus(tc, u) }, `${num} from house ${u.extension.from[1]}`));
      }
      ch.append(crow);
      step.append(ch);
    }
  }
  if (row.childNodes.length) step.append(row);
}

// ----- the tiers and the turn in words -----

/** "ghost" or "candy" as said in a sentence. */
function treatName(treat) {
  return treat === 'ghost' ? 'ghost' : treat === 'candy' ? 'candy' : String(treat);
}

const BONUS_NOUN = { pool: 'pool', park: 'park', extension: 'Extension' };

/** A ghost tier's bonus option in words: ["pool", "pool"] → "2 pool bonuses". */
function bonusesText(bonuses) {
  const counts = new Map();
  for (const b of bonuses || []) counts.set(b, (counts.get(b) || 0) + 1);
  return [...counts].map(([b, n]) => `${n} ${BONUS_NOUN[b] || b} bonus${n === 1 ? '' : 'es'}`).join(' and ');
}

/** How a ghost bonus was used, in words. */
function bonusUseText(use) {
  if (use.pool) return `pool circled in ${houseName(use.pool)}`;
  if (use.park != null) return `park crossed in street ${use.park}`;
  if (use.extension) return `Extension copy from ${houseName(use.extension.from)} to ${houseName(use.extension.to)}`;
  return JSON.stringify(use);
}

/** The houses a turn's ghost bonuses wrote Extension copies in. */
function bonusCopies(turn) {
  return (turn.tiers || []).flatMap((t) => (t.bonuses || []).filter((u) => u.extension).map((u) => u.extension.to));
}

/**
 * A tier claimed, with the bonuses it gave as used; `circles` (the turn's) tell what a bonus
 * copy circled.
 */
function tierText(t, circles = []) {
  const used = (t.bonuses || []).map((u) => {
    const c = u.extension && circles.find((x) => sameHouse(x.house, u.extension.to));
    return `${bonusUseText(u)}${c ? `, its ${treatName(c.treat)} circled` : ''}`;
  });
  return `claimed the ${t.need}-${treatName(t.treat)} tier${t.option ? ` (option ${t.option})` : ''}${used.length ? `: ${used.join(', ')}` : ''}`;
}

/** The ghosts and candies a turn circled with its number and its copy. */
function circlesText(turn) {
  const copies = bonusCopies(turn);
  return (turn.circles || []).filter((c) => !copies.some((h) => sameHouse(h, c.house)))
    .map((c) => `circled the ${treatName(c.treat)} of ${houseName(c.house)}`);
}

// ----- the score-sheet companion -----

const TIER_NAMES = { open: 'open', lost: 'crossed off (somebody else claimed it)' };

/** The sheet's tiers with `fn(tiers)` applied to a copy (all open when it has none). */
function withTiers(sheet, fn) {
  const t = sheet.tiers || { ghost: [null, null, null], candy: [null, null, null] };
  const tiers = { ...t, ghost: [...t.ghost], candy: [...t.candy] };
  fn(tiers);
  const open = [...tiers.ghost, ...tiers.candy].every((x) => x == null);
  const out = { ...sheet, tiers };
  if (open && tiers.option == null) delete out.tiers;
  return out;
}

/**
 * With other players, a tier somebody else claimed is crossed off here (yours are circled when
 * you claim them in your turn).
 */
function tierRaces(c) {
  const l = c.layout;
  if (!l.halloween) return [];
  return ['ghost', 'candy'].flatMap((treat) => l.halloween[`${treat}_tiers`].map((tier, r) => {
    const id = `c-tier-${treat}-${tier.need}`;
    const label = el('label', { for: id }, `${treat === 'ghost' ? 'Ghost' : 'Candy'} tier ${tier.need}`);
    const now = (c.sheet.tiers && c.sheet.tiers[treat][r]) || 'open';
    if (now === 'won') return [label, el('output', { id }, 'circled (yours)')];
    const sel = el('select', { id, onchange: (e) => {
      c.sheet = withTiers(c.sheet, (t) => { t[treat][r] = e.target.value === 'lost' ? 'lost' : null; });
      c.changed({ restart: true });
    } }, Object.entries(TIER_NAMES).map(([v, t]) => el('option', { value: v }, t)));
    sel.value = now;
    return [label, sel];
  }));
}

/**
 * A Validation card: the ghost and candy tiers of its rank are crossed off unless circled
 * (collector expansions §4.6); the rank is named by its ghost tier's need, as the sheet prints it.
 */
function validation(c, k) {
  if (!c.layout.halloween || ['ghost', 'candy'].every((t) => c.sheet.tiers && c.sheet.tiers[t][k])) return null;
  c.sheet = withTiers(c.sheet, (t) => {
    for (const kind of ['ghost', 'candy']) if (t[kind][k] == null) t[kind][k] = 'lost';
  });
  const need = ((c.layout.halloween.ghost_tiers || [])[k] || {}).need;
  return [`Halloween: the open tiers of ${need ?? 'that rank'} are crossed off.`, 'tiers'];
}

export default {
  id: 'halloween',
  /** Its pictograms (24×24): a ghost (a sheet with a wavy hem and two eyes) and a wrapped candy. */
  icons: {
    ghost:
      '<path d="M5 21V10a7 7 0 0 1 14 0v11l-2.3-2.2-2.4 2.2-2.3-2.2-2.3 2.2-2.4-2.2z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>' +
      '<circle cx="9.5" cy="10.5" r="1.5" fill="currentColor"/><circle cx="14.5" cy="10.5" r="1.5" fill="currentColor"/>',
    candy:
      '<circle cx="12" cy="12" r="5" fill="none" stroke="currentColor" stroke-width="2"/>' +
      '<path d="M7.3 10.3 2.5 7.5v9l4.8-2.8M16.7 10.3l4.8-2.8v9l-4.8-2.8" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/>',
  },
  /** The sheet in a few words, on the rules page. */
  help: {
    name: 'Halloween',
    text: 'Thirteen houses show a ghost and a candy: numbering one (an Extension copy too) circles one of the two, your choice, for good. At the end of a turn with exactly 4, 6 or 9 ghosts you may claim an open ghost tier of that need or lower, once a game: it gives bonuses at once (circle any pool, cross a park in any street, or an Extension copy that crosses no box). Candies claim a candy tier the same way, worth points at the end. Everyone who claims a tier in the same turn takes it; everybody else crosses it off. Against the AAA, each Validation card crosses off both tiers of its rank (A: 4, B: 6, C: 9) unless you hold them, and the AAA scores 4 per tier crossed off.',
  },
  /** Its score rows, explained. */
  rowHelp: {
    candies: 'Candies: the points of the candy tier you claimed (4, 6 or 9 candies circled at the end of a turn); 0 without one.',
  },
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
  /** The turn's parts this module's steps fill in. */
  turnFields: ['circles', 'tiers'],
  /** The circles after the play, the tiers claimed last. */
  turnWords: (turn, at) => (at === 'play' ? circlesText(turn) : at === 'last' ? (turn.tiers || []).map((t) => tierText(t, turn.circles)) : []),
  stages: {
    // a house just numbered (by the number, a copy or a bonus copy) asks for its ghost or candy
    circle: {
      order: 70,
      when: (tc) => !!tc.opts && !!tc.opts.circle,
      controls: circleControls,
      showControls: () => true,
      // the ghost or candy is chosen in the controls: take the keyboard there
      enter: (tc) => tc.focus('[data-treat]'),
      again: '[data-treat]',
    },
    // a ghost tier claimed asks for its bonuses, one at a time
    bonus: {
      order: 75,
      when: (tc) => !!tc.opts && !!tc.opts.bonus,
      controls: bonusControls,
      targets: bonusTargets,
      enter: (tc) => {
        if (tc.targets().size) tc.showSheet();
        tc.focus('[data-bonus-use]');
      },
      again: '[data-bonus-use]',
    },
  },
  marks: (tc, marks, stage) => {
    if (stage !== 'circle') return;
    marks.circle = hk(tc.opts.circle);
    marks.chosen.add(marks.circle);
  },
  /** A tier left unclaimed costs points: the finish asks before confirming without it. */
  claim: (tc) => (openTiers(tc).length ? {
    also: ', and a Halloween tier claimed',
    alone: 'A Halloween tier can be claimed this turn. Claim it, or confirm without claiming?',
  } : null),
  /** The circles and tiers of the turn, and the tiers that may be claimed now. */
  finish: (tc, { step, hint }, plansOpen) => {
    const tiers = openTiers(tc);
    for (const c of tc.draft.circles || []) hint(`${c.treat === 'ghost' ? 'Ghost' : 'Candy'} circled in ${houseName(c.house)}.`);
    if (tiers.length) step.append(tierChoices(tc, tiers, plansOpen));
    for (const t of tc.draft.tiers || []) {
      const used = (t.bonuses || []).map(bonusUseText);
      hint(`${t.treat === 'ghost' ? 'Ghost' : 'Candy'} tier ${t.need} claimed${used.length ? `: ${used.join(', ')}` : ''}.`);
    }
  },
  companion: { races: tierRaces, validation },
};
