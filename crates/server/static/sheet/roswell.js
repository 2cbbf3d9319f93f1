// Roswell (collector expansions §7): a flying saucer in front of some houses, circled when the
// number written there infiltrates instead of its action, the infiltrated estates framed, and
// the infiltration objectives (top left, and the infiltration row); in the turn, the objective
// circled first and the choice to infiltrate. Target keys: "u:s:h" the saucer in front of a
// house.

import { s, P, BH, TOP, houseBox, houseY, crossMark, makeActionable, header, plural, key2 } from '../svg.js';
import { estateHouses } from '../format.js';
import { el, effectLabel, pointsText } from '../format.js';
import { helpTip } from '../help.js';

/** Roswell's decisions in a few words. */
const HELP = {
  objective: 'Circle one of the four objectives, for the whole game. At the end, count your infiltrated estates (complete estates of 1 to 6 houses with a circled saucer): if the count is in your objective’s range, each scores its points, else 2 each.',
  infiltrate: 'A number written under a flying saucer may infiltrate instead of using its action: the saucer is circled and the action is not used. A number the Temp changed, an Extension copy and a refusal never infiltrate; a saucer whose house is numbered without infiltrating is lost.',
};

/** An objective's range of infiltrated estates, short: "3–4" or "9+". */
function objectiveRange(o) {
  return o.to == null ? `${o.from}+` : `${o.from}–${o.to}`;
}

/** An objective in words: "3–4 infiltrated estates: 4 points each". */
function objectiveText(o) {
  return `${o.to == null ? `${o.from} or more` : `${o.from}–${o.to}`} infiltrated estates: ${pointsText(o.points)} each`;
}

/** The objective a turn circled (the seat's first turn). */
function objectiveTurnText(turn) {
  return turn.objective != null ? [`circled infiltration objective ${turn.objective}`] : [];
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
 * Roswell's infiltration row: the infiltrated estates counted, and the points each scores (the
 * objective circled when the count is in its range, else the failure's).
 */
function infiltrationColumn(g, x, w, col, row, ctx) {
  const { layout, sheet, G } = ctx;
  const sauc = ctx.state('roswell');
  const n = sauc ? sauc.estates.length : 0;
  const o = sheet.objective ? layout.roswell.objectives[sheet.objective - 1] : null;
  header(g, G.lower, x, w, col.label, plural(n, 'estate'));
  const yy = ctx.trackTop;
  g.append(s('rect', { x, y: yy, width: w, height: 48, rx: 6, class: 'plan-box' }));
  g.append(s('text', { x: x + 5, y: yy + 13, class: 'small' }, 'infiltrated'));
  g.append(s('text', { x: x + w / 2, y: yy + 40, class: 'plan-val', 'text-anchor': 'middle', 'data-infiltrated-estates': n }, n));
  const lines = o ? ['objective', `${objectiveRange(o)}: ×${o.points}`, `else ×${layout.roswell.failure}`] : ['no objective', 'circled yet'];
  lines.forEach((t, k) => g.append(s('text', { x: x + w / 2, y: yy + 70 + k * 16, class: 'col-sub', 'text-anchor': 'middle' }, t)));
}

// ----- the turn -----

/** What tapping a saucer does, in its name on the sheet. */
const ROSWELL_TARGET = 'Infiltrate: circle this saucer instead of using the action.';

/** Roswell: the number just written is under a saucer and may infiltrate instead of the action. */
function canInfiltrate(tc) {
  return !!tc.opts && (tc.opts.effects || []).includes('infiltrate');
}

/** Circles Roswell infiltration objective `k` (1-based), once, in the seat's first turn. */
function chooseObjective(tc, k) {
  tc.cfg.onAct?.();
  tc.change(() => {
    tc.draft.objective = k;
  });
}

/**
 * Roswell, the seat's first turn: the four infiltration objectives, one button each, before
 * anything else is played.
 */
function objectiveChoices(tc) {
  const objectives = (tc.cfg.layout.roswell || {}).objectives || [];
  const failure = (tc.cfg.layout.roswell || {}).failure ?? 2;
  const box = el('div', { class: 'objective-choices' });
  const h = el('h3', { id: 'objective-prompt' }, 'Circle your infiltration objective');
  h.append(helpTip('infiltration objectives', HELP.objective));
  box.append(h);
  box.append(el('p', { class: 'hint' }, `Choose it once, for the whole game, before you play your first card. At the end each infiltrated estate scores the points of your objective when their number is in its range, else ${failure}.`));
  const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'objective-prompt' });
  for (const k of tc.opts.objectives) {
    const obj = objectives[k - 1];
    row.append(el('button', {
      type: 'button', class: 'primary', 'data-ctl': `objective-${k}`, 'data-objective': k,
      'aria-label': `Objective ${k}: ${obj ? objectiveText(obj) : ''}`,
      disabled: tc.busy ? true : null,
      onclick: () => chooseObjective(tc, k),
    }, obj ? `${objectiveRange(obj)} estates: ${obj.points} each` : `Objective ${k}`));
  }
  box.append(row);
  return box;
}

/**
 * Roswell: the number just written is under a saucer, so infiltrating (circling the saucer)
 * may take the place of the action. `only`: the action itself has no use here.
 */
