// Replay: a finished game (or any game record, from a file) stepped through round by round,
// every seat's sheet as it stood after the round, the round's cards and what each seat did,
// and the scores at the end. The server replays the record with the engine (POST /api/replay);
// this page only draws what it answers.

import { apiRaw, apiText } from './api.js';
import { renderSheet, scoreText } from './sheet.js';
import { el, offerText, logTurnText } from './format.js';
import { tableSheet, tableKind } from './data.js';
import { modulesOf } from './sheet/modules.js';
import { setTitle } from './app.js';
import { rowHelp } from './help.js';
import { planName, planCardName } from './aaa.js';
import { planShort } from './plans.js';

/** A record read from a file, kept for a reload of the page (this tab only). */
const KEPT = 'welcome.replay.record';

/** A replay answered before the page opened (the lobby replays the file the player picked). */
let held = null;

/** Hands the page a replay already answered, with the record it came from. */
export function hold(answer, text) {
  held = answer;
  try {
    sessionStorage.setItem(KEPT, text);
  } catch {
    // too large for the tab's storage: a reload then asks for the file again
  }
}

/** Reads a record file and asks the server to replay it; throws the server's refusal. */
export async function replayFile(file) {
  const text = await file.text();
  const answer = await apiText('POST', '/api/replay', text);
  return { answer, text };
}

/**
 * Why a record was refused, in words. A file that is not a record at all (`record_json`) is
 * named for what it is, the server's plain sentence first; the parser's detail and the code
 * follow, for whoever edits record files.
 */
export function refusal(e) {
  if (e.code === 'body_too_large') return 'This file is too large to be a game record this server replays (1 MiB at most).';
  if (e.code === 'network') return e.message;
  if (e.code === 'record_json') {
    const at = e.message.indexOf(' (detail: ');
    const plain = at < 0 ? e.message : e.message.slice(0, at);
    const detail = at < 0 ? '' : `${e.message.slice(at + ' (detail: '.length).replace(/\)$/, '')}; `;
    return `${plain.charAt(0).toUpperCase()}${plain.slice(1)}. (Details: ${detail}${e.code}.)`;
  }
  return `This file cannot be replayed: ${e.message} (${e.code}).`;
}

