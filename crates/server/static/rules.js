// A short rules page: the game in a few lines per topic, for a first evening. The engine
// enforces the rules; this page only tells them.

import { el } from './format.js';
import { setTitle } from './app.js';
import { EFFECT_NAMES } from './format.js';
import { EFFECT_HELP, ROW_HELP } from './help.js';
import { allModules } from './sheet/modules.js';

const section = (id, title, ...body) => el('section', { class: 'panel', 'aria-labelledby': id }, el('h2', { id }, title), ...body);

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and children (text for a string). */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return node;
}

/** What the numbered marks of the picture show, in order. */
const CALLOUTS = [
  'Numbers rise from left to right in a street (2, 5, 6, 9); they need not follow each other.',
  'A fence drawn with the Surveyor. With the street’s end it closes the first three houses: a complete estate of 3, which a City Plan can use and which scores at the end.',
  'A planned pool, built: the 6 was written here with the Pool effect. The other two planned pools of the street are still open.',
  'A bis: the Bis effect copied the 9 beside it. It fills a house, and costs points at the end.',
  'A roundabout (advanced variant), built in an empty house with a fence on each side: on its right the numbers start again (1 after 9).',
  'The street’s park track: one park crossed with the Landscaper; the more parks, the more the street scores.',
];

/**
 * A picture of the top street of a Classic sheet in play, drawn here rather than shipped as an
 * image: it scales with the page and its marks are numbered like the list under it.
 */
function streetPicture() {
  const W = 48, H = 54, X0 = 14, Y0 = 48;
  const x = (i) => X0 + i * W;
  const houses = [
    { n: '2' }, { n: '5' }, { n: '6', pool: 'built' }, { n: '9' }, { n: '9', bis: true },
    { roundabout: true }, { n: '1', pool: 'open' }, { pool: 'open' }, { n: '4' }, {},
  ];
  const parts = [svg('title', {}, 'The top street of a Classic sheet in play, with six numbered marks')];
  houses.forEach((h, i) => {
    const g = svg('g', { 'data-house': i + 1 });
    g.append(svg('rect', { x: x(i) + 2, y: Y0, width: W - 4, height: H, rx: 4, class: 'pic-house' }));
    if (h.pool) g.append(svg('circle', { cx: x(i) + W / 2, cy: Y0 + H - 10, r: 6, class: h.pool === 'built' ? 'pic-pool built' : 'pic-pool' }));
    if (h.n) g.append(svg('text', { x: x(i) + W / 2, y: Y0 + 30, class: 'pic-num' }, h.n));
    if (h.bis) g.append(svg('text', { x: x(i) + W / 2, y: Y0 + 44, class: 'pic-small' }, 'bis'));
    if (h.roundabout) {
      g.append(svg('circle', { cx: x(i) + W / 2, cy: Y0 + H / 2, r: 14, class: 'pic-roundabout' }));
      g.append(svg('circle', { cx: x(i) + W / 2, cy: Y0 + H / 2, r: 5, class: 'pic-roundabout' }));
    }
    parts.push(g);
  });
  // fences: the Surveyor's after house 3, the roundabout's on both of its sides
  for (const i of [3, 5, 6]) parts.push(svg('line', { x1: x(i), y1: Y0 - 6, x2: x(i), y2: Y0 + H + 6, class: 'pic-fence' }));
  // the complete estate under the first three houses
  parts.push(svg('path', { d: `M${x(0) + 4} ${Y0 + H + 10} v6 H${x(3) - 4} v-6`, class: 'pic-bracket' }));
  parts.push(svg('text', { x: (x(0) + x(3)) / 2, y: Y0 + H + 32, class: 'pic-small' }, 'estate of 3'));
  // the park track: three boxes, the first crossed
  const px = x(10) + 24;
  parts.push(svg('text', { x: px + 54, y: Y0 - 6, class: 'pic-small' }, 'parks'));
  for (let k = 0; k < 3; k++) {
    parts.push(svg('rect', { x: px + k * 36, y: Y0 + 10, width: 30, height: 30, rx: 3, class: 'pic-park' }));
    parts.push(svg('text', { x: px + k * 36 + 15, y: Y0 + 56, class: 'pic-small' }, ['2', '4', '10'][k]));
  }
  parts.push(svg('path', { d: `M${px + 4} ${Y0 + 14} l22 22 M${px + 26} ${Y0 + 14} l-22 22`, class: 'pic-cross' }));
  // the numbered marks, where each points
  const marks = [[x(1) + W / 2, 'numbers'], [x(3), 'fence'], [x(2) + W / 2, 'pool'], [x(4) + W / 2, 'bis'], [x(5) + W / 2, 'roundabout'], [px + 51, 'parks']];
  marks.forEach(([cx, what], k) => {
    const cy = what === 'pool' ? Y0 + H + 48 : 18;
    const g = svg('g', { class: 'pic-callout', 'data-callout': k + 1, 'data-shows': what });
    g.append(svg('circle', { cx, cy, r: 10 }), svg('text', { x: cx, y: cy + 4 }, String(k + 1)));
    parts.push(g);
  });
  const picture = svg('svg', { viewBox: `0 0 ${px + 120} ${Y0 + H + 64}`, role: 'img', 'aria-labelledby': 'rules-picture-caption', class: 'rules-picture' }, ...parts);
  return el('figure', { class: 'rules-figure', id: 'rules-sheet-picture' },
    picture,
    el('figcaption', { id: 'rules-picture-caption' }, 'The top street of a Classic sheet after a few turns. Under the streets the sheet has the tracks and the score rows: City Plans, parks, pools, temps, the real-estate values, bis, roundabouts and refusals.'),
    el('ol', { class: 'rules-callouts' }, CALLOUTS.map((text, k) => el('li', { 'data-callout': k + 1 }, text))));
}

