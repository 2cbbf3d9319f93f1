// The dealer screen for table mode: the round's combinations shown big on a shared screen,
// the effects coming next, the plans and who is done. Everyone plays on their own phone.
// At a deal-only table nobody plays here: the players write on paper sheets, and the host
// marks the plans achieved, deals the next round and ends the game (`dealOnly`).

import { seats, TableSocket, api } from './api.js';
import { el, iconSvg, effectLabel, seatName, parseCard, plural } from './format.js';
import { tableKind, sheetOf, tableSheet } from './data.js';
import { modulesOf } from './sheet/modules.js';
import { setTitle, toast } from './app.js';
import { joinQr, joinHint } from './join.js';
import { helpTip, effectHelp, planHelp } from './help.js';
import { planName } from './aaa.js';
import { planShort } from './plans.js';
import { againPanel } from './ending.js';

export async function dealPage(main, table) {
  setTitle(`Dealer · ${table}`);
  const mine = seats.get(table);
  try {
    await api('GET', `/api/tables/${encodeURIComponent(table)}`);
  } catch (e) {
    if (e.status === 404) {
      main.append(el('div', { class: 'panel' }, el('h1', {}, 'No such table'), el('a', { href: '/', 'data-nav': true }, 'Back to the lobby')));
      return { stop: () => {} };
    }
  }
  const conn = document.getElementById('conn');
  const root = el('div', { class: 'deal', id: 'deal' });
  main.append(root);
  let lastRound = null;
  // The join address as a QR code, drawn by the server; made once so that updates do not reload it.
  const qr = joinQr(table, 'deal-qr');

  const socket = new TableSocket(table, mine ? mine.token : null, {
    onState: (msg) => render(msg),
    onError: (m) => toast(m.message || m.code, true),
    onStatus: (st) => {
      conn.hidden = false;
      conn.textContent = st === 'open' ? 'connected' : 'reconnecting…';
      conn.className = `conn${st === 'open' ? '' : ' down'}`;
    },
  });

  function render(msg) {
    const t = msg.table;
    const v = msg.view;
    if (t.deal_only) {
      keepFocus(() => root.replaceChildren(...dealOnly(t, v)));
      return;
    }
    const invite = `${location.origin}/t/${encodeURIComponent(t.table)}`;
    const parts = [];
    parts.push(el('div', { class: 'panel', id: 'deal-head' },
      el('h1', {}, t.host ? `${t.host}’s table` : `Table ${t.table}`),
      el('p', { id: 'deal-kind' }, tableKind(t)),
      el('p', { class: 'round' }, t.status === 'lobby' ? 'Waiting for players' : t.status === 'over' ? 'Game over'
        : t.status === 'abandoned' ? 'Ended before its end' : `Round ${v ? v.round : ''}`),
      joinFold(t, invite),
      mine && mine.host ? el('p', {}, el('a', { href: `/t/${encodeURIComponent(t.table)}`, 'data-nav': true }, 'Host controls (seats, bots)')) : null));
    if (t.status === 'lobby') {
      const free = t.seats.filter((s) => !s.name && !s.bot).length;
      parts.push(el('div', { class: 'panel' },
        el('ul', { class: 'status-list' }, t.seats.map((s) => el('li', {}, `Seat ${s.seat}`, el('span', {}, s.bot || s.name ? seatName(s) : 'free')))),
        free ? el('p', { class: 'muted' }, `${plural(free, 'seat')} free.`) : null,
        mine && mine.host ? el('button', {
          type: 'button', class: 'primary', id: 'start', disabled: free ? true : null,
          onclick: () => api('POST', `/api/tables/${encodeURIComponent(table)}/start`, { token: mine.token }).catch((e) => toast(e.message, true)),
        }, 'Start the game') : null));
    }
    if (v && v.offer && v.offer.combinations && t.status === 'playing') {
      if (v.round !== lastRound) lastRound = v.round;
      parts.push(offerCards(v, tableSheet(t)));
    } else if (v && t.status === 'playing' && v.offer && v.offer.hand) {
      parts.push(el('p', { class: 'panel' }, 'Each player holds their own hand in this mode: look at your phone.'));
    }
    if (v && t.status !== 'lobby') {
      parts.push(el('div', { class: 'panel' },
        el('h2', {}, 'City plans'),
        el('div', { class: 'plans' }, v.plans.map((p) => el('div', { class: `plan${p.approved ? ' approved' : ''}` },
          el('strong', {}, `${planName(t.edition, p.plan - 1)} `), p.text, helpTip(`plan ${planShort(t.edition, p.plan - 1)}`, planHelp(p)),
          el('div', { class: 'pts' }, el('span', { class: p.approved ? 'gone' : '' }, `1st ${p.first}`), el('span', {}, `then ${p.second}`)))))));
      parts.push(el('div', { class: 'panel' },
        el('h2', {}, 'Players'),
        el('ul', { class: 'status-list' }, t.seats.map((s, i) => {
          const done = v.submitted ? v.submitted[i] : s.submitted;
          const sheet = v.sheets.find((x) => x.seat === s.seat);
          return el('li', {}, el('span', {}, seatName(s)),
            el('span', {}, sheet ? `${sheet.score ? sheet.score.total : sheet.total} pts ` : '', t.status === 'over' ? '' : el('span', { class: `pill ${done ? 'done' : 'thinking'}` }, done ? 'done' : 'thinking')));
        }))));
      if (t.status === 'over') parts.push(el('p', {}, el('a', { href: `/t/${encodeURIComponent(table)}/watch`, 'data-nav': true }, 'See the final scores')));
      if (t.status === 'over' || t.status === 'abandoned') parts.push(againPanel(t, mine, !!(mine && mine.host)));
    }
    root.replaceChildren(...parts);
  }

  // The join address and its QR code: open while a seat is free; once every seat is taken they
  // fold away, so that the round and who is done fit on the screen (the host may open them
  // again, for a player who rejoins on another phone).
  let joinOpen = null; // the host's own choice, once they toggled the fold
  let wasFull = null;
  function joinFold(t, invite) {
    const full = t.seats.every((s) => s.name || s.bot);
    if (full !== wasFull) joinOpen = null;
    wasFull = full;
    const open = joinOpen ?? !full;
    return el('details', {
      id: 'deal-join', open: open ? true : null,
      ontoggle: (e) => { joinOpen = e.target.open; },
    },
    el('summary', {}, full ? 'Join address and QR code (every seat is taken)' : 'Join on your phone'),
    el('div', { class: 'row join' },
      t.status === 'lobby' || t.status === 'playing' ? qr : null,
      el('div', {},
        el('p', {}, 'Join on your phone: ', el('strong', { id: 'deal-invite' }, invite)),
        joinHint())));
  }

  // ---- a deal-only table ----

  // The host's marks for the round in progress (plans achieved, the reshuffle), kept in this
  // browser until the next round is dealt, so that a reload keeps them.
  const marksKey = `welcome.deal.${table}`;
  function loadMarks(round) {
    try {
      const m = JSON.parse(localStorage.getItem(marksKey) || 'null');
      if (m && m.round === round) return { round, approved: new Set(m.approved), reshuffle: !!m.reshuffle };
    } catch { /* a damaged entry starts afresh */ }
    return { round, approved: new Set(), reshuffle: false };
  }
  function saveMarks(m) {
    localStorage.setItem(marksKey, JSON.stringify({ round: m.round, approved: [...m.approved], reshuffle: m.reshuffle }));
  }
  let marks = null;
  let confirmEnd = false;
  let busy = false;
  let last = null;

  function dealOnly(t, v) {
    last = { t, v };
    const host = !!(mine && mine.host);
    const playing = t.status === 'playing' && v;
    if (v && (!marks || marks.round !== v.round)) {
      marks = loadMarks(v.round);
      confirmEnd = false;
    }
    const parts = [];
    parts.push(el('div', { class: 'panel' },
      el('h1', {}, t.host ? `${t.host}’s table` : `Table ${t.table}`),
      el('p', { id: 'deal-kind' }, tableKind(t)),
      el('p', { class: 'round', id: 'deal-round' }, playing ? `Round ${v.round}` : 'Game over'),
      el('p', { class: 'muted' }, 'Deal only: everyone writes on their own paper sheet; this screen deals the cards.'),
      v ? el('p', { class: 'muted', id: 'deal-pile' }, `${plural(v.pile, 'card')} in the pile, ${v.discard} in the discard${t.mode === 'standard' ? ' (it becomes the new pile when the pile runs out)' : ''}.`) : null,
      v && v.solo_card_drawn ? el('p', { id: 'deal-solo-card' }, el('strong', {}, 'The Solo card came up: every City Plan now scores its lower value.')) : null));
    if (playing && v.offer && v.offer.combinations) parts.push(offerCards(v, tableSheet(t)));
    if (playing && v.offer && v.offer.hand) {
      parts.push(el('p', { class: 'muted' }, 'Write the number of one card with the effect of another.'));
      parts.push(el('div', { class: 'offer', role: 'list', 'aria-label': 'Cards of this turn' },
        v.offer.hand.map((text, i) => {
          const c = parseCard(text);
          return el('div', { class: 'card', role: 'listitem', 'aria-label': `Card ${i + 1}: ${c.number}, ${effectLabel(c.effect)}` },
            el('span', { class: 'tag' }, `card ${i + 1}`),
            el('span', { class: 'num' }, c.number),
            el('span', { class: 'eff', html: `${iconSvg(c.effect, 44)}<span>${effectLabel(c.effect)}</span>` }, helpTip(effectLabel(c.effect), effectHelp(c.effect))));
        })));
    }
    if (v) parts.push(plansPanel(t, v, host && playing));
    if (playing && host) parts.push(hostPanel(t, v));
    else if (playing) parts.push(el('p', { class: 'muted' }, 'The host deals the next round from their screen.'));
    if (playing) parts.push(endConditions(t));
    if (!playing && v) parts.push(overPanel(t, v));
    return parts;
  }

  function rerender() {
    if (last) keepFocus(() => root.replaceChildren(...dealOnly(last.t, last.v)));
  }

  // The screen is drawn anew at every change: the button a keyboard user was on keeps focus.
  function keepFocus(draw) {
    const a = document.activeElement;
    const plan = a && a.dataset ? a.dataset.achieve : null;
    const id = a && root.contains(a) ? a.id : null;
    draw();
    const again = plan ? root.querySelector(`[data-achieve="${plan}"]`) : id ? document.getElementById(id) : null;
    if (again) again.focus();
  }

  function plansPanel(t, v, marking) {
    return el('div', { class: 'panel', id: 'deal-plans' },
      el('h2', {}, 'City plans'),
      marking ? el('p', { class: 'muted' }, 'When a player achieves a plan first, mark it: its card turns to the lower value at the next round.') : null,
      el('div', { class: 'plans' }, v.plans.map((p, i) => {
        const marked = marks && marks.approved.has(p.plan);
        return el('div', { class: `plan${p.approved ? ' approved' : ''}`, 'data-plan': p.plan },
          el('strong', {}, `${planName(t.edition, i)} `), p.text, helpTip(`plan ${planShort(t.edition, i)}`, planHelp(p)),
          el('div', { class: 'pts' }, el('span', { class: p.approved ? 'gone' : '' }, `1st ${p.first}`), el('span', {}, `then ${p.second}`)),
          p.approved ? el('div', { class: 'st' }, 'approved: scores the lower value')
            : marking ? el('button', {
              type: 'button', 'data-achieve': p.plan, 'aria-pressed': marked ? 'true' : 'false',
              onclick: () => {
                if (marked) marks.approved.delete(p.plan);
                else marks.approved.add(p.plan);
                if (!marks.approved.size) marks.reshuffle = false;
                saveMarks(marks);
                rerender();
              },
            }, marked ? '✓ Achieved this round' : 'Achieved this round') : null);
      })));
  }

  function hostPanel(t, v) {
    const reshuffle = v.reshuffle_offered && marks.approved.size
      ? el('label', { class: 'row check', for: 'deal-reshuffle' },
        el('input', {
          type: 'checkbox', id: 'deal-reshuffle', checked: marks.reshuffle,
          onchange: (e) => { marks.reshuffle = e.target.checked; saveMarks(marks); },
        }),
        el('span', {}, 'A player who achieved it asks for the first-plan reshuffle (every card shuffled into a new deck)'))
      : null;
    const next = el('button', {
      type: 'button', class: 'primary', id: 'next-round', disabled: busy,
      onclick: () => send(`/api/tables/${encodeURIComponent(table)}/deal`, {
        token: mine.token, round: v.round, approved: [...marks.approved].sort(), reshuffle: !!(reshuffle && marks.reshuffle),
      }),
    }, 'Next round');
    const end = confirmEnd
      ? el('span', { class: 'row' }, el('strong', {}, 'End the game now?'),
        el('button', { type: 'button', id: 'end-game-yes', disabled: busy, onclick: () => send(`/api/tables/${encodeURIComponent(table)}/end`, { token: mine.token }) }, 'Yes, end the game'),
        el('button', { type: 'button', id: 'end-game-no', onclick: () => { confirmEnd = false; rerender(); } }, 'Cancel'))
      : el('button', { type: 'button', id: 'end-game', onclick: () => { confirmEnd = true; rerender(); } }, 'End game');
    return el('div', { class: 'panel', id: 'deal-host' }, reshuffle, el('div', { class: 'row' }, next, end));
  }

  async function send(path, body) {
    if (busy) return;
    busy = true;
    rerender();
    try {
      await api('POST', path, body);
      localStorage.removeItem(marksKey);
    } catch (e) {
      toast(e.message, true);
    } finally {
      busy = false;
      rerender();
    }
  }

  function endConditions(t) {
    const layout = sheetOf(t.edition, t.sheet);
    const refusals = layout.refusals.length - 1;
    return el('div', { class: 'panel', id: 'end-conditions' },
      el('h2', {}, 'When the game ends'),
      el('p', {}, 'The players check their sheets. The game ends at the end of the round in which a player:'),
      el('ul', {},
        el('li', {}, 'has achieved all three City Plans,'),
        el('li', {}, `has crossed off their ${refusals === 3 ? 'third' : `${refusals}th`} permit refusal,`),
        el('li', {}, 'or has numbered every house of their sheet.')),
      t.mode === 'solo' ? el('p', {}, 'The game also ends when the last cards have been dealt: this screen ends it then.') : null,
      el('p', {}, mine && mine.host ? 'Then press End game.' : 'Then the host ends the game.'));
  }

  function overPanel(t, v) {
    const end = (v.result && v.result.end) || [];
    const why = end.some((e) => e.trigger === 'deck-exhausted') ? 'The last cards were dealt.'
      : end.some((e) => e.trigger === 'declared') ? 'The host ended the game.' : '';
    return el('div', { class: 'panel', id: 'deal-over' },
      el('h2', {}, 'Game over'),
      el('p', { id: 'deal-over-why' }, `${why} Count your points on your sheets.`),
      el('p', {}, el('a', { href: `/api/tables/${encodeURIComponent(t.table)}/record`, download: '' }, 'Download the record of the deal'),
        ' · ', el('a', { href: '/', 'data-nav': true }, 'Back to the lobby')));
  }

  return { stop: () => { socket.close(); conn.hidden = true; } };
}

