// The host's own printed layout (collector expansions X40): a sheet whose layout is a stand-in
// can be played with the layout printed on the host's sheet, entered as the sheet's data file
// (the same JSON as the shipped one, which the form starts from). The engine checks it against
// the rules' constraints and names the one broken; this only edits and sends the text.

import { el } from './format.js';
import { sheetOf, layoutPlaceholders } from './data.js';

/**
 * A sheet as the edition data gives it, back in its data file's form (without `stacks`,
 * `modes`, `offers`, `module_cards` and `aaa_pile_card`, which the server adds).
 */
function fileText(sheet) {
  const { stacks, modes, offers, module_cards: moduleCards, aaa_pile_card: aaaPileCard, ...file } = sheet;
  return JSON.stringify(file, null, 2);
}

/** The mark of a layout the host entered. */
export function layoutMark() {
  return el('span', { class: 'mark entered layout-entered', title: 'The host entered this layout from their own printed sheet' }, 'layout entered by the host');
}

/**
 * The host's form for the layout printed on their sheet: the sheet file in a text box (the
 * entered layout, else the shipped one), saved with `save(text)` or taken back with
 * `save(null)`; an error (naming the constraint broken) is shown and nothing changes. With
 * `fold`, the form is folded under its title until opened (open while a layout is entered).
 */
export function layoutForm(t, save, { fold = false } = {}) {
  const shipped = sheetOf(t.edition, t.sheet);
  const err = el('p', { class: 'error-text', role: 'alert', id: 'layout-error' });
  const text = el('textarea', {
    id: 'layout-text', rows: 14, spellcheck: 'false', autocomplete: 'off',
    'aria-describedby': 'layout-help', 'aria-label': `The sheet file of your printed ${shipped.name} sheet`,
  });
  text.value = fileText(t.layout || shipped);
  const stand = layoutPlaceholders(shipped).map((p) => p.what).join('; ');
  const send = async (value) => {
    err.textContent = '';
    try {
      await save(value);
    } catch (e) {
      err.textContent = e.message;
    }
  };
  const title = ['Your printed layout ', t.layout ? layoutMark() : el('span', { class: 'mark placeholder', title: `Placeholder until the printed layout is known: ${stand}` }, 'placeholder')];
  const form = el('form', { class: fold ? null : 'panel', id: 'layout-form', 'aria-labelledby': 'layout-h' },
    fold ? null : el('h2', { id: 'layout-h' }, ...title),
    el('p', { class: 'muted', id: 'layout-help' },
      'Some of this sheet’s layout is a stand-in (the mark names which). If your printed sheet differs, edit its file below to match and save: the game then plays with your layout, once it passes the rules’ constraints.'),
    text, err,
    el('div', { class: 'row' },
      el('button', { type: 'submit', id: 'save-layout' }, 'Save the layout'),
      t.layout ? el('button', { type: 'button', id: 'shipped-layout', onclick: () => send(null) }, 'Play the shipped layout') : null));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    send(text.value);
  });
  if (!fold) return form;
  return el('details', { class: 'panel', id: 'layout-fold', open: t.layout ? true : null },
    el('summary', { id: 'layout-h' }, ...title), form);
}
