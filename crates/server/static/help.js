// Help in the app: one-line explanations of the effects and score rows, and a small "?"
// popover that opens on hover, on focus and on a tap (phones have no hover). Plan texts come
// from the edition data; nothing here decides what is legal.

import { el } from './format.js';

export const EFFECT_HELP = {
  surveyor: 'Draw a fence between two houses of a street: it closes estates (groups of 1–6 houses).',
  'real-estate': 'Raise the value of one estate size: each completed estate of that size scores more.',
  landscaper: 'Cross a park in the street of the house you built: a street’s parks score more and more.',
  pool: 'If the house you built has a planned pool, build it: pools score on their own track.',
  temp: 'Write the number 2 higher or lower (0 to 17), and hire a worker: most temps at the end scores most.',
  bis: 'Also copy a neighbouring house’s number, marked “bis”: it fills a gap but costs points at the end.',
};

export const ROW_HELP = {
  plans: 'Points of the City Plans you validated: the first value if you were among the first, else the second.',
  lights: 'Christmas lights: per street, one point per house of its longest string of linked houses.',
  'ice-cream': 'Ice cream: the scoops of the cones your trucks stopped at, plus the end-of-route bonuses won.',
  eggs: 'Easter eggs: the eggs you circled, scored by the egg track’s thresholds.',
  shelters: 'Shelters: per street, the highest shelter capacity at the table scores 8, 10 or 11 (ties share it; a capacity of 0 wins nothing). Against the AAA, you compare with its capacities.',
  optimism: 'Optimism: the lowest total shelter capacity at the table scores 9 (ties share it, 0 included).',
  candies: 'Candies: the points of the candy tier you claimed (4, 6 or 9 candies circled at the end of a turn); 0 without one.',
  infiltration: 'Infiltration: each infiltrated estate (complete, of 1 to 6 houses, with a circled saucer) scores your objective’s points when their number is in its range, else 2.',
  columns: 'Columns: each complete column scores 1 per normal house and 3 per perfect house, doubled when you circled its column bonus; an incomplete column scores nothing.',
  streets: 'Streets: 10 points per street bonus circled (among the first to complete the street).',
  ducks: 'Ducks: the three duck scorings, yellow, black and both, each 1 point per duckling of its colour connected to its parent when it was held (scorings not held during the game are held at the end).',
  parks: 'Per street, the value reached on its park track.',
  pools: 'The value reached on the pool track, one step per pool built.',
  temps: 'Temp agency: the most temps scores 7, the second 4, the third 1 (at least one temp needed).',
  estates: 'Each completed estate scores the current value of its size on the real-estate track.',
  bis: 'A penalty that grows with the number of bis houses.',
  roundabouts: 'A penalty per roundabout built (advanced variant).',
  refusals: 'A penalty per building-permit refusal: the third ends the game.',
};

/**
 * The thematic and expansion sheets in a few words, by their rule module, with the score rows
 * each adds (the rules page lists those with the sheet, not with the base rows).
 */
