// The table page: waiting room, the game (your turn, the plans, everyone's sheets, the
// overview and the log), and the final scores. Spectators see the same page read-only.

import { api, seats, prefs, TableSocket } from './api.js';
import { renderSheet, scoreText, COMPACT } from './sheet.js';
import { TurnController } from './turn.js';
import { el, iconSvg, effectLabel, turnText, sheetCounts, seatName, offerText, logTurnText, BOT_KINDS, plural, pointsText } from './format.js';
import { edition, sheetOf, tableSheet, layoutPlaceholders, tableKind } from './data.js';
import { modulesOf } from './sheet/modules.js';
import { layoutForm, layoutMark } from './layout.js';
import { toast, clearToast, setTitle, redirect } from './app.js';
import { joinQr, joinHint, inviteHint } from './join.js';
import { helpTip, planHelp, rowHelp } from './help.js';
import { valuesForm, aaaPanel, aaaResult, aaaBreakdown, planName, planMark, planCardName, valueMark } from './aaa.js';
import { planShort } from './plans.js';
import { closeButton, closedPanel, endedPanel, againPanel } from './ending.js';

/** Points as added to the total: penalties with their minus sign. */
const signed = (v) => (v < 0 ? `−${-v}` : `${v}`);

export async function tablePage(main, table, { watch }) {
  setTitle(`Table ${table}`);
  let mine = watch ? null : seats.get(table);
  let state = null;
  let socket = null;
  let controller = null;
  let viewSeat = null; // the seat whose sheet is shown; null = own
  // Large tables push other seats' sheets as summaries: the whole sheet shown is asked for,
  // again whenever its summary changes (a round resolved).
  let fetched = null; // { summary, entry }: the whole sheet of the summary `summary`
  let fetching = null; // { summary } while it is asked for
  let lastRound = null;
  let soloSeen = null;
  let moveLink = null; // { url, until } once the holder asked to move the seat
  let wasMyTurn = false;
  let headOpen = false; // the phone's fold of the table's head
  let valuesEl = null; // the host's values form, kept while what it shows is unchanged
  let valuesKey = '';
  let layoutEl = null; // the host's layout form, kept while the layout it shows is unchanged
  let layoutKey = '';
  let asking = null; // the host's pick for a seat a person holds, waiting for a yes (askSeat)
  const qr = joinQr(table, 'join-qr');
  const clock = el('span', { id: 'turn-clock', class: 'pill', hidden: true, 'aria-live': 'off' });
  // The round's countdown, from the server's deadline; stops once the page is left.
  const ticker = setInterval(() => {
    if (!document.body.contains(head)) clearInterval(ticker);
    else tickClock();
  }, 500);

  const conn = document.getElementById('conn');
  const head = el('div', { class: 'panel', id: 'table-head' });
  const body = el('div', { id: 'table-body' });
  main.append(head, body);

  // Persistent parts of the game screen (kept across updates so focus and scroll survive).
  const sheetEl = el('div', { class: 'sheet-wrap', id: 'my-sheet' });
  const otherEl = el('div', { class: 'sheet-wrap', id: 'other-sheet', hidden: true });
  // On a phone the turn's controls are a bar fixed at the bottom of the screen, under the thumb;
  // the page keeps room for it below its content.
  const controlsEl = el('section', { class: 'panel steps turn-bar', id: 'controls', 'aria-label': 'Your turn' });
  const barRoom = new ResizeObserver(() => {
    const fixed = getComputedStyle(controlsEl).position === 'fixed';
    document.documentElement.style.setProperty('--bar-h', fixed && !controlsEl.hidden ? `${controlsEl.offsetHeight}px` : '0px');
  });
  barRoom.observe(controlsEl);
  const sheetTabs = el('div', { class: 'row', role: 'tablist', 'aria-label': 'Whose sheet', id: 'sheet-tabs' });
  const sideEl = el('div', { id: 'side' });
  const lowerEl = el('div', { id: 'lower' });
  const resultEl = el('div', { id: 'result-area' });
  let finalEl = null; // the final scores (or the ended game's panel), drawn once
  const gameEl = el('div', {},
    resultEl,
    el('div', { class: 'play-layout' },
      el('div', {}, sheetTabs, sheetEl, otherEl),
      el('div', {}, controlsEl, sideEl)),
    lowerEl);

  function setConn(status) {
    conn.hidden = false;
    conn.textContent = status === 'open' ? 'connected' : status === 'down' ? 'reconnecting…' : 'connecting…';
    conn.className = `conn${status === 'open' ? '' : ' down'}`;
  }

  function connect() {
    if (socket) socket.close();
    socket = new TableSocket(table, mine ? mine.token : null, {
      onState: onState,
      onStatus: setConn,
      onError: (m) => {
        if (m.code === 'bad_token') {
          // the stored seat is not valid at this table: watch instead
          seats.clear(table);
          mine = null;
          toast('Your seat at this table is no longer yours; you are watching.', true, 'seat');
          connect();
          return;
        }
        toast(m.message || m.code, true);
      },
    });
  }

  function onState(msg) {
    if (msg.table.deal_only) {
      // nobody plays here: the players write on paper sheets, the dealer screen deals
      redirect(`/t/${encodeURIComponent(table)}/deal`);
      return;
    }
    state = msg;
    if (mine && msg.you == null) {
      // the stored token is not valid for this table any more
      seats.clear(table);
      mine = null;
      toast('Your seat at this table is no longer held by this device (moved or replaced); you are watching.', true, 'seat');
    }
    // holding a seat again (moved back here): the word that this device only watches is stale
    if (msg.you && msg.you.seat != null) clearToast('seat');
    if (mine && msg.you && msg.you.seat != null && mine.seat !== msg.you.seat) {
      mine.seat = msg.you.seat;
      seats.set(table, mine);
    }
    render();
  }

  function mySeat() {
    return state && state.you && state.you.seat != null ? state.you.seat : null;
  }

  function isHost() {
    return !!(state && state.you && state.you.host) || !!(mine && mine.host);
  }

  // Whether the game is over, or was ended because nobody played it any more.
  function ended(t) {
    return t.status === 'over' || t.status === 'abandoned';
  }

  // Whether the socket's own seat has a turn to play now.
  function myTurnNow(t, v) {
    const me = mySeat();
    return !!(v && me != null && t.status === 'playing' && v.submitted && v.submitted[me - 1] === false);
  }

  function render() {
    if (!state) return;
    const t = state.table;
    const v = state.view;
    const turnNow = myTurnNow(t, v);
    // a badge in the tab's title, so a player in another tab sees it is their turn
    setTitle(`${turnNow ? '● Your turn — ' : ''}${t.host ? `${t.host}’s table` : `Table ${t.table}`}`);
    if (turnNow && !wasMyTurn) turnSound();
    wasMyTurn = turnNow;
    renderHead(t, v);
    if (t.status === 'abandoned' && !v) {
      // closed by its host before the start
      controller = null;
      body.replaceChildren(closedPanel(t));
      return;
    }
    if (t.status === 'lobby' || !v) {
      controller = null;
      body.replaceChildren(waitingRoom(t));
      return;
    }
    if (!body.contains(gameEl)) body.replaceChildren(gameEl);
    if (v.solo_card_drawn && soloSeen === false) toast('The Solo card came up: every plan is now approved (second values only).', false, 'solo');
    soloSeen = !!v.solo_card_drawn;
    // a round's word is stale once the game is over
    if (t.status !== 'playing') clearToast('round');
    if (v.round !== lastRound) {
      if (lastRound != null && t.status === 'playing' && t.seats.length > 1) toast(`Round ${v.round}`, false, 'round');
      lastRound = v.round;
    }
    renderGame(t, v);
    tickClock();
  }

  function renderHead(t, v) {
    const me = mySeat();
    const bits = [
      t.status === 'playing' && v ? `round ${v.round}` : t.status === 'over' ? 'game over'
        : t.status === 'abandoned' ? (v ? `ended in round ${v.round}, before its end` : 'closed') : 'waiting for players',
    ];
    // what the sheet's modules say of their piles, a pile of their own counted in place of the
    // draw pile (`count: false`)
    const piles = v && t.status === 'playing' ? modulesOf(tableSheet(t)).map((m) => m.pileBits?.(t, v, tableSheet(t))).filter(Boolean) : [];
    if (v && v.pile != null && t.status === 'playing' && piles.every((p) => p.count)) bits.push(`${plural(v.pile, 'card')} in the pile`);
    for (const p of piles) bits.push(...p.bits);
    if (t.mode === 'solo' && v && v.solo_card_drawn) bits.push('Solo card drawn: every plan is approved');
    const invite = `${location.origin}/t/${encodeURIComponent(t.table)}`;
    if (moveLink && Date.now() > moveLink.until) moveLink = null;
    const sound = !watch && me != null ? soundToggle() : null;
    const more = [
      !ended(t) && !watch && t.mode !== 'solo' ? el('div', { class: 'row' },
        el('label', { for: 'invite' }, 'Invite link'),
        el('input', { id: 'invite', readonly: true, value: invite, size: Math.min(invite.length, 48), onfocus: (e) => e.target.select() }),
        el('button', { type: 'button', id: 'copy-invite', onclick: () => copy(invite) }, 'Copy'),
        el('a', { href: `/t/${encodeURIComponent(t.table)}/watch`, 'data-nav': true }, 'spectator view'),
        t.table_mode ? el('a', { href: `/t/${encodeURIComponent(t.table)}/deal`, 'data-nav': true }, 'dealer screen') : null,
      ) : null,
      !ended(t) && !watch && t.table_mode ? el('div', { class: 'row join' }, qr, joinHint()) : null,
      // (in the waiting room, where players are invited; the game's head stays short)
      t.status === 'lobby' && !watch && t.mode !== 'solo' && !t.table_mode ? inviteHint() : null,
      !ended(t) && !watch && me != null ? moveRow() : null,
    ].filter(Boolean);
    const name = el('h1', {}, t.host ? `${t.host}’s table` : `Table ${t.table}`);
    const about = el('span', { class: 'muted' }, el('span', { id: 'table-kind' }, tableKind(t), sheetMark(t)), ` · ${bits.join(' · ')}`);
    const who = watch || me == null ? el('span', { class: 'pill' }, isHost() && !watch ? 'host' : 'spectator') : el('span', { class: 'pill' }, `you are seat ${me}`);
    if (!COMPACT.matches) {
      head.replaceChildren(el('div', { class: 'row' }, name, about, who, clock, sound), ...more);
      return;
    }
    // On a phone the table's head is one line that unfolds to the sound, the invite link and
    // the seat move, so that the sheet and the turn fit on the screen; the fold remembers
    // whether it was opened.
    head.replaceChildren(el('details', {
      id: 'table-more', open: headOpen ? true : null,
      ontoggle: (e) => { headOpen = e.target.open; },
    },
    el('summary', {}, name, about, ' ', who, ' ', clock),
    ...(sound ? [el('div', { class: 'row' }, sound)] : []),
    ...more));
  }

  // A mark after the table's kind when the sheet's own values include stand-ins (the sheet's
  // provenance says so), naming them, or when the host entered the layout of their printed
  // sheet. The stand-in values the sheet plays, and the edition's own (its deck) — plans (a
  // sheet's own plan C too) and the AAA carry their own marks.
  function sheetMark(t) {
    const sheet = t.layout ? [] : (sheetOf(t.edition, t.sheet).provenance || []).filter((p) => !/^plan C values/.test(p.what));
    const deck = (edition(t.edition).provenance || []).filter((p) => !/plan|AAA/i.test(p.what));
    const src = [...sheet, ...deck].filter((p) => p.status === 'placeholder')
      .map((p) => `${p.what} (${p.source})`).join('; ');
    return [...(t.layout ? [' ', layoutMark()] : []), ...(src ? [' ', valueMark('placeholder', src)] : [])];
  }

  function tickClock() {
    const t = state && state.table;
    if (!t || t.deadline == null || t.status !== 'playing') {
      clock.hidden = true;
      return;
    }
    const left = Math.max(0, Math.ceil((t.deadline - Date.now()) / 1000));
    const then = t.turn_timer && t.turn_timer.on_expiry === 'refuse' ? 'a refusal or a bot' : 'a bot';
    clock.hidden = false;
    clock.textContent = `⏱ ${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
    clock.title = `Time left this round; then ${then} plays the turn of each seat that has not confirmed`;
    clock.classList.toggle('late', left <= 10);
  }

  // An optional sound when it becomes your turn, off unless the player turned it on.
  function soundToggle() {
    const box = el('input', { type: 'checkbox', id: 'turn-sound' });
    box.checked = prefs.get('turnSound', false);
    box.addEventListener('change', () => prefs.set('turnSound', box.checked));
    return el('label', { class: 'row check', for: 'turn-sound' }, box, 'Sound on my turn');
  }

  function turnSound() {
    if (!prefs.get('turnSound', false)) return;
    try {
      const ctx = new AudioContext();
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.4);
      osc.onended = () => ctx.close();
    } catch {
      // no audio here: the title badge still tells
    }
  }

  // Moving the seat to another device: the server hands the seat's holder a one-time link;
  // opening it elsewhere takes the seat under a new token and this device then watches.
  function moveRow() {
    if (!moveLink) {
      return el('div', { class: 'row' }, el('button', { type: 'button', id: 'move-seat', onclick: askMove }, 'Move my seat to another device'));
    }
    return el('div', { class: 'row' },
      el('label', { for: 'move-link' }, 'Open on the other device'),
      el('input', { id: 'move-link', readonly: true, value: moveLink.url, size: 48, onfocus: (e) => e.target.select() }),
      el('span', { class: 'muted' }, 'Good once, for a few minutes; this device then watches.'));
  }

  async function askMove() {
    try {
      const r = await api('POST', `/api/tables/${encodeURIComponent(table)}/transfer`, { token: mine.token });
      moveLink = { url: `${location.origin}${r.move}`, until: Date.now() + r.expires_in * 1000 };
      render();
      document.getElementById('move-link')?.focus();
    } catch (e) {
      toast(e.message, true);
    }
  }

  /** Claims a seat moved here with a `#move=` link; the code leaves the address at once. */
  async function claimMove() {
    const m = location.hash.match(/^#move=([0-9a-f]{1,128})$/);
    if (!m) return;
    history.replaceState(null, '', location.pathname);
    try {
      const r = await api('POST', `/api/tables/${encodeURIComponent(table)}/claim`, { code: m[1] });
      mine = { seat: r.seat, token: r.token, host: r.host };
      seats.set(table, mine);
      clearToast('seat');
      toast(`This device now holds seat ${r.seat}.`, false, 'seat-held');
    } catch (e) {
      toast(e.message, true);
    }
  }

  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      toast('Invite link copied.');
    } catch {
      const input = document.getElementById('invite');
      input.focus();
      input.select();
      toast('Press Ctrl+C to copy the selected link.');
    }
  }

  // ----- waiting room -----

  function waitingRoom(t) {
    const wrap = el('div', { class: 'play-layout' });
    const left = el('section', { class: 'panel', 'aria-labelledby': 'seats-h' }, el('h2', { id: 'seats-h' }, 'Seats'));
    left.append(seatTable(t));
    const right = el('div');
    const me = mySeat();
    if (!watch && me == null && !isHost() && t.status === 'lobby') {
      const free = t.seats.filter((s) => !s.name && !s.bot).length;
      if (free > 0) right.append(joinForm());
      else right.append(el('div', { class: 'panel' }, el('p', {}, 'Every seat is taken.'), el('a', { href: `/t/${encodeURIComponent(t.table)}/watch`, 'data-nav': true }, 'Watch this table')));
    }
    if (isHost() && !watch && t.status === 'lobby' && mine && needsValues(t)) {
      const key = JSON.stringify([t.plans, t.values, t.aaa_level]);
      if (!valuesEl || key !== valuesKey) {
        valuesKey = key;
        valuesEl = valuesForm(t, async (values) => {
          await api('POST', `/api/tables/${encodeURIComponent(table)}/values`, { token: mine.token, values });
          toast('Values saved: the game plays with them.');
        });
      }
      right.append(valuesEl);
    }
    if (isHost() && !watch && t.status === 'lobby' && mine && layoutPlaceholders(sheetOf(t.edition, t.sheet)).length) {
      const key = JSON.stringify(t.layout || null);
      if (!layoutEl || key !== layoutKey) {
        layoutKey = key;
        layoutEl = layoutForm(t, async (text) => {
          await api('POST', `/api/tables/${encodeURIComponent(table)}/layout`, { token: mine.token, layout: text });
          toast(text == null ? 'The game plays the shipped layout.' : 'Layout saved: the game plays with it.');
        });
      }
      right.append(layoutEl);
    }
    if (isHost() && t.status === 'lobby') {
      const ready = t.seats.every((s) => s.name || s.bot);
      const err = el('p', { class: 'error-text', role: 'alert' });
      right.append(el('div', { class: 'panel' },
        el('h2', {}, 'Host'),
        el('p', { class: 'muted' }, ready ? 'Every seat is taken: you can start.' : 'Every seat must be taken by a player or a bot before the start.'),
        el('button', {
          type: 'button', class: 'primary', id: 'start', disabled: ready ? null : true,
          onclick: async () => {
            try {
              await api('POST', `/api/tables/${encodeURIComponent(table)}/start`, { token: mine.token });
            } catch (e) {
              err.textContent = e.message;
            }
          },
        }, 'Start the game'),
        err,
        mine ? el('p', { class: 'row' }, closeButton(t, mine.token)) : null));
    } else if (me != null) {
      right.append(el('div', { class: 'panel' }, el('p', {}, `You have seat ${me}. The game starts when the host starts it.`)));
    }
    wrap.append(left, right);
    return wrap;
  }

  // Values can be entered where some shipped values are stand-ins (the edition's provenance
  // says so) or there is an AAA opponent card.
  function needsValues(t) {
    return t.aaa_level != null || (edition(t.edition).provenance || []).some((p) => p.status === 'placeholder');
  }

  function joinForm() {
    const name = el('input', { id: 'join-name', required: true, maxlength: 32, value: prefs.get('name', ''), autocomplete: 'nickname' });
    const err = el('p', { class: 'error-text', role: 'alert' });
    const form = el('form', { class: 'panel', 'aria-labelledby': 'join-h' },
      el('h2', { id: 'join-h' }, 'Join this table'),
      el('div', { class: 'row' }, el('label', { for: 'join-name' }, 'Display name'), name,
        el('button', { type: 'submit', class: 'primary', id: 'join' }, 'Join')),
      err);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const n = name.value.trim();
      if (!n) return;
      prefs.set('name', n);
      try {
        const r = await api('POST', `/api/tables/${encodeURIComponent(table)}/join`, { name: n });
        mine = { seat: r.seat, token: r.token, host: false, name: n };
        seats.set(table, mine);
        connect();
      } catch (e) {
        err.textContent = e.message;
      }
    });
    return form;
  }

  function seatTable(t) {
    const host = isHost() && !watch;
    const rows = t.seats.map((s) => {
      const who = s.bot || s.name ? seatName(s) : '— free —';
      const status = t.status === 'playing'
        ? el('span', { class: `pill ${s.submitted ? 'done' : s.bot ? 'bot' : 'thinking'}` }, s.submitted ? 'done' : 'thinking')
        : el('span', { class: 'muted' }, s.bot ? 'bot' : s.name ? (s.connected ? 'connected' : 'away') : 'free');
      const actions = el('td', { class: 'row' });
      // a person's seat: what the host picked waits for a yes that names them
      const held = !s.bot && !!s.name;
      const act = (path, extra, what) => (held ? () => askSeat(s, path, extra, what) : () => hostAction(path, extra));
      if (asking && asking.seat === s.seat && (asking.name !== s.name || s.bot || ended(t))) asking = null;
      if (host && !ended(t) && s.seat !== mySeat() && asking && asking.seat === s.seat) {
        actions.append(confirmSeat(s));
      } else if (host && !ended(t) && s.seat !== mySeat()) {
        if (!s.bot) {
          for (const [kind, label] of BOT_KINDS.filter(([k]) => !k.startsWith('search'))) {
            actions.append(el('button', {
              type: 'button', 'data-seat': s.seat, 'data-bot': kind,
              onclick: act(`/seats/${s.seat}/bot`, { kind }, `a ${label}`),
            }, label));
          }
          // the search bots from a menu, to keep the row short
          actions.append(el('select', {
            'data-bot-menu': s.seat, 'aria-label': `Seat ${s.seat}: a search bot`,
            onchange: (e) => {
              const kind = e.target.value;
              if (kind) act(`/seats/${s.seat}/bot`, { kind }, `a ${(BOT_KINDS.find(([k]) => k === kind) || [])[1] || kind}`)();
            },
          }, el('option', { value: '' }, 'search bot…'),
          BOT_KINDS.filter(([k]) => k.startsWith('search')).map(([kind, label]) => el('option', { value: kind }, label))));
        }
        // a bot seat during the game is already a bot: nothing to replace
        if ((s.name || s.bot) && !(s.bot && t.status !== 'lobby')) {
          const kick = t.status === 'lobby' ? null : 'a bot';
          actions.append(el('button', { type: 'button', class: 'danger', 'data-kick': s.seat, onclick: act(`/seats/${s.seat}/kick`, {}, kick) }, t.status === 'lobby' ? 'Kick' : 'Replace by a bot'));
        }
      }
      return el('tr', {}, el('td', {}, `${s.seat}`), el('td', {}, who, s.seat === mySeat() ? ' (you)' : ''), el('td', {}, status), actions);
    });
    return el('div', { class: 'table-scroll' }, el('table', { class: 'data', id: 'seat-table' },
      el('thead', {}, el('tr', {}, el('th', {}, 'Seat'), el('th', {}, 'Player'), el('th', {}, 'Status'), el('th', {}, host ? 'Host actions' : ''))),
      el('tbody', {}, rows)));
  }

  // The host's pick for a seat a person holds, until they say yes or no: { seat, name, path,
  // extra, what } (what: the bot that takes the seat, null for a kick from the waiting room).
  function askSeat(s, path, extra, what) {
    asking = { seat: s.seat, name: s.name, path, extra, what };
    render();
    document.querySelector(`[data-confirm-seat="${s.seat}"]`)?.focus();
  }

  function confirmSeat(s) {
    const a = asking;
    const away = s.connected ? '' : ' (away)';
    const question = a.what
      ? `Replace ${s.name}${away} by ${a.what}? ${s.name} then only watches.`
      : `Remove ${s.name}${away} from seat ${s.seat}?`;
    return el('div', { class: 'row seat-ask', role: 'group', 'aria-label': question, 'data-ask-seat': s.seat },
      el('span', { class: 'seat-question' }, question),
      el('button', {
        type: 'button', class: 'danger', 'data-confirm-seat': s.seat,
        onclick: () => { asking = null; render(); hostAction(a.path, a.extra); },
      }, a.what ? 'Replace' : 'Remove'),
      el('button', { type: 'button', 'data-cancel-seat': s.seat, onclick: () => { asking = null; render(); } }, 'Cancel'));
  }

  async function hostAction(path, extra) {
    try {
      await api('POST', `/api/tables/${encodeURIComponent(table)}${path}`, { token: mine.token, ...extra });
    } catch (e) {
      toast(e.message, true);
    }
  }

  // ----- the game -----

  function renderGame(t, v) {
    const layout = tableSheet(t);
    const me = mySeat();
    const mySheet = me != null ? v.sheets.find((s) => s.seat === me) : null;
    const over = ended(t) || !!v.result;

    // Sheet tabs.
    const shown = viewSeat ?? (mySheet ? me : v.sheets[0]?.seat);
    sheetTabs.replaceChildren(...v.sheets.map((s) => el('button', {
      type: 'button', role: 'tab', 'aria-selected': s.seat === shown ? 'true' : 'false', 'aria-pressed': s.seat === shown ? 'true' : 'false',
      'data-seat-tab': s.seat,
      onclick: () => { viewSeat = s.seat === me ? null : s.seat; renderGame(state.table, state.view); },
    }, s.seat === me ? 'Your sheet' : `${s.name}`)));
    if (v.sheets.length < 2) sheetTabs.hidden = true; else sheetTabs.hidden = false;

    const showOwn = mySheet && shown === me && !over;
    sheetEl.hidden = !showOwn;
    otherEl.hidden = showOwn;
    if (!showOwn) {
      const shownEntry = v.sheets.find((x) => x.seat === shown) || v.sheets[0];
      const s = shownEntry && (shownEntry.sheet ? shownEntry : wholeSheet(shownEntry));
      if (s) {
        const note = s.seat === me ? '' : ' (as of the last resolved round)';
        renderSheet(otherEl, { sheet: s.sheet, score: s.score, derived: s.derived, layout }, { label: `Sheet of ${s.name}${note}`, city: s.name, solo: t.mode === 'solo', edition: t.edition, aaaHalves: v.aaa && v.aaa.halves });
        otherEl.append(el('p', { class: 'score-line' }, `${s.name}${note}: ${scoreText(s.score)}`));
      } else if (shownEntry) {
        otherEl.replaceChildren(el('p', { class: 'muted', id: 'sheet-loading' }, `Loading the sheet of ${shownEntry.name}…`));
      }
    }

    // Controls.
    if (mySheet && !over) {
      controlsEl.hidden = false;
      const cfg = {
        controls: controlsEl,
        sheetEl,
        base: mySheet.sheet,
        baseScore: mySheet.score,
        baseDerived: mySheet.derived,
        layout,
        edition: t.edition,
        offer: v.offer,
        nextEffects: v.next_effects,
        advanced: t.advanced,
        expert: t.mode === 'expert',
        aaa: !!v.aaa,
        // the AAA's halves are written on the player's sheet (a module's split boxes)
        aaaHalves: v.aaa ? v.aaa.halves : null,
        solo: t.mode === 'solo',
        round: v.round,
        // the unconfirmed draft survives a reload
        draftKey: `welcome.draft.${t.table}.${me}`,
        plans: v.plans,
        // the cards of the sheet's modules that came up this round, resolved first
        moduleCards: modulesOf(layout).flatMap((m) => m.cardsNow?.(v) || []),
        submitted: v.my_turn,
        passing: v.passing,
        seatNames: Object.fromEntries(v.sheets.map((x) => [x.seat, x.name])),
        // the others who have not confirmed yet, by name
        waitingFor: t.seats.filter((s, i) => s.seat !== me && !(v.submitted ? v.submitted[i] : s.submitted)).map((s) => s.name || `Seat ${s.seat}`),
        // acting on the turn brings your own sheet back on screen
        onAct: () => {
          if (viewSeat == null) return;
          viewSeat = null;
          renderGame(state.table, state.view);
        },
        sheetLabel: `Your sheet, round ${v.round}`,
        city: mySheet.name,
        requestOptions: (draft) => socket.request({ type: 'options', round: v.round, draft }).then((m) => m),
        submit: (turn) => socket.request({ type: 'submit', round: v.round, turn }),
        restart: () => socket.request({ type: 'restart', round: v.round }),
      };
      if (!controller) {
        controller = new TurnController(cfg);
        controller.start();
      } else {
        controller.update(cfg);
      }
    } else {
      controller = null;
      controlsEl.hidden = !(v.offer && !over);
      if (v.offer && !over) controlsEl.replaceChildren(el('h2', {}, `Round ${v.round}`), offerOnly(v, layout));
    }

    // Side: players and plans.
    const open = new Set([...sideEl.querySelectorAll('details[open]')].map((d) => d.id));
    sideEl.replaceChildren(playersPanel(t, v), ...(v.aaa ? [aaaPanel(t, v)] : []), plansPanel(t, v), ...(mySheet && !over ? [prefsPanel()] : []));
    for (const id of open) { const d = id && sideEl.querySelector(`#${id}`); if (d) d.open = true; }

    // Lower: results, overview, log.
    // A game ended before its end has no result: its sheets are as they were left.
    if (over) {
      if (!finalEl) finalEl = v.result ? resultsPanel(t, v, layout) : endedPanel(t, v);
      resultEl.replaceChildren(finalEl, againPanel(t, watch ? null : mine, isHost() && !watch));
    } else {
      finalEl = null;
      resultEl.replaceChildren();
    }
    lowerEl.replaceChildren(overviewPanel(t, v, layout), logPanel(t, v));
  }

  // The whole sheet of a seat the pushes summarise (a large table): asked for once per
  // summary, then drawn; null until it has come.
  function wholeSheet(summary) {
    if (fetched && fetched.summary === summary) return fetched.entry;
    if (!fetching || fetching.summary !== summary) {
      const ask = { summary };
      fetching = ask;
      socket.sheet(summary.seat).then((entry) => {
        if (fetching !== ask) return;
        fetching = null;
        fetched = { summary, entry };
        if (state && state.view) renderGame(state.table, state.view);
      }).catch((e) => {
        if (fetching !== ask) return;
        fetching = null;
        if (e.code !== 'disconnected') toast(e.message, true);
      });
    }
    return null;
  }

  function offerOnly(v, layout) {
    const wrap = el('div', { class: 'offer' });
    // what the sheet's modules dealt first (their own cards this round)
    for (const m of modulesOf(layout)) {
      const note = m.offerNote?.(v);
      if (note) wrap.append(note);
    }
    if (v.offer.combinations) {
      v.offer.combinations.forEach((c, i) => {
        const next = v.next_effects && v.next_effects[i];
        wrap.append(el('div', { class: 'card' },
          el('span', { class: 'tag' }, `stack ${i + 1}`),
          el('span', { class: 'num' }, c.number),
          el('span', { class: 'eff', html: `${iconSvg(c.effect, 20)}<span>${effectLabel(c.effect)}</span>` }),
          next ? el('span', { class: 'next', html: `next: ${iconSvg(next, 14)} ${effectLabel(next)}` }) : null));
      });
    }
    return wrap;
  }

  function playersPanel(t, v) {
    const list = el('ul', { class: 'status-list' });
    t.seats.forEach((s, i) => {
      const done = v.submitted ? v.submitted[i] : s.submitted;
      const name = seatName(s) + (s.seat === mySeat() ? ' (you)' : '');
      let pill;
      if (ended(t)) pill = el('span', { class: 'pill' }, t.status === 'over' ? 'finished' : 'ended');
      else pill = el('span', { class: `pill ${done ? 'done' : 'thinking'}`, 'data-progress': s.seat }, done ? 'done' : 'thinking');
      list.append(el('li', {}, el('span', {}, name, !s.bot && !s.connected ? el('span', { class: 'muted' }, ' · away') : null), pill));
    });
    const panel = el('section', { class: 'panel', 'aria-labelledby': 'players-h' }, el('h2', { id: 'players-h' }, 'Players'), list);
    if (isHost() && !watch && t.status === 'playing') panel.append(el('details', { id: 'host-actions' }, el('summary', {}, 'Host actions'), seatTable(t)));
    if (isHost() && !watch && mine && t.status === 'playing') panel.append(el('p', { class: 'row' }, closeButton(t, mine.token)));
    return panel;
  }

  function prefsPanel() {
    const auto = el('input', { type: 'checkbox', id: 'pref-auto', onchange: (e) => prefs.set('autoParkPool', e.target.checked) });
    auto.checked = prefs.get('autoParkPool', true);
    return el('details', { class: 'panel', id: 'prefs' }, el('summary', {}, 'Preferences'),
      el('label', { class: 'row', for: 'pref-auto' }, auto, 'Automatic park and pool: cross them without asking when there is a single choice'));
  }

  function plansPanel(t, v) {
    const wrap = el('div', { class: 'plans' });
    for (const p of v.plans) {
      const label = planName(t.edition, p.plan - 1);
      const cardName = planCardName(t.edition, p);
      const byAaa = v.aaa && v.aaa.plans[p.plan - 1];
      wrap.append(el('div', { class: `plan${p.approved ? ' approved' : ''}`, 'data-plan': p.plan, 'aria-label': `${label}: ${p.text}. ${p.approved ? `Approved: ${pointsText(p.second)} left` : `${pointsText(p.first)} to the first, then ${p.second}`}` },
        el('div', {}, el('strong', {}, label), cardName ? el('span', { class: 'plan-card-name', 'data-card-name': cardName }, ` · ${cardName}`) : '',
          p.advanced ? el('span', { class: 'muted' }, ' · advanced') : '',
          helpTip(label, planHelp(p), `plan-tip-${p.plan}`), ' ', planMark(t, p.plan - 1, p)),
        el('div', {}, p.text),
        el('div', { class: 'pts' },
          el('span', { class: p.approved ? 'gone' : '' }, `1st ${p.first}`),
          el('span', {}, `then ${p.second}`)),
        el('div', { class: 'st' }, p.approved ? '✓ approved (second value)' : 'open: first value'),
        byAaa != null ? el('div', { class: 'st', 'data-aaa-validated': p.plan }, `the AAA validated it for ${byAaa} points`) : null));
    }
    return el('section', { class: 'panel', 'aria-labelledby': 'plans-h' }, el('h2', { id: 'plans-h' }, 'City plans'), wrap);
  }

  // The columns of a score table: the sheet's score rows in the printed order, labels from
  // the sheet data; the engine scores them.
  const rowCells = (layout, score) => layout.score_rows.map((r) => (score.rows || []).find((x) => x.id === r.id) || { id: r.id, label: r.label, points: 0, detail: '' });

  // What the overview shows of a seat: from its whole sheet, or from the summary a large
  // table pushes (the points of each score row, in the sheet's order, without their details).
  function overviewOf(layout, s) {
    if (s.sheet) return { built: sheetCounts(s.sheet).built, plans: s.sheet.plans, score: s.score };
    const rows = layout.score_rows.map((r, i) => ({
      id: r.id, label: r.label, points: (s.points || [])[i] || 0, detail: '',
      parts: r.id === 'plans' ? (s.plans || []).map((p) => p || 0) : [],
    }));
    return { built: s.houses, plans: s.plans || [], score: { rows, total: s.total } };
  }

  function overviewPanel(t, v, layout) {
    const rows = v.sheets.map((s) => {
      const o = overviewOf(layout, s);
      const cells = rowCells(layout, o.score).map((r) => {
        let text = signed(r.points);
        if (r.id === 'plans') {
          // ★ = the first value of a plan
          text = r.parts.map((p, k) => {
            if (!o.plans[k]) return '–';
            const info = v.plans[k];
            return info && o.plans[k] === info.first && info.first !== info.second ? `${p}★` : `${p}`;
          }).join(' / ');
        }
        return el('td', { 'data-row': r.id, title: r.detail || null }, text);
      });
      return el('tr', { 'data-seat-row': s.seat },
        el('td', {}, s.name, s.seat === mySeat() ? ' (you)' : ''),
        el('td', {}, o.built),
        ...cells,
        el('td', {}, el('strong', {}, o.score.total)));
    });
    const heads = ['Player', 'Houses', ...layout.score_rows.map((r) => [r.label, helpTip(r.label, rowHelp(r))]), 'Total'];
    return el('section', { class: 'panel', 'aria-labelledby': 'overview-h' },
      el('h2', { id: 'overview-h' }, 'Overview'),
      el('p', { class: 'muted' }, 'As of the last resolved round: what each row of the sheet adds to the total (hover a number for how it comes about); temps show the current majority points; ★ = first value of a plan.'),
      el('div', { class: 'table-scroll' }, el('table', { class: 'data', id: 'overview' },
        el('thead', {}, el('tr', {}, ...heads.map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, rows))));
  }

  function logPanel(t, v) {
    const plan = (k) => planShort(t.edition, k);
    const layout = tableSheet(t);
    const items = [...(v.log || [])].reverse().map((r) => {
      const names = (i) => (v.sheets[i] ? v.sheets[i].name : `Seat ${i + 1}`);
      const offers = r.offers || [];
      const offerOf = (i) => (offers.length === 1 ? offers[0] : offers[i]);
      // what the sheet's modules say of the round's draws (their own cards that came up)
      const drawn = modulesOf(layout).map((m) => m.logNote?.(r.draws || [])).filter(Boolean);
      return el('li', { value: r.round, 'data-log-round': r.round },
        el('strong', {}, `Round ${r.round}`),
        offers.length === 1 ? el('span', { class: 'muted' }, ` — ${offerText(offers[0])}`) : '',
        drawn.length ? drawn : '',
        r.turns && r.turns.length ? el('ul', {}, r.turns.map((tn, i) => el('li', { 'data-log-seat': i + 1 },
          el('strong', {}, names(i)), offers.length > 1 ? el('span', { class: 'muted' }, ` (hand ${offerText(offerOf(i))})`) : '',
          `: ${logTurnText(tn, offerOf(i), plan, layout)}`))) : null);
    });
    return el('section', { class: 'panel log', 'aria-labelledby': 'log-h' },
      el('h2', { id: 'log-h' }, 'Log of rounds'),
      items.length ? el('ol', { reversed: true }, items) : el('p', { class: 'muted' }, 'No round resolved yet.'));
  }

  function resultsPanel(t, v, layout) {
    const r = v.result;
    // Large tables push other seats' summaries: their rows without the details.
    const scoreOf = (s) => overviewOf(layout, s).score;
    // The sheet's total row: one column per score row, in the printed order, then the total.
    const order = [...v.sheets].sort((a, b) => (r && r.ranks ? r.ranks[a.seat - 1] - r.ranks[b.seat - 1] : scoreOf(b).total - scoreOf(a).total));
    // Against the AAA (levels 1–5) it has its own line, ranked by the outcome against the player.
    const aaa = v.aaa ? aaaBreakdown(t, v, layout) : null;
    const outcome = aaa ? v.aaa.outcome : null;
    const rankOf = (s) => (aaa ? (outcome === 'loss' ? 2 : 1) : r && r.ranks ? r.ranks[s.seat - 1] : null);
    const aaaRank = outcome === 'win' ? 2 : 1;
    const rows = order.map((s) => {
      const rank = rankOf(s);
      return el('tr', { class: 'score-row', 'data-seat-row': s.seat },
        el('th', { scope: 'row' }, rank != null ? `${rank}. ` : '', s.name, (r && r.winners && r.winners.includes(s.seat) && t.mode !== 'solo') || (aaa && outcome !== 'loss') ? ' ★ winner' : ''),
        ...rowCells(layout, scoreOf(s)).map((x) => el('td', { 'data-row': x.id, title: x.detail || null }, signed(x.points))),
        aaa && aaa.fences ? el('td', { 'data-none': 'aaa-fences', title: 'Your fences count in your estates' }, '—') : null,
        el('td', { 'data-row': 'total' }, el('strong', {}, scoreOf(s).total)));
    });
    if (aaa) {
      const row = el('tr', { class: 'score-row aaa-row', 'data-aaa-row': 'true' },
        el('th', { scope: 'row' }, `${aaaRank}. `, `${aaa.name} (AAA)`, outcome !== 'win' ? ' ★ winner' : ''),
        ...[...aaa.cells, ...(aaa.fences ? [aaa.fences] : [])].map((x) => (x.points == null
          ? el('td', { 'data-none': x.id, title: 'The AAA does not score this row' }, '—')
          : el('td', { 'data-row': x.id, title: x.detail || null }, signed(x.points)))),
        el('td', { 'data-row': 'total' }, el('strong', {}, aaa.total)));
      if (aaaRank < rankOf(order[0])) rows.unshift(row); else rows.push(row);
    }
    // How each row's points come about, as the engine words it.
    const details = order.filter((s) => s.score).map((s) => el('div', { class: 'score-details', 'data-seat-row': s.seat },
      order.length > 1 || aaa ? el('h3', {}, s.name) : null,
      el('dl', {}, rowCells(layout, s.score).filter((x) => x.detail).flatMap((x) => [
        el('dt', {}, `${x.label}: ${signed(x.points)}`),
        el('dd', { 'data-row': x.id }, x.detail),
      ]))));
    if (aaa) {
      details.push(el('div', { class: 'score-details', 'data-aaa-row': 'true' },
        el('h3', {}, `${aaa.name} (AAA)`),
        el('dl', {}, [...aaa.cells, ...(aaa.fences ? [aaa.fences] : [])].filter((x) => x.points != null).flatMap((x) => [
          el('dt', {}, `${x.label}: ${signed(x.points)}`),
          el('dd', { 'data-row': x.id }, x.detail),
        ]))));
    }
    const winners = r && r.winners ? r.winners.map((w) => (v.sheets.find((s) => s.seat === w) || {}).name || `Seat ${w}`) : [];
    const endText = (r && r.end || []).map((e) => {
      const who = e.seat != null ? ((v.sheets.find((s) => s.seat === e.seat) || {}).name || `seat ${e.seat}`) : '';
      if (e.trigger === 'refusals') return `${who} took a third building-permit refusal`;
      if (e.trigger === 'plans') return `${who} completed all three plans`;
      if (e.trigger === 'all-houses') return `${who} built every house`;
      // a module's own way of ending the game, in its words (`endText`)
      const own = modulesOf(layout).map((m) => m.endText?.(e.trigger, t.mode)).find(Boolean);
      if (own) return own;
      if (e.trigger === 'deck-exhausted') return 'the construction cards ran out';
      return e.trigger;
    });
    return el('section', { class: 'panel', id: 'results', 'aria-labelledby': 'results-h' },
      el('h2', { id: 'results-h' }, 'Final scores'),
      v.aaa ? aaaResult(v, layout) : null,
      winners.length && !v.aaa ? el('p', { class: 'result-winner', id: 'winner' }, t.mode === 'solo' ? `Final score: ${v.sheets[0].score.total}` : `${winners.length > 1 ? 'Winners' : 'Winner'}: ${winners.join(', ')}`) : null,
      endText.length ? el('p', {}, `The game ended because ${endText.join(' and ')}.`) : null,
      r && r.tie_break ? el('p', { id: 'tie-break' }, r.tie_break) : null,
      v.sheets.length > 1 ? el('p', { class: 'muted' }, `A tie on the total goes to the player with ${edition(t.edition).tie_break}.`) : null,
      el('div', { class: 'table-scroll' }, el('table', { class: 'data', id: 'breakdown' },
        el('caption', { class: 'visually-hidden' }, `Score breakdown, as on the total row of the ${layout.name} sheet: the rows add up to the total`),
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Player'),
          ...layout.score_rows.map((x) => el('th', { scope: 'col', 'data-row': x.id, title: rowHelp(x) || null }, x.label)),
          aaa && aaa.fences ? el('th', { scope: 'col', 'data-none': 'aaa-fences', title: 'The AAA scores its Surveyor (Barrière) cards; your fences count in your estates' }, 'AAA’s Barrière cards') : null,
          el('th', { scope: 'col', 'data-row': 'total' }, 'Total'))),
        el('tbody', {}, rows))),
      el('details', { id: 'breakdown-details', open: true }, el('summary', {}, 'How the points come about'), ...details),
      el('p', { class: 'row' },
        el('a', { href: `/t/${encodeURIComponent(table)}/replay`, 'data-nav': true, id: 'replay-link', class: 'button' }, '▶ Replay round by round'),
        el('a', { href: `/api/tables/${encodeURIComponent(table)}/record`, download: `welcome-${table}.json`, id: 'record-link', class: 'button' }, '⬇ Download game record')),
    );
  }

  try {
    await api('GET', `/api/tables/${encodeURIComponent(table)}`);
  } catch (e) {
    if (e.status === 404) {
      head.replaceChildren(el('h1', {}, 'No such table'), el('p', {}, `There is no table “${table}” on this server. `, el('a', { href: '/', 'data-nav': true }, 'Back to the lobby')));
      return { stop: () => {} };
    }
  }
  if (!watch) await claimMove();
  connect();
  const relayout = () => { if (state && state.view) render(); };
  COMPACT.addEventListener('change', relayout);
  return {
    stop: () => {
      if (socket) socket.close();
      conn.hidden = true;
      if (controller) controller.dead = true;
      COMPACT.removeEventListener('change', relayout);
      barRoom.disconnect();
      document.documentElement.style.removeProperty('--bar-h');
    },
  };
}
