// The rule modules the browser knows, by the engine's module id (a sheet's `modules`, as the
// edition data gives it): each file of this folder owns what its module adds to the sheet, the
// turn, the table, the companion and the words and help, so no generic file names a module.
//
// A module is an object with its `id` and any of these hooks (every drawing hook gets a
// context object, then the module's own state from `index`):
//   index(layout, derived, {sheet, halves, asked, derived}) → its state for drawing, or null
//     when it draws nothing (no sheet yet);
//   panel({svg, layout, sheet, score, halves}) its box at the top left, under the streets;
//   over({svg, layout}) what it draws over the streets;
//   shape: {cls, lower(layout), view(layout) → [x0, x1], draw(ctx)}: streets of its own
//     instead of the Classic ones;
//   houseKind({p}) → {cls, draw(hg, box), desc, fresh} for a house text of its own (a Z);
//   house({hg, layout, sheet, si, h, i, x, w, sy, p, marks, targets, big}) draws in front of a
//     house and returns what to add to its name; afterHouse (same, with `g`) draws over it;
//   afterHouses({g, n, si}) after a street's houses; streetEnd({g, layout, sheet, st, n, si,
//     targets, big}) after its fences;
//   columns(layout) → {rowId: {w, draw}} the score rows it draws; estateColumn({cg, layout,
//     size, ex, ew, crossed, trackTop}) draws on a real-estate column, returns what to add to
//     its name; rowDetail({id, sheet, row}) a row's text on a phone.
// The turn's hooks are described in turn.js (`stages`, `notes`, …).
//
// Words and help, asked of every module (`allModules`: what a module owns is named only by it):
//   help: {name, text} its sheet in a few words, on the rules page (in this registry's order);
//   rowHelp: {rowId: text} each score row it adds, explained; handRule: how its hand differs,
//     in the rules page's words on solo and expert hands;
//   icons: {name: svg} its pictograms (24×24, drawn with the current colour) for iconSvg;
//   houseText(text) → {kind, bis} a house text of its own, neither empty nor numbered (a Z);
//   turnWords(turn, at, offer) → the words for the parts of a turn it owns, at 'first' (before
//     the play), 'play' (after it) or 'last' (after the plans); useText(use) → a use of its own
//     instead of the effect, in words; choiceText(choice) → a choice a number asks of it;
//   modeNote(sheet, mode) → what the lobby adds to a mode's description on its sheet.
//
// A table's cards and piles, for the sheet played (`view`: a table's view, `draws`: a round's
// draws in the log or a record):
//   cardsNow(view) → its own cards that came up this round, resolved before the play (a turn's
//     `moduleCards`); dealNote(view) → what the dealer screen shows above the cards, or null;
//     nothingDealt: the dealer screen's words when a round deals nothing; offerNote(view) → the
//     same above the offer a seat watches; pileBits(t, view, layout) → {count, bits} the words
//     on its piles in the table's head (`count: false`: they replace the draw pile's count);
//     logNote(draws) → what the log adds to a round, or null; replayNote(draws) the same in a
//     replay; endText(trigger, mode) → why the game ended in words, for a trigger of its own.
//
// The score-sheet companion (companion.js), for the sheet played: `companion: {…}`, each hook
// given a context c = {layout, sheet (read and replaced), state (what the companion keeps, where
// a module keeps fields of its own), score (the last one), changed({setup, restart}) after a
// change}:
//   fresh() → its fields of a new kept state; body(c, typed) → what a request adds (`typed`: it
//     is about the cards typed in), or null; entry(c, kind) → {nodes, error(), ends(), keep()}
//     what the cards' form asks besides the cards (`ends`: the game ends with nothing to play;
//     `keep` stores the answer), or null; cards(c) → its own cards typed this round (the turn's
//     `moduleCards`); roundDone(c) once the turn is written; clear(c) when the cards are typed
//     again; remember(c) → what an undo restores of it, undo(c, prev); races(c) → [[label,
//     control]] what the table settles between players; validation(c, k) → [toast, kind] once it
//     changed the sheet as Validation card k (0–2) asks, or null; owedText(c) → what the next
//     turn owes first, in words, or null; aaaGiven(c, given) → the AAA's pile with its cards
//     typed this round; aaaIntro: the AAA panel's words on the cards the AAA gets.
//
// The AAA's panel (aaa.js), for the sheet played:
//   aaaNext(next) → the AAA's next card in words when the module has a say (its own card on
//     top, an empty pile), else null; aaaCountNote(action, given) → what to add to an action's
//     count in its pile; aaaPileItem(card) → the list item of a card of its own in the pile.

import easter from './easter.js';
import iceCream from './ice-cream.js';
import christmas from './christmas.js';
import atomicWar from './atomic-war.js';
import halloween from './halloween.js';
import roswell from './roswell.js';
import coinCoin from './coin-coin.js';
import americanDream from './american-dream.js';
import zombies from './zombies.js';

/**
 * The modules by id, built at first use: the module files import the generic helpers, which
 * import this registry, so it must not read them while they load. The order is the rules
 * page's.
 */
let modules = null;
function registry() {
  modules ??= new Map([easter, iceCream, christmas, atomicWar, halloween, roswell, coinCoin, zombies, americanDream].map((m) => [m.id, m]));
  return modules;
}

/** Every module, in the registry's order. */
let all = null;
export function allModules() {
  all ??= [...registry().values()];
  return all;
}

/** The modules `layout` plays with, in the order its `modules` lists them. */
export function modulesOf(layout) {
  return ((layout && layout.modules) || []).map((id) => registry().get(id)).filter(Boolean);
}

/** A module by its id, or null. */
export function moduleById(id) {
  return registry().get(id) || null;
}

/**
 * Whether a number is written with an action to use: every sheet but one whose module says
 * otherwise (`actions: false`: American Dream, where the card's action only makes a house of
 * its family perfect).
 */
export function hasActions(layout) {
  return modulesOf(layout).every((m) => m.actions !== false);
}