export const SHEET_HELP = [
  { module: 'easter', name: 'Easter egg hunt', rows: ['eggs'],
    text: 'Some houses hold eggs: writing a number there circles as many eggs as the number’s shape allows (0, 8 and 10 collect two). The eggs score on a track of thresholds.' },
  { module: 'ice-cream', name: 'Ice Cream trucks', rows: ['ice-cream'],
    text: 'Each street’s truck drives one way: numbering a house ahead of it moves it there, circling that house’s cone and crossing the cones it drove past. Circled scoops score, and the first to finish a street’s route wins its bonus.' },
  { module: 'christmas', name: 'Christmas lights', rows: ['lights'],
    text: 'Two neighbouring houses whose numbers follow each other (or a bis and its copy) are linked by lights. Each street scores one point per house of its longest string.' },
  { module: 'atomic-war', name: 'Atomic War', rows: ['shelters', 'optimism'],
    text: 'Some houses have a shelter: numbering the house (an Extension copy too) writes its number in the shelter, its capacity; a roundabout there means the shelter is never built. Each street adds up its capacity at its end, and the flower box holds the total. At the end the highest capacity of each street scores 8, 10 or 11, and the lowest total scores 9 for optimism. Against the AAA every shelter is split: its half starts at 20, 30 and 30 in each street’s first shelter, each Validation card builds one more (the highest of the last 3 cards given to it, in street 1, 2 or 3 for A, B or C) and each roundabout you build gives it a 10 in that street.' },
  { module: 'halloween', name: 'Halloween', rows: ['candies'],
    text: 'Thirteen houses show a ghost and a candy: numbering one (an Extension copy too) circles one of the two, your choice, for good. At the end of a turn with exactly 4, 6 or 9 ghosts you may claim an open ghost tier of that need or lower, once a game: it gives bonuses at once (circle any pool, cross a park in any street, or an Extension copy that crosses no box). Candies claim a candy tier the same way, worth points at the end. Everyone who claims a tier in the same turn takes it; everybody else crosses it off. Against the AAA, each Validation card crosses off both tiers of its rank (A: 4, B: 6, C: 9) unless you hold them, and the AAA scores 4 per tier crossed off.' },
  { module: 'roswell', name: 'Roswell', rows: ['infiltration'],
    text: 'Eleven houses have a flying saucer. In your first turn you circle one of four infiltration objectives (3–4, 5–6, 7–8 or 9+ infiltrated estates). A number written under a saucer may infiltrate instead of using its action: the saucer is circled (never with a number the Temp changed, nor by an Extension copy; otherwise the saucer is lost). A complete estate of 1 to 6 houses with a circled saucer is infiltrated. At the end, if their number is in your objective’s range each scores its points (4 to 7), else 2. Against the AAA, its first card and every card given right after a face-up Surveyor card lie upside down: 5 points each.' },
  { module: 'coin-coin', name: 'Coin Coin', rows: ['ducks'],
    text: 'Yellow and black ducklings sit between two houses, in a street (on a fence slot) or between two streets; a duckling is circled as soon as both its houses are numbered (an Extension copy too). A circled duckling is connected when a chain of numbered neighbours and circled between-street ducklings leads to its parent. The first to circle every yellow duckling (every black, or all of both) holds that scoring at the end of the turn for everybody: 1 point per connected duckling of that colour. Scorings not held during the game are held at the end. Against the AAA, Validation cards A and B hold the yellow and black scorings at once (the second of them both colours too), and the AAA scores 1 point per two cards given to it at each scoring.' },
  { module: 'zombies', name: 'Zombies!', rows: [],
    text: 'Two piles instead of three, so two combinations a turn; three Zombie cards are shuffled into pile 1. When one comes up, its hordes move before anyone plays: Left moves the three left hordes, Right the three right ones, Both all six. Each player may first slow moving hordes with their ammo, one ammo each (1 at the start, one more for each improvement box with an ammo icon crossed); a slowed horde stays where it is, the others trace their next arrow. The house an arrow reaches is invaded unless a barricade (most houses have one printed; the Surveyor may build one in front of a house printed without, instead of its fence), a roundabout or a Z stops it: its number is erased, a Z written and fences drawn on both sides. A Z is never numbered again and no estate holding one scores. The game also ends at once when pile 1 has no number left. In the expert game and against the AAA there is one draw pile instead, action face up (a Zombie card can show on top), and a hand holds two cards: one gives the number, the other the action, then you pass one of the two on to your left neighbour (expert) or give it to the AAA. A Zombie card drawn is resolved at once and replaced; against the AAA it also takes the place of the last two cards given to it and counts as a Surveyor. The expert game ends the third time the draw pile runs out, the AAA game the first time. No new score row.' },
  { module: 'american-dream', name: 'American Dream', rows: ['columns', 'streets'],
    text: 'A grid of five streets of seven houses that also form columns, and none of the Classic tracks: no parks, pools, temps, estates or fences, and no action is ever used. Each house belongs to a family, shown by its colour and an action’s icon: a number written with that action (the combination’s, or the action card’s) makes the house perfect, and it is circled. The first to complete a street circle its 10-point bonus, the first to complete a column its ×2 bonus; everybody else crosses it off. Each complete column scores 1 per normal house and 3 per perfect one, doubled with its bonus. Not played with the Advanced variant. Against the AAA, each Validation card has you cross off 1 street bonus and 2 column bonuses still open, and the AAA scores its cards at its opponent card’s values plus 10 per street bonus you crossed off.' },
];

