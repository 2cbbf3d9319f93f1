// Ice Cream (thematic §3): an ice-cream cone in front of some houses, circled or crossed off as
// the street's truck drives by, the two trucks parked at the street ends and the route driven,
// and the end-of-route bonus; in the turn, the truck a street's first number chooses, and in
// AAA solo the bonus a Validation card has the player cross off. Target keys: "b:s" the
// end-of-route bonus of street s.

import { s, RIGHT, BW, cellX, houseBox, houseY, stripY, crossMark, makeActionable, plural, key2, BONUS } from '../svg.js';
import { el, houseName } from '../format.js';

const CONE_STATE = { open: 'not reached yet', circled: 'circled', crossed: 'crossed off' };

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

// ----- the turn -----

/** The text of a button answering which truck drives the street. */
function choiceButton(choice) {
  if (choice.truck === 'left') return 'Truck starts left (drives left to right)';
  if (choice.truck === 'right') return 'Truck starts right (drives right to left)';
  return JSON.stringify(choice);
}

/** The truck chosen for the street of the number just written. */
function choose(tc, choice) {
  tc.change(() => {
    tc.draft.play.build.choice = choice;
    tc.notice = null;
  });
}

/** The end-of-route bonus a Validation card has the player cross off. */
function crossControls(tc, { step, hint }) {
  const o = tc.opts;
  step.append(el('h3', { id: 'cross-prompt' }, 'A Validation card came up: cross off one open end-of-route bonus'));
  const owed = Math.max(1, ((o.sheet && o.sheet.owed) || 0));
  hint(`Choose the street whose bonus you cross off before you play${owed > 1 ? ` (${owed} bonuses to cross off, one at a time)` : ''}. A crossed-off bonus is lost for good.`);
  const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'cross-prompt' });
  for (const street of o.cross) {
    row.append(el('button', {
      type: 'button', class: 'primary', 'data-ctl': `cross-${street}`, 'data-cross': street,
      disabled: tc.busy ? true : null,
      onclick: () => tc.crossBonus(street),
    }, `Street ${street} bonus`));
  }
  step.append(row);
}

/** Which truck a street's first number chooses. */
function choiceControls(tc, { step, hint }) {
  const b = tc.draft.play.build;
  step.append(el('h3', {}, `Which ice-cream truck drives street ${b.house[0]}?`));
  hint(`You write ${b.number} in ${houseName(b.house)}, your first number in this street: choose the truck that drives it. The other one is crossed off for good, and the chosen truck drives to this house at once.`);
  const row = el('div', { class: 'choices', role: 'group', 'aria-label': 'Truck' });
  for (const c of tc.opts.choices) {
    const side = c.truck || 'other';
    row.append(el('button', { type: 'button', class: 'primary', 'data-ctl': `choice-${side}`, 'data-choice': side, onclick: () => choose(tc, c) }, choiceButton(c)));
  }
  step.append(row);
}

// ----- the score-sheet companion -----

const BONUS_NAMES = { open: 'open', won: 'circled (first to finish the route)', lost: 'crossed off (somebody finished first)' };

/**
 * The end-of-route bonuses still open on the sheet (collector expansions §3.6), of which a
 * Validation card makes the player cross one off at the start of their next turn.
 */
function openBonuses(layout, sheet) {
  return layout.streets.filter((street, i) => (street.trucks || []).length && (sheet.streets[i].bonus || 'open') === 'open').length;
}

/** With other players, who wins a street's end-of-route race depends on them: set it here. */
function bonusRaces(c) {
  return c.layout.streets.map((st, i) => ({ st, i })).filter(({ st }) => (st.trucks || []).length).map(({ i }) => {
    const sel = el('select', { id: `c-bonus-${i + 1}`, onchange: (e) => {
      if (e.target.value === 'open') delete c.sheet.streets[i].bonus; else c.sheet.streets[i].bonus = e.target.value;
      c.changed();
    } }, Object.entries(BONUS_NAMES).map(([v, t]) => el('option', { value: v }, t)));
    sel.value = c.sheet.streets[i].bonus || 'open';
    return [el('label', { for: `c-bonus-${i + 1}` }, `Street ${i + 1} bonus`), sel];
  });
}