function infiltrateHint(tc, only) {
  const [s, h] = tc.draft.play.build.house;
  const where = `Street ${s} house ${h} is under a flying saucer`;
  const text = only
    ? `${where}: infiltrate (circle the saucer), or skip. The ${effectLabel(tc.effect())} has no use here.`
    : `${where}: use the ${effectLabel(tc.effect())}, or infiltrate instead (circle the saucer, also on the sheet), or skip.`;
  const p = el('p', { class: 'hint', id: 'infiltrate-hint' }, text);
  p.append(helpTip('infiltration', HELP.infiltrate));
  return p;
}

/** The saucer over the house just numbered, a target while it may infiltrate. */
function effectTargets(tc, t) {
  if (canInfiltrate(tc)) {
    const [s, h] = tc.draft.play.build.house;
    t.set(`u:${s}:${h}`, { label: ROSWELL_TARGET, activate: () => tc.useEffect('infiltrate') });
  }
}

/** The objective, circled before anything else. */
function objectiveControls(tc, { step }) {
  step.append(objectiveChoices(tc));
}

export default {
  id: 'roswell',
  /** The sheet in a few words, on the rules page. */
  help: {
    name: 'Roswell',
    text: 'Eleven houses have a flying saucer. In your first turn you circle one of four infiltration objectives (3–4, 5–6, 7–8 or 9+ infiltrated estates). A number written under a saucer may infiltrate instead of using its action: the saucer is circled (never with a number the Temp changed, nor by an Extension copy; otherwise the saucer is lost). A complete estate of 1 to 6 houses with a circled saucer is infiltrated. At the end, if their number is in your objective’s range each scores its points (4 to 7), else 2. Against the AAA, its first card and every card given right after a face-up Surveyor card lie upside down: 5 points each.',
  },
  /** Its score rows, explained. */
  rowHelp: {
    infiltration: 'Infiltration: each infiltrated estate (complete, of 1 to 6 houses, with a circled saucer) scores your objective’s points when their number is in its range, else 2.',
  },
  index: (layout, d) => saucerIndex(layout, d),
  panel: ({ svg, layout, sheet }, sauc) => drawObjectives(svg, layout, sheet, sauc),
  /** A flying saucer in front of the house (drawn over it by `afterHouse`, a target of its own). */
  house({ si, h, p, marks }, sauc) {
    const at = `${si + 1},${h}`;
    const saucer = sauc.at.get(at);
    let desc = '';
    if (saucer) desc += `, ${saucerText(saucer, p.kind === 'roundabout', marks.saucer === at)}`;
    if (sauc.houses.has(at)) desc += ', in an infiltrated estate';
    return desc;
  },
  afterHouse({ g, si, h, x, w, sy, marks, targets, big }, sauc) {
    const at = `${si + 1},${h}`;
    const saucer = sauc.at.get(at);
    if (saucer) g.append(saucerGroup(x + w / 2, sy, saucer, sauc.houses.has(at), marks.saucer === at, targets.get(`u:${si + 1}:${h}`), big));
  },
  afterHouses: ({ g, n, si }, sauc) => drawInfiltrated(g, n, si, sauc),
  columns: (layout) => ({ infiltration: layout.roswell ? { w: 62, draw: infiltrationColumn } : null }),
  /** The turn's parts this module's steps fill in. */
  turnFields: ['objective'],
  /** The objective circled, before the play. */
  turnWords: (turn, at) => (at === 'first' ? objectiveTurnText(turn) : []),
  /** Infiltrating in words: it takes the place of the action. */
  useText: (use) => (use === 'infiltrate' ? 'infiltrated (circled the saucer instead of the action)' : null),
  stages: {
    // the seat's first turn: the objective comes before anything else
    objective: {
      order: 30, first: true,
      when: (tc) => !!tc.opts && (tc.opts.objectives || []).length > 0 && tc.draft.objective == null,
      controls: objectiveControls,
      // chosen in the controls: take the keyboard there, and on to the cards
      enter: (tc) => tc.focus('[data-objective]'),
      leave: (tc, next) => tc.toCards(next),
    },
  },
  /** Infiltrating is a choice against the action, so nothing is taken for the player. */
  autoEffect: (tc) => (canInfiltrate(tc) ? false : null),
  marks: (tc, marks, stage) => {
    if (stage === 'effect' && canInfiltrate(tc)) marks.saucer = key2(tc.draft.play.build.house);
  },
  notes: (tc, hint, stage) => {
    if (stage === 'place' && tc.draft.objective != null) hint(`Infiltration objective ${tc.draft.objective} circled.`);
  },
  effectTargets,
  /** Infiltrating takes the place of the action. */
  insteadUses: ['infiltrate'],
  effectHints: (tc, step, actionUses) => {
    if (canInfiltrate(tc)) step.append(infiltrateHint(tc, !actionUses.length));
  },
  effectButtons: (tc, buttons) => {
    if (!canInfiltrate(tc)) return;
    buttons.append(el('button', {
      type: 'button', class: 'primary', 'data-ctl': 'infiltrate', 'data-action': 'infiltrate',
      onclick: () => tc.useEffect('infiltrate'),
    }, 'Infiltrate (circle the saucer instead of the action)'));
  },
  restartable: (tc) => tc.draft.objective != null,
};