/** Roswell's decisions in a few words. */
export const ROSWELL_HELP = {
  objective: 'Circle one of the four objectives, for the whole game. At the end, count your infiltrated estates (complete estates of 1 to 6 houses with a circled saucer): if the count is in your objective’s range, each scores its points, else 2 each.',
  infiltrate: 'A number written under a flying saucer may infiltrate instead of using its action: the saucer is circled and the action is not used. A number the Temp changed, an Extension copy and a refusal never infiltrate; a saucer whose house is numbered without infiltrating is lost.',
};

/** Zombies' decisions in a few words. */
export const ZOMBIES_HELP = {
  ammo: 'A Zombie card came up: each horde it moves traces its next arrow, unless you slow it with an ammo (one each, as many as you have circled and not used). A slowed horde keeps its arrow for a later card. A horde invades the house its arrow reaches — its number is erased for a Z, with fences on both sides — unless a barricade, a roundabout or a Z stops it there.',
  barricade: 'The Surveyor’s number written in a house printed without a barricade may build one in front of it instead of drawing a fence: hordes then stop there. Some plans count the barricades you built.',
  pass: 'In the expert game and against the AAA your hand holds two cards, and you use both: one for its number, the other for its action. Then you choose which of the two goes on — face down to your left neighbour in the expert game, onto the AAA’s pile in solo — and the other is discarded.',
};

/** Halloween's turn stages in a few words. */
export const HALLOWEEN_HELP = {
  circle: 'Each ghost/candy house you number — by the number, an Extension copy or a ghost bonus copy — makes you circle its ghost or its candy. Ghosts lead to ghost tiers (bonuses at once), candies to candy tiers (points at the end).',
  tiers: 'At the end of a turn with exactly 4, 6 or 9 ghosts you may claim an open ghost tier needing that many or fewer, and choose one of its two bonus options; then, with exactly 4, 6 or 9 candies, a candy tier. One of each kind per game. A tier claimed this turn is crossed off on the sheets of everybody who did not claim it.',
  bonus: 'A ghost tier’s bonuses are used one after the other: a pool bonus circles any pool not yet circled (a built pool), a park bonus crosses the next park of any street, an Extension bonus copies a neighbouring number into an empty house without crossing an Extension box. A bonus with nowhere to go is lost.',
};

let counter = 0;

/** A "?" button that shows `text` as a tooltip; `about` names what it explains, for screen readers. */
export function helpTip(about, text, id = null) {
  const tipId = id || `tip-${++counter}`;
  const tip = el('span', { class: 'tip-text', role: 'tooltip', id: tipId }, text);
  const btn = el('button', {
    type: 'button', class: 'tip-btn', 'aria-label': `About ${about}`, 'aria-describedby': tipId, 'aria-expanded': 'false',
    onclick: (ev) => {
      ev.stopPropagation();
      const open = !wrap.classList.contains('open');
      for (const o of document.querySelectorAll('.tip.open')) if (o !== wrap) close(o);
      wrap.classList.toggle('open', open);
      btn.setAttribute('aria-expanded', String(open));
    },
    onkeydown: (ev) => { if (ev.key === 'Escape') close(wrap); },
  }, '?');
  const wrap = el('span', { class: 'tip' }, btn, tip);
  return wrap;
}

function close(wrap) {
  wrap.classList.remove('open');
  const b = wrap.querySelector('.tip-btn');
  if (b) b.setAttribute('aria-expanded', 'false');
}

// A tap elsewhere closes an open popover.
document.addEventListener('click', (ev) => {
  for (const o of document.querySelectorAll('.tip.open')) if (!o.contains(ev.target)) close(o);
});

export function effectHelp(effect) {
  return EFFECT_HELP[effect] || '';
}

/** A score row's label from the sheet data with its one-line explanation. */
export function rowHelp(row) {
  return ROW_HELP[row.id] || '';
}

/** What a City Plan asks (its `text` from the edition data) and how it scores. */
export function planHelp(p) {
  return `${p.text}. Validate it at the end of a turn when your sheet shows it (estates must be completed and not yet used for another plan): the first to do so score ${p.first}, later players ${p.second}.`;
}