/** A Validation card: the next turn starts by crossing off an open bonus; none open, nothing happens. */
function validation(c) {
  const owed = c.sheet.owed || 0;
  if (owed >= openBonuses(c.layout, c.sheet)) return null;
  c.sheet = { ...c.sheet, owed: owed + 1 };
  return ['Ice Cream: your next turn starts by crossing off one open end-of-route bonus of your choice.', 'cross'];
}

/** The bonuses the next turn crosses off first, in words. */
function owedText(c) {
  const owed = c.sheet.owed || 0;
  return owed ? `Your next turn starts by crossing off ${owed === 1 ? 'one open end-of-route bonus' : `${owed} open end-of-route bonuses`} (a Validation card came up).` : null;
}

export default {
  id: 'ice-cream',
  /** The sheet in a few words, on the rules page. */
  help: {
    name: 'Ice Cream trucks',
    text: 'Each street’s truck drives one way: numbering a house ahead of it moves it there, circling that house’s cone and crossing the cones it drove past. Circled scoops score, and the first to finish a street’s route wins its bonus.',
  },
  /** Its score rows, explained. */
  rowHelp: {
    'ice-cream': 'Ice cream: the scoops of the cones your trucks stopped at, plus the end-of-route bonuses won.',
  },
  /** The truck a street's first number chooses, in words. */
  choiceText: (choice) => (choice && choice.truck ? `the truck parked at the ${choice.truck} end` : null),
  index: (layout, d) => ({
    cones: new Map((d.cones || []).map((c) => [key2(c.house), c])),
    routes: new Map((d.routes || []).map((r) => [r.street, r])),
  }),
  /** An ice-cream cone in front of the house, on its right. */
  house({ hg, layout, si, h, x, w, sy }, ice) {
    const cone = (layout.streets[si].cones || []).find((c) => c.house === h);
    if (!cone) return '';
    const state = (ice.cones.get(`${si + 1},${h}`) || { state: 'open' }).state;
    const cg = s('g', { class: `cone ${state}` });
    const cx = x + w - 13;
    cg.append(s('path', { d: `M${cx - 7} ${sy + 22}L${cx} ${sy + 38}L${cx + 7} ${sy + 22}z`, class: 'cone-wafer' }));
    for (let k = 0; k < cone.scoops; k++) cg.append(s('circle', { cx, cy: sy + 18 - k * 7, r: 5.6, class: `scoop scoop-${k + 1}` }));
    if (state === 'circled') cg.append(s('ellipse', { cx, cy: sy + 20, rx: 12, ry: 21, class: 'cone-ring' }));
    if (state === 'crossed') crossMark(cg, cx - 12, sy - 1, 24, 42, 'cone-cross');
    hg.append(cg);
    return `, ice-cream cone of ${plural(cone.scoops, 'scoop')}, ${CONE_STATE[state] || state}`;
  },
  /** The trucks at the street ends, their route so far, and the end-of-route bonus. */
  streetEnd({ g, st, n, si, targets, big }, ice) {
    const route = ice.routes.get(si + 1) || (st.trucks && st.trucks.length
      ? { street: si + 1, parked: st.trucks, truck: st.trucks.length === 1 ? st.trucks[0] : null, at: null, finished: false, bonus: 'open' }
      : null);
    if (route) drawRoute(g, n, si, route, targets, big);
  },
  stages: {
    // a street's first number asks which truck drives it
    choice: {
      order: 60,
      when: (tc) => {
        const b = tc.draft.play && tc.draft.play.build;
        return !!b && !b.choice && !!tc.opts && (tc.opts.choices || []).length > 0;
      },
      controls: choiceControls,
      showControls: () => true,
      // the truck question is asked in the controls: take the keyboard there
      enter: (tc) => tc.focus('[data-choice]'),
    },
  },
  /** The number waits on the sheet for its truck. */
  marks: (tc, marks, stage) => {
    if (stage !== 'choice') return;
    const b = tc.draft.play.build;
    marks.chosen.add(key2(b.house));
    marks.pending = { house: key2(b.house), number: b.number };
  },
  crossControls,
  companion: { races: bonusRaces, validation, owedText },
};