/** A file input and a drop zone that hand the chosen file to `onFile`. */
export function recordPicker(id, onFile) {
  const input = el('input', { type: 'file', id, accept: '.json,application/json', class: 'file-input visually-hidden' });
  input.addEventListener('change', () => {
    if (input.files && input.files[0]) onFile(input.files[0]);
    input.value = '';
  });
  const zone = el('div', { class: 'drop-zone', 'data-drop': id },
    input,
    el('label', { for: id, class: 'button' }, 'Open a game record…'),
    el('span', { class: 'muted' }, 'or drop the file here'));
  zone.addEventListener('dragover', (ev) => {
    ev.preventDefault();
    zone.classList.add('over');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('over'));
  zone.addEventListener('drop', (ev) => {
    ev.preventDefault();
    zone.classList.remove('over');
    const f = ev.dataTransfer && ev.dataTransfer.files && ev.dataTransfer.files[0];
    if (f) onFile(f);
  });
  return zone;
}

/** Points as added to the total: penalties with their minus sign. */
const signed = (v) => (v < 0 ? `−${-v}` : `${v}`);

export async function replayPage(main, table = null) {
  setTitle('Replay');
  const err = el('p', { class: 'error-text', role: 'alert', id: 'replay-error' });
  const head = el('div', { class: 'panel', id: 'replay-head' }, el('h1', {}, 'Replay'));
  const body = el('div', { id: 'replay-body' });
  main.append(head, body);

  let data = null;
  let round = 1;

  const picker = recordPicker('replay-file', async (file) => {
    err.textContent = '';
    try {
      const { answer, text } = await replayFile(file);
      hold(answer, text);
      data = held;
      held = null;
      round = 1;
      history.replaceState(null, '', location.pathname);
      show();
    } catch (e) {
      err.textContent = refusal(e);
    }
  });

  function intro(text) {
    head.replaceChildren(el('h1', {}, 'Replay'), el('p', {}, text), picker, err);
  }

  // Arrow keys step, Home and End go to the ends (not while typing or on the slider, which
  // steps by itself).
  const onKey = (ev) => {
    if (!data || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    const n = data.rounds.length;
    const to = { ArrowLeft: round - 1, ArrowRight: round + 1, Home: 1, End: n }[ev.key];
    if (to == null) return;
    ev.preventDefault();
    go(to);
  };
  document.addEventListener('keydown', onKey);

  function go(k) {
    const n = data.rounds.length;
    const next = Math.max(1, Math.min(n, k));
    if (next === round && body.firstChild) return;
    round = next;
    history.replaceState(null, '', `${location.pathname}#round=${round}`);
    renderRound();
  }

  // The step controls and the round's panels stay in place while the round changes.
  const slider = el('input', { type: 'range', id: 'replay-slider', min: 1, max: 1, value: 1, 'aria-label': 'Round' });
  slider.addEventListener('input', () => go(Number(slider.value)));
  const where = el('span', { id: 'replay-round', class: 'replay-where', 'aria-live': 'polite' });
  const btn = (id, text, label, to) => el('button', { type: 'button', id, 'aria-label': label, title: label, onclick: () => go(to()) }, text);
  const first = btn('replay-first', '«', 'First round', () => 1);
  const prev = btn('replay-prev', ['‹', el('span', { class: 'wide-only' }, ' Previous')], 'Previous round', () => round - 1);
  const next = btn('replay-next', [el('span', { class: 'wide-only' }, 'Next '), '›'], 'Next round', () => round + 1);
  const last = btn('replay-last', '»', 'Last round', () => data.rounds.length);
  // On a phone the steps are a bar at the bottom of the screen, like a turn's; the page keeps
  // room for it below its content.
  const steps = el('div', { class: 'panel replay-steps', role: 'group', 'aria-label': 'Step through the rounds' },
    el('div', { class: 'row' }, first, prev, where, next, last),
    slider,
    el('p', { class: 'muted replay-keys' }, 'Keys: ← and → step a round, Home and End go to the first and the last.'));
  const barRoom = new ResizeObserver(() => {
    const fixed = steps.isConnected && getComputedStyle(steps).position === 'fixed';
    document.documentElement.style.setProperty('--bar-h', fixed ? `${steps.offsetHeight}px` : '0px');
  });
  barRoom.observe(steps);
  const stop = () => {
    document.removeEventListener('keydown', onKey);
    barRoom.disconnect();
    document.documentElement.style.removeProperty('--bar-h');
  };
  const roundEl = el('section', { class: 'panel', id: 'replay-log', 'aria-labelledby': 'replay-log-h' });
  const plansEl = el('div', { id: 'replay-plans' });
  const sheetsEl = el('div', { class: 'replay-sheets', id: 'replay-sheets' });
  const resultEl = el('div', { id: 'replay-result' });

  function show() {
    const d = data;
    const n = d.rounds.length;
    const t = { edition: d.edition, sheet: d.sheet, mode: d.mode, advanced: d.advanced };
    const names = d.seats.join(', ');
    setTitle(`Replay · ${names}`);
    head.replaceChildren(
      el('div', { class: 'row' },
        el('h1', {}, 'Replay'),
        el('span', { class: 'muted' }, `${tableKind(t)} · ${d.seats.length === 1 ? names : `${d.seats.length} players: ${names}`} · ${n} ${n === 1 ? 'round' : 'rounds'}${d.result ? '' : ' (the game was still going on)'}`)),
      el('details', { class: 'replay-open' }, el('summary', {}, 'Open another game record'), picker, err),
      ...(table ? [el('p', {}, el('a', { href: `/t/${encodeURIComponent(table)}`, 'data-nav': true }, 'Back to the table'))] : []),
    );
    if (!n) {
      body.replaceChildren(el('p', { class: 'panel' }, 'This record has no round played yet.'));
      return;
    }
    slider.max = n;
    body.replaceChildren(steps, el('div', { class: 'replay-layout' }, el('div', {}, roundEl, plansEl), sheetsEl), resultEl);
    const m = location.hash.match(/^#round=(\d+)$/);
    round = Math.max(1, Math.min(n, m ? Number(m[1]) : round));
    resultEl.replaceChildren(resultPanel(d));
    renderRound();
  }

  function renderRound() {
    const d = data;
    const n = d.rounds.length;
    const r = d.rounds[round - 1];
    const before = round > 1 ? d.rounds[round - 2] : null;
    slider.value = round;
    where.textContent = `Round ${r.round} of ${n}`;
    first.disabled = prev.disabled = round <= 1;
    next.disabled = last.disabled = round >= n;
    const layout = tableSheet(d);
    const offers = r.offers || [];
    const offerOf = (i) => (offers.length === 1 ? offers[0] : offers[i]);
    const name = (i) => d.seats[i] || `Seat ${i + 1}`;
    const plan = (k) => planShort(d.edition, k);
    roundEl.replaceChildren(...[
      el('h2', { id: 'replay-log-h' }, `Round ${r.round}`),
      offers.length === 1 ? el('p', { class: 'replay-offer' }, offers[0].hand ? 'Cards: ' : 'Combinations: ', offerText(offers[0])) : null,
      // what the sheet's modules say of the round's draws (their own cards that came up)
      ...modulesOf(layout).map((m) => m.replayNote?.(r.draws || [])),
      el('ul', { class: 'replay-turns' }, r.turns.map((tn, i) => el('li', { 'data-log-seat': i + 1 },
        el('strong', {}, name(i)),
        offers.length > 1 ? el('span', { class: 'muted' }, ` (hand ${offerText(offerOf(i))})`) : '',
        `: ${logTurnText(tn, offerOf(i), plan, layout)}`))),
    ].filter(Boolean));
    plansEl.replaceChildren(plansPanel(r.plans, d.edition));
    // Every seat's sheet as it stood after the round, the houses written in it marked.
    const old = new Map([...sheetsEl.querySelectorAll('[data-seat]')].map((e) => [e.dataset.seat, e]));
    const blocks = r.sheets.map((s) => {
      const was = before ? before.sheets.find((x) => x.seat === s.seat) : null;
      const fresh = new Set();
      s.sheet.streets.forEach((st, si) => st.houses.forEach((h, i) => {
        if (h && (!was || was.sheet.streets[si].houses[i] !== h)) fresh.add(`${si + 1},${i + 1}`);
      }));
      const block = old.get(String(s.seat)) || el('section', { class: 'panel replay-sheet', 'data-seat': s.seat, 'aria-label': `Sheet of ${s.name}` });
      const wrap = block.querySelector('.sheet-wrap') || el('div', { class: 'sheet-wrap' });
      renderSheet(wrap, { sheet: s.sheet, score: s.score, derived: s.derived, layout }, {
        label: `Sheet of ${s.name} after round ${r.round}`, city: s.name, solo: d.mode === 'solo', plans: r.plans, marks: { fresh }, edition: d.edition,
      });
      wrap.append(el('p', { class: 'score-line' }, scoreText(s.score)));
      block.replaceChildren(el('h2', {}, `${s.name} — ${s.score.total} points`), wrap);
      return block;
    });
    sheetsEl.replaceChildren(...blocks);
  }

  function plansPanel(plans, editionId) {
    return el('section', { class: 'panel', 'aria-labelledby': 'replay-plans-h' },
      el('h2', { id: 'replay-plans-h' }, 'City plans'),
      el('ul', { class: 'status-list' }, plans.map((p) => el('li', { 'data-plan': p.plan },
        el('span', {}, el('strong', {}, planName(editionId, p.plan - 1)),
          planCardName(editionId, p) ? el('span', { class: 'plan-card-name' }, ` · ${planCardName(editionId, p)}`) : '', ` ${p.text}`),
        el('span', { class: `pill${p.approved ? ' done' : ''}` }, p.approved ? `approved: ${p.second} left` : `${p.first}, then ${p.second}`)))));
  }

  function resultPanel(d) {
    const last = d.rounds[d.rounds.length - 1];
    const layout = tableSheet(d);
    const res = d.result;
    const order = [...last.sheets].sort((a, b) => (res ? res.ranks[a.seat - 1] - res.ranks[b.seat - 1] : b.score.total - a.score.total));
    const cell = (s, id) => (s.score.rows || []).find((x) => x.id === id);
    return el('section', { class: 'panel', 'aria-labelledby': 'replay-result-h' },
      el('h2', { id: 'replay-result-h' }, res ? 'Final scores' : 'Scores when the record stops'),
      res && res.tie_break ? el('p', { id: 'replay-verdict' }, res.tie_break) : null,
      el('div', { class: 'table-scroll' }, el('table', { class: 'data', id: 'replay-breakdown' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Player'),
          ...layout.score_rows.map((x) => el('th', { scope: 'col', 'data-row': x.id, title: rowHelp(x) || null }, x.label)),
          el('th', { scope: 'col', 'data-row': 'total' }, 'Total'))),
        el('tbody', {}, order.map((s) => el('tr', { 'data-seat-row': s.seat },
          el('th', { scope: 'row' }, res ? `${res.ranks[s.seat - 1]}. ` : '', s.name),
          ...layout.score_rows.map((x) => {
            const c = cell(s, x.id);
            return el('td', { 'data-row': x.id, title: (c && c.detail) || null }, c ? signed(c.points) : '');
          }),
          el('td', { 'data-row': 'total' }, el('strong', {}, s.score.total))))))));
  }

  // Where the record comes from: the table's game, a file picked in the lobby, or one kept
  // from before a reload of this page.
  try {
    if (table) {
      // as text: the record's seed may be larger than a JavaScript number holds
      const record = await apiRaw(`/api/tables/${encodeURIComponent(table)}/record`);
      data = await apiText('POST', '/api/replay', record);
    } else if (held) {
      data = held;
      held = null;
    } else {
      let kept = null;
      try {
        kept = sessionStorage.getItem(KEPT);
      } catch {
        kept = null;
      }
      if (kept) data = await apiText('POST', '/api/replay', kept);
    }
  } catch (e) {
    intro(table ? 'The game of this table cannot be replayed.' : 'Open a game record to step through it round by round.');
    err.textContent = table ? e.message : refusal(e);
    return { stop };
  }
  if (data) show();
  else intro('Open a game record (a file downloaded at the end of a game) to step through it round by round, with every sheet as it was.');
  return { stop };
}
