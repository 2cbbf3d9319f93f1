// The dealer screen for table mode: the round's combinations shown big on a shared screen,
// the effects coming next, the plans and who is done. Everyone plays on their own phone.

import { seats, TableSocket, api } from './api.js';
import { el, iconSvg, effectLabel, seatName } from './format.js';
import { tableKind } from './data.js';
import { setTitle, toast } from './app.js';
import { joinQr, joinHint } from './join.js';
import { helpTip, effectHelp, planHelp } from './help.js';
import { planName } from './aaa.js';
import { planShort } from './plans.js';

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
    const invite = `${location.origin}/t/${encodeURIComponent(t.table)}`;
    const parts = [];
    parts.push(el('div', { class: 'panel' },
      el('h1', {}, t.host ? `${t.host}’s table` : `Table ${t.table}`),
      el('p', { id: 'deal-kind' }, tableKind(t)),
      el('p', { class: 'round' }, t.status === 'lobby' ? 'Waiting for players' : t.status === 'over' ? 'Game over' : `Round ${v ? v.round : ''}`),
      el('div', { class: 'row join' },
        t.status !== 'over' ? qr : null,
        el('div', {},
          el('p', {}, 'Join on your phone: ', el('strong', { id: 'deal-invite' }, invite)),
          joinHint())),
      mine && mine.host ? el('p', {}, el('a', { href: `/t/${encodeURIComponent(t.table)}`, 'data-nav': true }, 'Host controls (seats, bots)')) : null));
    if (t.status === 'lobby') {
      const free = t.seats.filter((s) => !s.name && !s.bot).length;
      parts.push(el('div', { class: 'panel' },
        el('ul', { class: 'status-list' }, t.seats.map((s) => el('li', {}, `Seat ${s.seat}`, el('span', {}, s.bot || s.name ? seatName(s) : 'free')))),
        free ? el('p', { class: 'muted' }, `${free} seat(s) free.`) : null,
        mine && mine.host ? el('button', {
          type: 'button', class: 'primary', id: 'start', disabled: free ? true : null,
          onclick: () => api('POST', `/api/tables/${encodeURIComponent(table)}/start`, { token: mine.token }).catch((e) => toast(e.message, true)),
        }, 'Start the game') : null));
    }
    if (v && v.offer && v.offer.combinations && t.status === 'playing') {
      if (v.round !== lastRound) lastRound = v.round;
      parts.push(el('div', { class: 'offer', role: 'list', 'aria-label': 'Combinations of this round' },
        v.offer.combinations.map((c, i) => {
          const next = v.next_effects && v.next_effects[i];
          return el('div', { class: 'card', role: 'listitem', 'aria-label': `Stack ${i + 1}: ${c.number}, ${effectLabel(c.effect)}` },
            el('span', { class: 'tag' }, `stack ${i + 1}`),
            el('span', { class: 'num' }, c.number),
            el('span', { class: 'eff', html: `${iconSvg(c.effect, 44)}<span>${effectLabel(c.effect)}</span>` }, helpTip(effectLabel(c.effect), effectHelp(c.effect))),
            next ? el('span', { class: 'next', html: `next round: ${iconSvg(next, 22)} ${effectLabel(next)}` }) : null);
        })));
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
            el('span', {}, sheet ? `${sheet.score.total} pts ` : '', t.status === 'over' ? '' : el('span', { class: `pill ${done ? 'done' : 'thinking'}` }, done ? 'done' : 'thinking')));
        }))));
      if (t.status === 'over') parts.push(el('p', {}, el('a', { href: `/t/${encodeURIComponent(table)}/watch`, 'data-nav': true }, 'See the final scores')));
    }
    root.replaceChildren(...parts);
  }

  return { stop: () => { socket.close(); conn.hidden = true; } };
}
