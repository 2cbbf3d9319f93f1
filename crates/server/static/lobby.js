// The lobby: create a table, see open tables, join one.

import { api, seats, prefs } from './api.js';
import { el, BOT_KINDS } from './format.js';
import { edition, DEFAULT_EDITION, tableKind } from './data.js';
import { EDITIONS } from './edition.js';
import { modulesOf } from './sheet/modules.js';
import { levelLabel, opponentPlaceholders, sheetPlaceholders, valueMark } from './aaa.js';
import { navigate, setTitle } from './app.js';
import { recordPicker, replayFile, hold, refusal } from './replay.js';

/** Seats a table may have on this server. */
const SERVER_SEATS = 100;

export async function lobbyPage(main) {
  setTitle('Lobby');
  const name = el('input', { id: 'name', name: 'name', required: true, maxlength: 32, autocomplete: 'nickname', value: prefs.get('name', '') });
  // Editions, modes and sheets come from the edition data (names, descriptions, the seats each
  // mode allows, the AAA's opponent cards).
  // the list names an edition by what tells it apart ("1st edition, 2018"): the game's name,
  // the same for both, would push it out of sight
  const editionShort = (n) => {
    const m = n.match(/\(([^)]+)\)\s*$/);
    return m ? `${m[1][0].toUpperCase()}${m[1].slice(1)}` : n;
  };
  const editionSel = el('select', { id: 'edition', name: 'edition' },
    EDITIONS.map((e) => el('option', { value: e.id, title: e.name }, editionShort(e.name))));
  editionSel.value = prefs.get('edition', DEFAULT_EDITION);
  if (!editionSel.value) editionSel.value = DEFAULT_EDITION;
  let ed = edition(editionSel.value);
  const mode = el('select', { id: 'mode', name: 'mode', 'aria-describedby': 'mode-note' });
  // the chosen mode in a sentence: the options name the modes only, so that none is cut off
  const modeNote = el('span', { class: 'muted', id: 'mode-note' });
  const sheet = el('select', { id: 'sheet', name: 'sheet' });
  // which of the chosen sheet's values are stand-ins (its provenance), named in the mark's title
  const sheetNote = el('span', { class: 'muted', id: 'sheet-note' });
  // AAA solo: the opponent card's level, and a word on which of its values are stand-ins.
  const aaaLevel = el('select', { id: 'aaa-level', name: 'aaa_level' });
  const aaaNote = el('span', { class: 'muted', id: 'aaa-note' });
  const aaaRow = [el('label', { for: 'aaa-level' }, 'AAA level'), el('div', { class: 'stack' }, aaaLevel, aaaNote)];
  // Tables whose printed values are partly stand-ins: enter those of your own cards first.
  const enterValues = el('input', { type: 'checkbox', id: 'enter-values', name: 'enter_values' });
  const enterRow = [el('label', { for: 'enter-values' }, 'Your cards’ values'),
    el('label', { class: 'row check', for: 'enter-values' }, enterValues, el('span', { class: 'muted' }, 'enter the values printed on your own cards (and sheet) before the start'))];
  function syncEdition() {
    ed = edition(editionSel.value);
    const keepMode = mode.value;
    mode.replaceChildren(...ed.modes.map((m) => el('option', { value: m.id, title: m.description }, m.name)));
    if (ed.modes.some((m) => m.id === keepMode)) mode.value = keepMode;
    sheet.replaceChildren(...ed.sheets.map((sh) => el('option', { value: sh.id, title: sheetPlaceholders(sh) },
      `${sh.name}${sheetPlaceholders(sh) ? ' (placeholder values)' : ''}`)));
    sheet.value = prefs.get('sheet', ed.default_sheet);
    if (!sheet.value) sheet.value = ed.default_sheet;
    syncSheet();
    aaaLevel.replaceChildren(...(ed.aaa ? ed.aaa.opponents : []).map((o) => el('option', { value: o.level, title: opponentPlaceholders(o) || null }, levelLabel(o))));
    if (ed.aaa) aaaLevel.value = '1';
    // the 9¾ cards, in an edition that has them
    const quarters = (ed.nine_three_quarters || []).length;
    for (const x of quarterRow) x.hidden = !quarters;
    if (!quarters) nineThreeQuarters.checked = false;
    // their actions may be stand-ins until the printed cards are known
    const qp = (ed.provenance || []).find((p) => p.status === 'placeholder' && /9¾/.test(p.what));
    quarterNote.replaceChildren(...(qp ? [valueMark('placeholder', `${qp.what} (${qp.source})`)] : []));
    const stand = (ed.provenance || []).some((p) => p.status === 'placeholder');
    for (const x of enterRow) x.hidden = !stand;
    if (!stand) enterValues.checked = false;
    syncDealOnly();
  }
  function syncSheet() {
    const sh = ed.sheets.find((x) => x.id === sheet.value);
    const src = sheetPlaceholders(sh);
    sheetNote.replaceChildren(...(src ? [valueMark('placeholder', src)] : []));
    // a sheet that is never played with the Advanced variant (its `advanced: false`) says so
    const noAdvanced = !!sh && sh.advanced === false;
    advanced.disabled = noAdvanced;
    if (noAdvanced) advanced.checked = false;
    syncModes();
  }
  // The modes the engine sets a game up in on the chosen sheet (each sheet's `modes` in the
  // edition data), and on a deal-only table the modes it deals; the others are offered
  // disabled, with why.
  function syncModes() {
    const sh = ed.sheets.find((x) => x.id === sheet.value);
    const onSheet = (id) => !sh || !sh.modes || sh.modes.includes(id);
    const only = dealOnly.checked;
    for (const o of mode.options) {
      o.disabled = !onSheet(o.value) || (only && !dealable(o.value));
      const m = ed.modes.find((x) => x.id === o.value);
      if (m) o.textContent = onSheet(o.value) ? m.name : `${m.name} (not on this sheet)`;
    }
    if (mode.selectedOptions[0]?.disabled) {
      const first = [...mode.options].find((o) => !o.disabled);
      if (first) {
        mode.value = first.value;
        syncMode();
      }
    }
  }
  sheet.addEventListener('change', syncSheet);
  function syncLevel() {
    const o = ed.aaa && ed.aaa.opponents.find((x) => String(x.level) === aaaLevel.value);
    const src = o && opponentPlaceholders(o);
    aaaNote.replaceChildren(...(src ? [valueMark('placeholder', src)] : []));
  }
  aaaLevel.addEventListener('change', syncLevel);
  const advanced = el('input', { type: 'checkbox', id: 'advanced', name: 'advanced' });
  const reshuffle = el('input', { type: 'checkbox', id: 'reshuffle', name: 'reshuffle' });
  // The collector edition's three 9¾ cards, shuffled into the deck.
  const nineThreeQuarters = el('input', { type: 'checkbox', id: 'nine-three-quarters', name: 'nine_three_quarters' });
  const quarterNote = el('span', { id: 'nine-three-quarters-note' });
  const quarterRow = [
    el('label', { for: 'nine-three-quarters' }, '9¾ cards'),
    el('div', { class: 'row' },
      el('label', { class: 'row check', for: 'nine-three-quarters' }, nineThreeQuarters, el('span', { class: 'muted' }, 'add the three 9¾ cards to the deck: a 9¾ goes between a 9 and a 10')),
      quarterNote),
  ];
  reshuffle.checked = true;
  const seatCount = el('input', { type: 'number', id: 'seats', name: 'seats', min: 1, max: 100, value: 2 });
  const tableMode = el('input', { type: 'checkbox', id: 'table-mode', name: 'table_mode' });
  // Deal only: no seats; the players write on paper sheets and this screen deals the cards.
  const dealOnly = el('input', { type: 'checkbox', id: 'deal-only', name: 'deal_only' });
  // The turn timer: empty for none; the server bounds the seconds (15 s to an hour).
  const turnSeconds = el('input', { type: 'number', id: 'turn-seconds', name: 'turn_seconds', min: 15, max: 3600, placeholder: 'none' });
  const turnExpiry = el('select', { id: 'turn-expiry', name: 'turn_expiry', 'aria-label': 'When the time runs out' },
    el('option', { value: 'bot' }, 'a bot plays the turn'),
    el('option', { value: 'refuse' }, 'refuse a permit if allowed, else a bot plays'));
  const botList = el('div', { class: 'steps', id: 'bots' });
  // no seat to give a bot (solo): no heading over nothing
  const botsHead = el('h3', { id: 'bots-h' }, 'Bots');
  const err = el('p', { class: 'error-text', role: 'alert' });

  // A table without seats deals the standard game and the 1st edition's solo game: expert and
  // the AAA need the players' hands (the server says so too, `dealer_mode`).
  const dealable = (id) => id === 'standard' || (id === 'solo' && !ed.aaa);
  function syncDealOnly() {
    const only = dealOnly.checked;
    syncModes();
    for (const x of seatRows) x.hidden = only;
    if (only) enterValues.checked = false;
    syncMode();
  }

  function syncMode() {
    const m = ed.modes.find((x) => x.id === mode.value) || ed.modes[0];
    const sh = ed.sheets.find((x) => x.id === sheet.value);
    const missing = ed.modes.filter((x) => sh && sh.modes && !sh.modes.includes(x.id)).map((x) => x.name);
    // what the sheet's modules change in the mode (a hand of two)
    const two = sh ? modulesOf(sh).map((x) => x.modeNote?.(sh, m.id) || '').join('') : '';
    modeNote.textContent = `${m.description[0].toUpperCase()}${m.description.slice(1)}.${two}${missing.length ? ` Not on the ${sh.name} sheet yet: ${missing.join(', ')}.` : ''}`;
    const aaa = !!ed.aaa && m.id === 'solo';
    for (const x of aaaRow) x.hidden = !aaa;
    syncLevel();
    const max = Math.min(m.max_seats, SERVER_SEATS);
    seatCount.min = m.min_seats;
    seatCount.max = max;
    // whether the mode can offer the reshuffle comes from the engine
    reshuffle.disabled = !m.reshuffle;
    if (!m.reshuffle) reshuffle.checked = false;
    if (max === 1) {
      seatCount.value = 1;
      seatCount.disabled = true;
    } else {
      seatCount.disabled = false;
      const n = Number(seatCount.value) || 0;
      seatCount.value = Math.max(Math.max(m.min_seats, 2), Math.min(n, max));
    }
    renderBots();
  }

  const bots = new Map(); // seat → kind
  function renderBots() {
    const n = Math.max(1, Math.min(SERVER_SEATS, Number(seatCount.value) || 1));
    for (const s of [...bots.keys()]) if (s > n) bots.delete(s);
    const first = tableMode.checked ? 1 : 2;
    const rows = [];
    for (let s = first; s <= Math.min(n, 12); s++) {
      const sel = el('select', { id: `bot-${s}`, 'aria-label': `Seat ${s}`, onchange: (e) => { if (e.target.value) bots.set(s, e.target.value); else bots.delete(s); } },
        el('option', { value: '' }, 'a player'),
        BOT_KINDS.map(([kind, label]) => el('option', { value: kind }, label)));
      sel.value = bots.get(s) || '';
      rows.push(el('div', { class: 'row' }, el('label', { for: `bot-${s}` }, `Seat ${s}:`), sel));
    }
    if (n > 12) rows.push(el('p', { class: 'muted' }, `Seats 13–${n} can be given to bots from the table page.`));
    botList.replaceChildren(...rows);
    botsHead.hidden = !rows.length || dealOnly.checked;
  }
  mode.addEventListener('change', syncMode);
  dealOnly.addEventListener('change', syncDealOnly);
  editionSel.addEventListener('change', syncEdition);
  seatCount.addEventListener('input', renderBots);
  tableMode.addEventListener('change', renderBots);

  // What a deal-only table has none of: seats, a turn timer, table mode, bots, the waiting
  // room where values are entered.
  const seatRows = [
    el('label', { for: 'seats' }, 'Seats'), seatCount,
    el('label', { for: 'turn-seconds' }, 'Seconds per turn'), el('div', { class: 'row' }, turnSeconds, el('span', { class: 'muted' }, 'then'), turnExpiry),
    el('label', { for: 'table-mode' }, 'Table mode'), el('label', { class: 'row check', for: 'table-mode' }, tableMode, el('span', { class: 'muted' }, 'a shared screen deals; everyone plays on a phone; you host without a seat')),
    botsHead,
    botList,
  ];
  const form = el('form', { class: 'panel', 'aria-labelledby': 'create-h' },
    el('h2', { id: 'create-h' }, 'Create a table'),
    el('div', { class: 'grid-form' },
      el('label', { for: 'name' }, 'Your name'), name,
      el('label', { for: 'edition' }, 'Edition'), editionSel,
      el('label', { for: 'mode' }, 'Mode'), el('div', { class: 'stack' }, mode, modeNote),
      ...aaaRow,
      el('label', { for: 'sheet' }, 'Sheet'), el('div', { class: 'stack' }, sheet, sheetNote),
      ...seatRows.slice(0, 2),
      el('label', { for: 'advanced' }, 'Advanced variant'), el('label', { class: 'row check', for: 'advanced' }, advanced, el('span', { class: 'muted' }, 'advanced plans and roundabouts')),
      el('label', { for: 'reshuffle' }, 'First-plan reshuffle'), el('label', { class: 'row check', for: 'reshuffle' }, reshuffle, el('span', { class: 'muted' }, 'offered after the first plan')),
      ...quarterRow,
      ...seatRows.slice(2, 4),
      ...enterRow,
      ...seatRows.slice(4, 6),
      el('label', { for: 'deal-only' }, 'Deal only (paper sheets)'), el('label', { class: 'row check', for: 'deal-only' }, dealOnly, el('span', { class: 'muted' }, 'no seats: players write on paper; this screen deals')),
    ),
    ...seatRows.slice(6),
    err,
    el('div', { class: 'row' }, el('button', { type: 'submit', class: 'primary', id: 'create' }, 'Create table')),
  );
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    err.textContent = '';
    const body = {
      name: name.value.trim() || 'Host',
      mode: mode.value,
      edition: ed.id,
      sheet: sheet.value,
      advanced: advanced.checked,
      first_plan_reshuffle: !reshuffle.disabled && reshuffle.checked,
      seats: Number(seatCount.value) || 1,
      bots: [...bots.entries()].map(([seat, kind]) => ({ seat, kind })),
      table_mode: tableMode.checked,
    };
    if (nineThreeQuarters.checked && !quarterRow[0].hidden) body.nine_three_quarters = true;
    if (dealOnly.checked) {
      // no seats, bots, timer or waiting room: the server starts the game at once
      body.deal_only = true;
      delete body.seats;
      delete body.bots;
      body.table_mode = false;
    }
    if (ed.aaa && body.mode === 'solo') body.aaa_level = Number(aaaLevel.value);
    if (turnSeconds.value.trim() && !body.deal_only) body.turn_timer = { seconds: Number(turnSeconds.value), on_expiry: turnExpiry.value };
    prefs.set('name', body.name);
    prefs.set('sheet', body.sheet);
    prefs.set('edition', body.edition);
    try {
      const r = await api('POST', '/api/tables', body);
      seats.set(r.table, { seat: r.seat ?? null, token: r.token, host: true, name: body.name });
      // a solo table has nothing to wait for: it starts at once, unless the host enters the
      // values of their own cards first (in the waiting room)
      if (body.mode === 'solo' && !enterValues.checked && !body.deal_only) {
        await api('POST', `/api/tables/${encodeURIComponent(r.table)}/start`, { token: r.token });
      }
      navigate(body.table_mode || body.deal_only ? `/t/${encodeURIComponent(r.table)}/deal` : `/t/${encodeURIComponent(r.table)}`);
    } catch (e) {
      err.textContent = e.message;
    }
  });

  const list = el('div', { id: 'tables' }, el('p', { class: 'muted' }, 'Loading…'));
  const listPanel = el('section', { class: 'panel', 'aria-labelledby': 'open-h' },
    el('div', { class: 'row' }, el('h2', { id: 'open-h' }, 'Open tables'), el('button', { type: 'button', onclick: () => load() }, 'Refresh')),
    list);

  // A game record from a file: the server replays it, and a record it refuses is named here.
  const replayErr = el('p', { class: 'error-text', role: 'alert', id: 'lobby-replay-error' });
  const replayPanel = el('section', { class: 'panel', 'aria-labelledby': 'replay-h' },
    el('h2', { id: 'replay-h' }, 'Replay a game'),
    el('p', { class: 'muted' }, 'Step through a finished game round by round, every sheet as it was: open its record (the file downloaded at the end of a game).'),
    recordPicker('record-file', async (file) => {
      replayErr.textContent = '';
      try {
        const { answer, text } = await replayFile(file);
        hold(answer, text);
        navigate('/replay');
      } catch (e) {
        replayErr.textContent = refusal(e);
      }
    }),
    replayErr);

  main.append(
    el('h1', {}, 'Lobby'),
    el('div', { class: 'lobby-layout' }, form, el('div', {}, listPanel, replayPanel)),
  );
  syncEdition();

  async function load() {
    try {
      const tables = await api('GET', '/api/tables');
      if (!tables.length) {
        list.replaceChildren(el('p', { class: 'muted' }, 'No open table. Create one!'));
        return;
      }
      const rows = tables.map((t) => {
        const mine = seats.get(t.table);
        const link = `/t/${encodeURIComponent(t.table)}${t.deal_only ? '/deal' : ''}`;
        return el('tr', {},
          el('td', {}, el('a', { href: link, 'data-nav': true }, t.host ? `${t.host}’s table` : t.table)),
          el('td', {}, tableKind(t)),
          el('td', {}, t.deal_only ? 'paper' : `${t.seats - t.free}/${t.seats}`),
          el('td', {}, t.status === 'playing' ? `playing${t.round ? ` (round ${t.round})` : ''}` : t.status),
          el('td', {}, mine ? el('a', { href: link, 'data-nav': true }, 'Rejoin') : t.deal_only ? el('a', { href: link, 'data-nav': true }, 'Watch') : t.free > 0 && t.status === 'lobby' ? el('a', { href: link, 'data-nav': true }, 'Join') : el('a', { href: `${link}/watch`, 'data-nav': true }, 'Watch')));
      });
      list.replaceChildren(el('div', { class: 'table-scroll' }, el('table', { class: 'data' },
        el('thead', {}, el('tr', {}, el('th', {}, 'Table'), el('th', {}, 'Game'), el('th', {}, 'Seats'), el('th', {}, 'Status'), el('th', {}, ''))),
        el('tbody', {}, rows))));
    } catch (e) {
      list.replaceChildren(el('p', { class: 'error-text' }, e.message));
    }
  }
  load();
  const timer = setInterval(load, 5000);
  return { stop: () => clearInterval(timer) };
}