/** How the modules' hands differ, in brackets after the usual hand: "" when none does. */
function handRules() {
  const rules = allModules().map((m) => m.handRule).filter(Boolean);
  return rules.length ? ` (${rules.join('; ')})` : '';
}

export async function rulesPage(main) {
  setTitle('Rules');
  main.append(el('div', { class: 'rules-page', id: 'rules' },
    el('div', { class: 'panel' },
      el('h1', {}, 'How to play'),
      el('p', {}, 'Each player is an architect building three streets of houses on their own sheet. Everyone plays at once with the same cards; the best-planned town scores most.')),
    section('rules-turn', 'A turn',
      el('p', {}, 'Three combinations are turned over: each pairs a house number with an effect. Every player picks one, writes its number in an empty house of any street — numbers must rise from left to right in a street, never repeating — and may use its effect.'),
      el('p', {}, `A player who cannot write any number takes a building-permit refusal instead. In solo and in the expert game you hold a hand of three cards: one gives the number, another the effect${handRules()}.`)),
    section('rules-effects', 'The effects',
      el('dl', {}, Object.entries(EFFECT_HELP).flatMap(([id, text]) => [el('dt', {}, EFFECT_NAMES[id]), el('dd', {}, text)]))),
    section('rules-plans', 'City Plans',
      el('p', {}, 'Three plans ask for estates of given sizes (or, on a thematic sheet, a feature completed). At the end of a turn in which your sheet meets a plan, validate it: the houses used cannot serve another plan.'),
      el('p', {}, 'The first players to validate a plan score its higher value; it then turns over and later players score the lower one.')),
    section('rules-sheet', 'Your sheet', streetPicture()),
    section('rules-roundabouts', 'Roundabouts (advanced variant)',
      el('p', {}, 'With the advanced variant, once in a turn — before or after writing your number, even in a turn you refuse — you may build a roundabout in an empty house of any street: draw it, with a fence on each side. In the app: “Build a roundabout” (or “Roundabout first”) on your turn, then the house.'),
      el('p', {}, 'A roundabout splits its street: the numbers on its right start again from 0 and rise on their own, so a number that fits nowhere may fit after it. Its fences close estates like any other fence but use no Surveyor effect.'),
      el('p', {}, 'Two at most in a game. Each crosses a box of the roundabout track: −3 points for one, −8 for two. A roundabout counts as a built house (for ending the game with every house built, and for the plans that want a whole street or its first and last houses) but is never part of an estate.')),
    section('rules-end', 'The end of the game',
      el('p', {}, 'The game ends at the end of the turn in which a player validates all three plans, takes a third permit refusal, or builds every house.'),
      el('p', {}, 'Each row of the sheet is scored and added up; penalties are subtracted. The highest total wins.'),
      el('dl', {}, Object.entries(ROW_HELP).flatMap(([id, text]) => [el('dt', {}, id === 'plans' ? 'City Plans' : id[0].toUpperCase() + id.slice(1)), el('dd', {}, text)]))),
    section('rules-solo', 'Solo (1st edition)',
      el('p', {}, 'Alone, you play the same sheet with one pile of the 81 cards, into whose bottom half the Solo card is shuffled. Three City Plans are dealt as usual.'),
      el('p', {}, 'Each turn, draw three cards: use one for its number and another for its effect (a corner of each card’s number side shows its effect), then discard all three. If no number fits with any of the other cards’ effects, take a permit refusal.'),
      el('p', {}, 'The Solo card: when it comes up, the competition has approved every plan. Every plan turns to its approved side, so from that turn on a plan you validate scores its lower value; plans validated before keep their higher value. A card is drawn in its place at once.'),
      el('p', {}, 'The game ends after the turn that uses the last card of the pile (27 turns), or earlier on any usual trigger: your three plans, a third refusal, or every house built. Temps score 7 points with 6 or more, else nothing. There is no reshuffle after the first plan.')),
    section('rules-aaa', 'Solo against the AAA (collector edition)',
      el('p', {}, 'In the collector edition you play alone against an automa, the AAA, chosen by its opponent card (level 0 to 5; level 1, Sam, is the easiest that scores). The draw pile lies action side up, so you see the next card’s action; one of the three Validation cards (A, B, C) is shuffled into its bottom 21 cards, the other two lie face down in the discard.'),
      el('p', {}, 'Each turn, draw three cards: one gives your number, another your action, and both are discarded; the third goes on top of the AAA’s pile, in order (never shuffled; you may look at it). In a turn you refuse, you still discard two and give one.'),
      el('p', {}, 'A Validation card is resolved as soon as it is drawn, then replaced. If the AAA’s card shows that letter, the AAA validates the plan: it scores the plan’s current value (the first value if nobody has validated it yet, at level 0 nothing) and the plan turns to its approved side; you may still validate it later, for the lower value. When the draw pile runs out, the discard (with its Validation cards) is shuffled into a new one.'),
      el('p', {}, 'The AAA never ends the game: it ends after the turn in which you validate your third plan, take a third refusal or build every house.'),
      el('p', {}, 'At the end the AAA scores from its pile, with the values of its card: points per Park, Pool, Temp and Barrière card, its temps ranked against your temp boxes, and estates — its pile cut at every Barrière card, an Extension card counting as several houses and an Amélioration card raising the value of every house of its estate; its five best estates score. The higher total wins; on equal totals, whoever has more complete estates (at level 0 there is no winner: you play for your best score). The panel beside your sheet shows the next card’s action, the AAA’s pile and its running score.')),
    section('rules-thematic', 'Thematic sheets',
      el('dl', {}, allModules().filter((m) => m.help).flatMap((m) => [el('dt', { 'data-sheet-help': m.id }, m.help.name), el('dd', {}, m.help.text)]))),
  ));
  return { stop: () => {} };
}
