// A short rules page: the game in a few lines per topic, for a first evening. The engine
// enforces the rules; this page only tells them.

import { el } from './format.js';
import { setTitle } from './app.js';
import { EFFECT_NAMES } from './format.js';
import { EFFECT_HELP, ROW_HELP, SHEET_HELP } from './help.js';

const section = (id, title, ...body) => el('section', { class: 'panel', 'aria-labelledby': id }, el('h2', { id }, title), ...body);

export async function rulesPage(main) {
  setTitle('Rules');
  main.append(el('div', { class: 'rules-page', id: 'rules' },
    el('div', { class: 'panel' },
      el('h1', {}, 'How to play'),
      el('p', {}, 'Each player is an architect building three streets of houses on their own sheet. Everyone plays at once with the same cards; the best-planned town scores most.')),
    section('rules-turn', 'A turn',
      el('p', {}, 'Three combinations are turned over: each pairs a house number with an effect. Every player picks one, writes its number in an empty house of any street — numbers must rise from left to right in a street, never repeating — and may use its effect.'),
      el('p', {}, 'A player who cannot write any number takes a building-permit refusal instead. In solo and in the expert game you hold a hand of three cards: one gives the number, another the effect (on the Zombies sheet a hand of two: you use both, then choose which one goes on).')),
    section('rules-effects', 'The effects',
      el('dl', {}, Object.entries(EFFECT_HELP).flatMap(([id, text]) => [el('dt', {}, EFFECT_NAMES[id]), el('dd', {}, text)]))),
    section('rules-plans', 'City Plans',
      el('p', {}, 'Three plans ask for estates of given sizes (or, on a thematic sheet, a feature completed). At the end of a turn in which your sheet meets a plan, validate it: the houses used cannot serve another plan.'),
      el('p', {}, 'The first players to validate a plan score its higher value; it then turns over and later players score the lower one.')),
    section('rules-end', 'The end of the game',
      el('p', {}, 'The game ends at the end of the turn in which a player validates all three plans, takes a third permit refusal, or builds every house.'),
      el('p', {}, 'Each row of the sheet is scored and added up; penalties are subtracted. The highest total wins.'),
      el('dl', {}, Object.entries(ROW_HELP).filter(([id]) => !SHEET_HELP.some((x) => x.rows.includes(id))).flatMap(([id, text]) => [el('dt', {}, id === 'plans' ? 'City Plans' : id[0].toUpperCase() + id.slice(1)), el('dd', {}, text)]))),
    section('rules-thematic', 'Thematic sheets',
      el('dl', {}, SHEET_HELP.flatMap((x) => [el('dt', { 'data-sheet-help': x.module }, x.name), el('dd', {}, x.text)]))),
  ));
  return { stop: () => {} };
}
