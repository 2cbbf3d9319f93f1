// The end of a table's life as its players see it: the host's End game / Abandon table, a game
// ended before its end, a table closed before its start, and Play again — the host opens the
// next table with the same seats, every other player of the game joins it with one click.

import { el } from './format.js';
import { api, seats } from './api.js';
import { toast, redirect } from './app.js';

const at = (table) => `/api/tables/${encodeURIComponent(table)}`;

/**
 * The host's button that closes the table for everyone, after asking: "Abandon table" before
 * the start (nobody can join or start it any more), "End game" during it (it stops where it
 * is, the sheets as of the last resolved round).
 */
export function closeButton(t, token) {
  const lobby = t.status === 'lobby';
  const question = lobby
    ? 'Close this table for everyone? Nobody can join or start it any more.'
    : 'End the game for everyone now? It stops where it is: the sheets stay as of the last resolved round, and you can play again.';
  return el('button', {
    type: 'button', class: 'danger', id: 'close-table',
    onclick: async () => {
      if (!window.confirm(question)) return;
      try {
        await api('POST', `${at(t.table)}/abandon`, { token });
      } catch (e) {
        toast(e.message, true);
      }
    },
  }, lobby ? 'Abandon table' : 'End game');
}

/** A table its host closed before the start. */
export function closedPanel(t) {
  return el('section', { class: 'panel', id: 'table-closed', 'aria-labelledby': 'closed-h' },
    el('h2', { id: 'closed-h' }, 'This table is closed'),
    el('p', {}, `The game never started: ${t.host} closed the table.`),
    el('a', { href: '/', 'data-nav': true, class: 'button', id: 'to-lobby' }, 'Back to the lobby'));
}

/** A game ended before its end (by its host, or because nobody played it any more). */
export function endedPanel(t, v) {
  const table = encodeURIComponent(t.table);
  return el('section', { class: 'panel', id: 'ended', 'aria-labelledby': 'ended-h' },
    el('h2', { id: 'ended-h' }, 'The game was ended'),
    el('p', {}, `It stopped in round ${v.round}, before its end: the sheets and the overview are as of the last resolved round, and there is no winner.`),
    el('p', { class: 'row' },
      el('a', { href: `/t/${table}/replay`, 'data-nav': true, id: 'replay-link', class: 'button' }, '▶ Replay round by round'),
      el('a', { href: `${at(t.table)}/record`, download: `welcome-${t.table}.json`, id: 'record-link', class: 'button' }, '⬇ Download game record')));
}

/** What Play again keeps, in words that fit the table. */
function sameSeats(t, mine) {
  const bots = t.seats.some((s) => s.bot);
  const others = t.seats.some((s) => !s.bot && s.seat !== (mine && mine.seat));
  const kept = [bots ? 'the bots keep their seats' : null, others ? 'the other players are offered to join' : null].filter(Boolean);
  return `A new table with the same options${kept.length ? `: ${kept.join(', ')}` : ''}.`;
}

/**
 * Play again, once the game is over or was ended: the host's button opens the next table (the
 * same options, the bots and the host in their seats); once it is open every player of the
 * game gets "Join the next game", which takes a free seat there under their own name.
 * `mine` is this browser's seat at the table (null for spectators), `host` whether it hosts.
 */
export function againPanel(t, mine, host) {
  const wrap = el('div', { class: 'panel row', id: 'play-again', 'aria-live': 'polite' });
  const name = (mine && mine.name) || (mine && mine.seat ? (t.seats[mine.seat - 1] || {}).name : null) || t.host;
  if (t.next) {
    const path = `/t/${encodeURIComponent(t.next)}`;
    const held = seats.get(t.next);
    if (held) {
      // a table-mode host deals from the shared screen
      const to = held.host && t.table_mode ? `${path}/deal` : path;
      wrap.append(el('a', { href: to, 'data-nav': true, class: 'button primary', id: 'next-game' }, 'Go to the next game'));
    } else if (mine && mine.seat != null) {
      wrap.append(el('button', {
        type: 'button', class: 'primary', id: 'join-next',
        onclick: async () => {
          try {
            const r = await api('POST', `${at(t.next)}/join`, { name });
            seats.set(t.next, { seat: r.seat, token: r.token, host: false, name });
            redirect(path);
          } catch (e) {
            toast(e.message, true);
          }
        },
      }, 'Join the next game'));
    } else {
      wrap.append(el('a', { href: path, 'data-nav': true, class: 'button', id: 'next-game' }, 'The next game'));
    }
    wrap.append(el('span', { class: 'muted' }, `${t.host} opened the next table with the same seats.`));
  } else if (host && mine) {
    wrap.append(el('button', {
      type: 'button', class: 'primary', id: 'again',
      onclick: async () => {
        try {
          const r = await api('POST', `${at(t.table)}/again`, { token: mine.token });
          seats.set(r.table, { seat: r.seat ?? null, token: r.token, host: true, name });
          // a table-mode host deals from the shared screen
          redirect(t.table_mode ? r.deal : r.invite);
        } catch (e) {
          toast(e.message, true);
        }
      },
    }, '↻ Play again'),
    el('span', { class: 'muted' }, sameSeats(t, mine)));
  } else {
    wrap.append(el('span', { class: 'muted', id: 'again-wait' }, `When ${t.host} plays again, a button here takes you to the next game.`));
  }
  return wrap;
}
