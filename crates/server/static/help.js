// Help in the app: one-line explanations of the effects and score rows, and a small "?"
// popover that opens on hover, on focus and on a tap (phones have no hover). Plan texts come
// from the edition data; a rule module explains its own rows and sheet (its `rowHelp` and
// `help`, see sheet/modules.js); nothing here decides what is legal.

import { el } from './format.js';
import { allModules } from './sheet/modules.js';

export const EFFECT_HELP = {
  surveyor: 'Draw a fence between two houses of a street: it closes estates (groups of 1–6 houses).',
  'real-estate': 'Raise the value of one estate size: each completed estate of that size scores more.',
  landscaper: 'Cross a park in the street of the house you built: a street’s parks score more and more.',
  pool: 'If the house you built has a planned pool, build it: pools score on their own track.',
  temp: 'Write the number 2 higher or lower (0 to 17), and hire a worker: most temps at the end scores most.',
  bis: 'Also copy a neighbouring house’s number, marked “bis”: it fills a gap but costs points at the end.',
};

/** The base score rows, in the order the rules page explains them. */
export const ROW_HELP = {
  plans: 'Points of the City Plans you validated: the first value if you were among the first, else the second.',
  parks: 'Per street, the value reached on its park track.',
  pools: 'The value reached on the pool track, one step per pool built.',
  temps: 'Temp agency: the most temps scores 7, the second 4, the third 1 (at least one temp needed).',
  estates: 'Each completed estate scores the current value of its size on the real-estate track.',
  bis: 'A penalty that grows with the number of bis houses.',
  roundabouts: 'A penalty per roundabout built (advanced variant).',
  refusals: 'A penalty per building-permit refusal: the third ends the game.',
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

/** A score row's one-line explanation: a base row's, else the module's that adds the row. */
export function rowHelp(row) {
  return ROW_HELP[row.id] || allModules().map((m) => (m.rowHelp || {})[row.id]).find(Boolean) || '';
}

/** What a City Plan asks (its `text` from the edition data) and how it scores. */
export function planHelp(p) {
  return `${p.text}. Validate it at the end of a turn when your sheet shows it (estates must be completed and not yet used for another plan): the first to do so score ${p.first}, later players ${p.second}.`;
}