/**
 * The round's combinations, big, with the effects coming next; above them what the sheet's
 * modules deal first (their `dealNote`: cards of their own that every player resolves on their
 * sheet before playing), and their words when a round deals nothing (`nothingDealt`).
 */
function offerCards(v, layout) {
  const mods = modulesOf(layout);
  const notes = mods.map((m) => m.dealNote?.(v)).filter(Boolean);
  const first = notes.length ? notes : null;
  if (!v.offer.combinations.length) {
    const why = mods.map((m) => m.nothingDealt).find(Boolean) || 'No card is dealt: the game ends.';
    return el('div', {}, first, el('p', { class: 'panel', id: 'deal-nothing' }, why));
  }
  const cards = el('div', { class: 'offer', role: 'list', 'aria-label': 'Combinations of this round' },
    v.offer.combinations.map((c, i) => {
      const next = v.next_effects && v.next_effects[i];
      return el('div', { class: 'card', role: 'listitem', 'aria-label': `Stack ${i + 1}: ${c.number}, ${effectLabel(c.effect)}` },
        el('span', { class: 'tag' }, `stack ${i + 1}`),
        el('span', { class: 'num' }, c.number),
        el('span', { class: 'eff', html: `${iconSvg(c.effect, 44)}<span>${effectLabel(c.effect)}</span>` }, helpTip(effectLabel(c.effect), effectHelp(c.effect))),
        next ? el('span', { class: 'next', html: `next round: ${iconSvg(next, 22)} ${effectLabel(next)}` }) : null);
    }));
  return first ? el('div', {}, first, cards) : cards;
}
