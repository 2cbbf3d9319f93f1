// Zombies (collector expansions §8): the hordes at the street ends with their arrows, the ammo
// stock, the barricades in front of the houses and the houses the hordes invaded (a Z), on the
// sheet; and in the turn, the round's Zombie cards resolved first (which moving hordes to slow
// with ammo), the barricade the Surveyor may build instead of a fence, and with a hand of two
// the card passed on. Target keys: "z:s:side" the horde at that end of street s.

import { s, RIGHT, BW, CELL, cellX, houseBox, houseY, stripY, crossMark, makeActionable, plural, TOP } from '../svg.js';
import { el, iconSvg, effectLabel, parseCard, houseName } from '../format.js';
import { helpTip } from '../help.js';
import { EDITIONS } from '../edition.js';

/** Zombies' decisions in a few words. */
const HELP = {
  ammo: 'A Zombie card came up: each horde it moves traces its next arrow, unless you slow it with an ammo (one each, as many as you have circled and not used). A slowed horde keeps its arrow for a later card. A horde invades the house its arrow reaches — its number is erased for a Z, with fences on both sides — unless a barricade, a roundabout or a Z stops it there.',
  barricade: 'The Surveyor’s number written in a house printed without a barricade may build one in front of it instead of drawing a fence: hordes then stop there. Some plans count the barricades you built.',
  pass: 'In the expert game and against the AAA your hand holds two cards, and you use both: one for its number, the other for its action. Then you choose which of the two goes on — face down to your left neighbour in the expert game, onto the AAA’s pile in solo — and the other is discarded.',
};

/**
 * Zombies: the hordes (with their arrows traced, the next arrival and the X marks), the ammo
 * stock and what stands in front of each house (`printed`, `built` or `none`), as the engine
 * derived them or, before the server has answered, as written on the sheet. Null on a sheet
 * without hordes.
 */
function zombieIndex(layout, d, sheet) {
  const z = layout.zombies;
  if (!z || !sheet) return null;
  const sideAt = (h) => (h.side === 'left' ? 0 : 1);
  const hordes = (d.hordes && d.hordes.length ? d.hordes : z.hordes.map((h) => {
    const st = sheet.streets[h.street - 1] || {};
    const traced = (st.hordes || [0, 0])[sideAt(h)];
    return {
      street: h.street, side: h.side, arrivals: h.arrivals, traced,
      next: h.arrivals[traced] ?? null, next_invades: false, slowed: (st.slowed || [0, 0])[sideAt(h)],
    };
  })).map((h) => ({ ...h, key: `${h.street}:${h.side}` }));
  const circled = z.ammo_start + (sheet.ammo_gained || 0);
  const ammo = d.ammo || { stock: z.ammo_stock, start: z.ammo_start, gained: sheet.ammo_gained || 0, used: sheet.ammo_used || 0, left: circled - (sheet.ammo_used || 0) };
  const barricades = d.barricades && d.barricades.length ? d.barricades : layout.streets.map((st, si) => Array.from({ length: st.houses }, (_, i) => {
    if (!(st.unbarricaded || []).includes(i + 1)) return 'printed';
    return (sheet.streets[si].barricades || []).includes(i + 1) ? 'built' : 'none';
  }));
  return { hordes, ammo, barricades };
}

/** A horde in words: "Street 1, left horde: 1 of 3 arrows traced; next to house 3, …". */
export function hordeText(h, sheet) {
  const n = h.arrivals.length;
  const parts = [`Street ${h.street}, ${h.side} horde: ${h.traced} of ${plural(n, 'arrow')} traced`];
  if (h.next == null) parts.push('every arrow traced');
  else {
    const held = sheet ? (sheet.streets[h.street - 1].houses[h.next - 1] || '') : '';
    const what = held === 'Z' || held === 'Zb' ? 'already invaded' : held === 'R' ? 'a roundabout stops it' : held ? `holds ${held.replace(/b$/, ' bis')}` : 'empty';
    parts.push(`its next arrow ends at house ${h.next} (${what}), ${h.next_invades ? 'which it would invade' : 'where it would be stopped'}`);
  }
  if (h.slowed) parts.push(`slowed ${h.slowed === 1 ? 'once' : `${h.slowed} times`} (X on its arrows)`);
  return parts.join('; ');
}

/** A zombie's head, centred on (cx, cy). */
function zombiePicture(g, cx, cy, r = 13) {
  g.append(s('circle', { cx, cy, r, class: 'zombie-head' }));
  const k = r / 13;
  g.append(s('circle', { cx: cx - 4.5 * k, cy: cy - 2.5 * k, r: 2.4 * k, class: 'zombie-eye' }));
  g.append(s('circle', { cx: cx + 4.5 * k, cy: cy - 3.5 * k, r: 1.8 * k, class: 'zombie-eye' }));
  g.append(s('path', { d: `M${cx - 6 * k} ${cy + 5 * k}l3 ${-2 * k}l3 ${2 * k}l3 ${-2 * k}l3 ${2 * k}`, class: 'zombie-mouth' }));
}

/** What stands in front of a house, in words. */
const BARRICADE_TEXT = {
  printed: 'printed barricade',
  built: 'barricade built',
  none: 'no barricade: a horde arriving here invades it',
};

/** A barricade under a house (`state`: printed, built or none). */
function barricadeMark(x, w, sy, state) {
  const cx = x + w / 2;
  const y = sy + 2;
  const g = s('g', { class: `barricade ${state}`, 'data-barricade': state, 'aria-hidden': 'true' });
  if (state === 'none') {
    g.append(s('rect', { x: cx - 14, y, width: 28, height: 9, rx: 2, class: 'barricade-spot' }));
    return g;
  }
  g.append(s('rect', { x: cx - 14, y, width: 28, height: 9, rx: 2, class: 'barricade-plank' }));
  g.append(s('path', { d: `M${cx - 11} ${y + 1}l6 7M${cx - 2} ${y + 1}l6 7M${cx + 7} ${y + 1}l6 7`, class: 'barricade-line' }));
  if (state === 'built') g.append(s('rect', { x: cx - 17, y: y - 3, width: 34, height: 15, rx: 5, class: 'barricade-ring' }));
  return g;
}

/**
 * A street's two hordes: each at its end with its arrows in front of the houses (traced ones
 * solid, the next one marked, X marks at its start for each time it was slowed); a target
 * (`z:s:side`) while an ammo stage asks which hordes to slow.
 */
function drawHordes(g, n, si, zi, sheet, targets, big) {
  const hy = houseY(si);
  const sy = stripY(si);
  const left = cellX(n, 0);
  const centre = (house) => houseBox(n, house - 1).x + BW / 2;
  for (const h of zi.hordes.filter((x) => x.street === si + 1)) {
    const dir = h.side === 'left' ? 1 : -1;
    const start = h.side === 'left' ? left - 4 : RIGHT + 4;
    const ay = sy + (h.side === 'left' ? 21 : 34);
    const ag = s('g', { class: `horde-arrows ${h.side}`, 'aria-hidden': 'true' });
    let from = start;
    h.arrivals.forEach((house, k) => {
      const to = centre(house);
      const state = k < h.traced ? 'traced' : k === h.traced ? 'next' : 'ahead';
      const end = to - dir * 6;
      ag.append(s('path', { d: `M${from} ${ay}H${end}`, class: `horde-arrow ${state}`, 'data-arrow': `${h.key}:${k + 1}` }));
      ag.append(s('path', { d: `M${end + dir * 6} ${ay}l${-8 * dir} -5v10z`, class: `horde-head ${state}` }));
      from = to;
    });
    // the X marks at the start of the next arrow (after the last one once all are traced)
    const at = h.traced > 0 ? centre(h.arrivals[Math.min(h.traced, h.arrivals.length) - 1]) : start;
    for (let k = 0; k < (h.slowed || 0); k++) {
      const xx = at + dir * (10 + k * 11);
      ag.append(s('path', { d: `M${xx - 4} ${ay - 4}l8 8M${xx + 4} ${ay - 4}l-8 8`, class: 'horde-x', 'data-slowed': h.key }));
    }
    g.append(ag);
    const cx = h.side === 'left' ? left - 22 : RIGHT + 30;
    const cy = hy + 44;
    const key = `z:${h.street}:${h.side}`;
    const target = targets.get(key);
    const hg = s('g', { class: `horde ${h.side}${h.next == null ? ' spent' : ''}`, 'data-horde': h.key, 'data-traced': h.traced, 'data-slowed': h.slowed || 0 });
    zombiePicture(hg, cx, cy, big ? 15 : 13);
    hg.append(s('text', { x: cx, y: cy + (big ? 30 : 27), class: 'horde-count', 'text-anchor': 'middle' }, `${h.traced}/${h.arrivals.length}`));
    const text = hordeText(h, sheet);
    if (target) {
      if (target.selected) crossMark(hg, cx - 15, cy - 15, 30, 30, 'horde-slowed');
      hg.append(s('rect', { x: cx - 26, y: cy - 26, width: 52, height: 60, class: 'touch' }));
      hg.append(s('rect', { x: cx - 19, y: cy - 19, width: 38, height: 50, rx: 8, class: 'hit' }));
      hg.append(s('rect', { x: cx - 19, y: cy - 19, width: 38, height: 50, rx: 8, class: 'focus-ring' }));
      makeActionable(hg, { ...target, label: `${text}. ${target.label}` }, key);
      hg.setAttribute('aria-pressed', target.selected ? 'true' : 'false');
    } else {
      hg.setAttribute('role', 'img');
      hg.setAttribute('aria-label', text);
      hg.prepend(s('title', {}, text));
    }
    g.append(hg);
  }
}

/**
 * Zombies' ammo stock, top left of the sheet: one bullet per box, the circled ones ringed, the
 * used ones crossed.
 */
function drawAmmo(svg, zi) {
  const a = zi.ammo;
  const circled = a.start + a.gained;
  const x0 = 34;
  const top = TOP + 96;
  const label = `Ammo: ${circled} of ${a.stock} circled, ${a.used} used, ${a.left} left to slow hordes`;
  const g = s('g', { class: 'ammo-stock', role: 'img', 'aria-label': label, 'data-ammo-left': a.left, 'data-ammo-used': a.used, 'data-ammo-circled': circled });
  g.append(s('title', {}, label));
  g.append(s('rect', { x: x0 - 6, y: top, width: 132, height: 96, rx: 8, class: 'tiers-box' }));
  g.append(s('text', { x: x0 + 60, y: top + 20, class: 'col-head', 'text-anchor': 'middle' }, 'Ammo'));
  for (let k = 0; k < a.stock; k++) {
    const cx = x0 + 18 + (k % 3) * 42;
    const cy = top + 44 + Math.floor(k / 3) * 32;
    const state = k < a.used ? 'used' : k < circled ? 'circled' : 'open';
    const b = s('g', { class: `ammo ${state}`, 'data-ammo': k + 1, 'data-state': state });
    b.append(s('path', { d: `M${cx - 5} ${cy + 9}v-12a5 6 0 0 1 10 0v12z`, class: 'ammo-bullet' }));
    if (state !== 'open') b.append(s('circle', { cx, cy: cy + 2, r: 12, class: 'ammo-ring' }));
    if (state === 'used') crossMark(b, cx - 12, cy - 10, 24, 24, 'ammo-cross');
    g.append(b);
  }
  svg.append(g);
}

// ----- the turn -----

/** A horde (`{street, side}`) as a key: "1:left". */
const hordeKey = (h) => `${h.street}:${h.side}`;

/**
 * The Zombie cards in words (`{name, does}` by the id the wire names a card with), as the
 * engine gives them in a Zombies sheet's `module_cards`.
 */
const ZOMBIE_CARDS = EDITIONS.flatMap((e) => e.sheets).map((sh) => sh.module_cards).find(Boolean) || {};

/** A Zombie card in words: "the Left Zombie card (the three left hordes move right)". */
export function zombieCardText(card) {
  const c = ZOMBIE_CARDS[card];
  return c ? `the ${c.name} Zombie card (${c.does})` : `the ${card} Zombie card`;
}

/** A horde as the wire names it (`{street, side}`): "street 2's left horde". */
export function hordeName(h) {
  return `street ${h.street}'s ${h.side} horde`;
}

/**
 * Zombies: the Surveyor's number was just written in a house printed without a barricade: a
 * barricade may be built there instead of the fence.
 */
function canBarricade(tc) {
  return !!tc.opts && (tc.opts.effects || []).includes('barricade');
}

/** Zombies: slows (or no longer slows) the moving horde `h` (`{street, side}`). */
function toggleSlow(tc, h) {
  tc.cfg.onAct?.();
  const k = hordeKey(h);
  if (tc.slowSel.has(k)) tc.slowSel.delete(k);
  else if (tc.slowSel.size < ((tc.opts && tc.opts.ammo && tc.opts.ammo.left) || 0)) tc.slowSel.add(k);
  tc.message = null;
  tc.render();
}

/** The legal set of hordes the selection names, as the options list it; null when none. */
function slowChoice(tc) {
  const a = tc.opts && tc.opts.ammo;
  if (!a) return null;
  return a.choices.find((c) => c.length === tc.slowSel.size && c.every((h) => tc.slowSel.has(hordeKey(h)))) || null;
}

/** Zombies: resolves the Zombie card of the ammo stage, slowing the hordes selected. */
function confirmAmmo(tc) {
  const choice = slowChoice(tc);
  if (!choice) return;
  tc.cfg.onAct?.();
  tc.change(() => {
    tc.draft.ammo = [...(tc.draft.ammo || []), choice];
    tc.slowSel = new Set();
    tc.notice = null;
  });
}

/** Zombies: the houses the hordes invaded this turn, as "street s house h". */
function invadedNow(tc) {
  const o = tc.opts;
  if (!o || !o.sheet) return [];
  const out = [];
  o.sheet.streets.forEach((st, si) => st.houses.forEach((h, i) => {
    if ((h === 'Z' || h === 'Zb') && !['Z', 'Zb'].includes(tc.cfg.base.streets[si].houses[i])) out.push([si + 1, i + 1]);
  }));
  return out;
}

/** Zombies, a hand of two: passes hand card `k` (1-based) on, or gives it to the AAA. */
function passOn(tc, k) {
  if (!tc.draft.play || !tc.draft.play.build) return;
  tc.cfg.onAct?.();
  tc.change(() => {
    tc.draft.play.build.pass = k;
  });
}

/** Who a hand card passed on goes to, in words: "the AAA", a seat's name, or null. */
function passTarget(tc) {
  if (tc.cfg.aaa) return 'the AAA';
  const p = tc.cfg.passing;
  return p ? ((tc.cfg.seatNames && tc.cfg.seatNames[p.to]) || `seat ${p.to}`) : null;
}

/** The hand card a turn of a hand of two passes on, in words, once chosen; else null. */
function passNote(tc) {
  const b = tc.draft.play && tc.draft.play.build;
  const hand = (tc.cfg.offer && tc.cfg.offer.hand) || [];
  if (!b || b.pass == null || hand.length !== 2) return null;
  const c = parseCard(hand[b.pass - 1]);
  const to = passTarget(tc);
  return tc.cfg.aaa
    ? `Card ${b.pass} (${c.number} ${effectLabel(c.effect)}) goes to the AAA.`
    : `Card ${b.pass} (${c.number} ${effectLabel(c.effect)}) is passed on${to ? ` to ${to}` : ''}.`;
}

/** Zombies: what this turn's Zombie cards did, as hints: the hordes slowed, the houses invaded. */
function ammoNotes(tc, hint) {
  const cards = tc.cfg.moduleCards || [];
  (tc.draft.ammo || []).forEach((set, i) => {
    const name = (ZOMBIE_CARDS[cards[i]] || {}).name || 'Zombie';
    hint(`${name} Zombie card: ${set.length ? `slowed ${set.map(hordeName).join(' and ')}` : 'no horde slowed'}.`);
  });
  const inv = invadedNow(tc);
  if (inv.length) hint(`Invaded by the hordes this turn: ${inv.map(houseName).join(', ')}.`);
}

/** Zombies: the Zombie cards of the round, the one resolved now marked. */
function zombieCardsView(tc) {
  const cards = tc.cfg.moduleCards || [];
  if (!cards.length) return null;
  const now = tc.opts && tc.opts.ammo ? tc.opts.ammo.index - 1 : cards.length;
  return el('div', { class: 'zombie-cards', role: 'group', 'aria-label': 'Zombie cards this round', id: 'zombie-cards' },
    el('span', {}, cards.length > 1 ? 'Zombie cards this round:' : 'Zombie card this round:'),
    cards.map((c, i) => el('span', {
      class: `zombie-card${i === now ? ' now' : ''}`, role: 'img', 'data-zombie-card': c, title: zombieCardText(c),
      'aria-label': `${zombieCardText(c)}${i < now ? ', resolved' : i === now ? ', resolved now' : ''}`,
    }, `${(ZOMBIE_CARDS[c] || {}).name || c}${i < now ? ' ✓' : ''}`)));
}

/**
 * Zombies: a Zombie card came up: one toggle per horde it moves (slowed with an ammo, it stays
 * where it is; the others trace their next arrow), then a confirmation.
 */
function ammoChoices(tc) {
  const a = tc.opts.ammo;
  const box = el('div', { class: 'ammo-choices' });
  const c = ZOMBIE_CARDS[a.card] || { name: a.card, does: 'hordes move' };
  const h = el('h3', { id: 'ammo-prompt' }, `${a.cards > 1 ? `Zombie card ${a.index} of ${a.cards}, ` : 'Zombie card '}${c.name}: ${c.does}`);
  h.append(helpTip('slowing hordes', HELP.ammo));
  box.append(h);
  const hordes = new Map(((tc.opts.derived || {}).hordes || []).map((x) => [hordeKey(x), x]));
  const rule = 'A horde invades the house its arrow reaches unless a barricade, a roundabout or a Z stops it.';
  box.append(el('p', { class: 'hint' }, !a.moving.length
    ? 'No horde it moves has an arrow left: nothing moves.'
    : a.left
      ? `Choose the hordes to slow with your ammo, one each (${a.left} left: up to ${Math.min(a.left, a.moving.length)}), here or on the sheet; the others move along their next arrow. ${rule}`
      : `You have no ammo left to slow them: they move along their next arrow. ${rule}`));
  const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'ammo-prompt' });
  for (const m of a.moving) {
    const k = hordeKey(m);
    const x = hordes.get(k);
    const on = tc.slowSel.has(k);
    const full = !on && tc.slowSel.size >= a.left;
    const where = x && x.next != null ? `, next arrow to house ${x.next}${x.next_invades ? ' (it would invade it)' : ' (stopped there)'}` : '';
    row.append(el('button', {
      type: 'button', class: 'slow', 'data-ctl': `slow-${m.street}-${m.side}`, 'data-horde': k,
      'aria-pressed': on ? 'true' : 'false',
      'aria-label': `Slow ${hordeName(m)}${where}`,
      disabled: tc.busy || full ? true : null,
      onclick: () => toggleSlow(tc, m),
    }, `${on ? '✕ Slowed: ' : 'Slow '}street ${m.street} ${m.side}${x && x.next != null ? ` (→ house ${x.next}${x.next_invades ? ', invades' : ''})` : ''}`));
  }
  if (a.moving.length) box.append(row);
  const n = tc.slowSel.size;
  box.append(el('div', { class: 'choices' }, el('button', {
    type: 'button', class: 'primary', 'data-ctl': 'ammo-confirm', 'data-action': 'ammo-confirm',
    disabled: tc.busy || !slowChoice(tc) ? true : null,
    onclick: () => confirmAmmo(tc),
  }, n ? `Slow ${n} ${n === 1 ? 'horde' : 'hordes'} (${n} ammo), move the others` : !a.moving.length ? 'Go on' : a.left ? 'Slow none: let them move' : 'Let them move')));
  return box;
}

/**
 * Zombies, a hand of two (expert, AAA): both cards were used, one for its number and the other
 * for its effect; one button per card to pass it on (or give it to the AAA), the other being
 * discarded.
 */
function passChoices(tc) {
  const aaa = !!tc.cfg.aaa;
  const to = passTarget(tc);
  const eff = tc.hasActions() ? 'effect' : 'action';
  const box = el('div', { class: 'pass-choices' });
  const h = el('h3', { id: 'pass-prompt' }, aaa ? 'Which card do you give the AAA?' : `Which card do you pass on${to ? ` to ${to}` : ''}?`);
  h.append(helpTip('a hand of two', HELP.pass));
  box.append(h);
  if (tc.notice) box.append(el('p', { class: 'hint' }, tc.notice));
  box.append(el('p', { class: 'hint' }, aaa
    ? `You used both cards of your hand, one for its number and the other for its ${eff}. One of the two goes on the AAA’s pile, where its action scores for the AAA; the other is discarded.`
    : `You used both cards of your hand, one for its number and the other for its ${eff}. One of the two goes face down to ${to || 'your left neighbour'}, who plays it next turn; the other is discarded.`));
  const row = el('div', { class: 'choices', role: 'group', 'aria-labelledby': 'pass-prompt' });
  for (const p of tc.opts.pass) {
    const what = `${p.number} ${effectLabel(p.effect)}`;
    const used = p.used === 'number' ? `you wrote its number, ${p.number}` : `you used its ${eff}`;
    row.append(el('button', {
      type: 'button', class: 'pass-card', 'data-ctl': `pass-card-${p.card}`, 'data-pass-card': p.card, 'data-used': p.used,
      'aria-label': aaa ? `Give the AAA card ${p.card}, ${what} (${used})` : `Pass card ${p.card}, ${what}, on${to ? ` to ${to}` : ''} (${used})`,
      disabled: tc.busy ? true : null,
      onclick: () => passOn(tc, p.card),
      html: `${iconSvg(p.effect, 18)}<span>${aaa ? 'Give the AAA' : 'Pass'} ${p.number} ${effectLabel(p.effect)}${aaa ? '' : ' on'} <span class="pass-use">(${p.used === 'number' ? 'number' : eff} card)</span></span>`,
    }));
  }
  box.append(row);
  return box;
}

/** The hordes the Zombie card moves, targets on the sheet as in the controls. */
function ammoTargets(tc, t) {
  const o = tc.opts;
  // the hordes the Zombie card moves, on the sheet as in the controls
  // a horde is a target while it can be slowed, or to be let go again
  const left = o.ammo.left;
  for (const h of o.ammo.moving) {
    const on = tc.slowSel.has(hordeKey(h));
    if (!on && tc.slowSel.size >= left) continue;
    t.set(`z:${h.street}:${h.side}`, {
      label: on ? 'Slowed: tap to let it move.' : 'Slow it with an ammo (it stays where it is).',
      selected: on,
      activate: () => toggleSlow(tc, h),
    });
  }
}

/** The house just numbered, a target while a barricade may be built in front of it. */
function effectTargets(tc, t) {
  if (canBarricade(tc)) {
    const [s, h] = tc.draft.play.build.house;
    t.set(`h:${s}:${h}`, { label: 'Build a barricade in front of this house instead of a fence.', badge: 'barricade', activate: () => tc.useEffect('barricade') });
  }
}

/** The Zombie card resolved now. */
function ammoControls(tc, { step }) {
  step.append(ammoChoices(tc));
}

/** Which of the two cards used goes on. */
function passControls(tc, { step }) {
  step.append(passChoices(tc));
}

// ----- the table, the dealer screen and the log -----

/** The Zombie cards that came up this round (a table's view), resolved first. */
const cardsNow = (v) => (v.zombie_pile ? v.zombie_pile.now : []);

/** The Zombie cards a round's draws (a log's or a record's) turned up as it was dealt. */
const drawnCards = (draws) => draws.filter((d) => typeof d === 'string' && d.startsWith('zombie-')).map((d) => d.slice(7));

/** A Zombie card's name: "Left". */
const cardName = (c) => (ZOMBIE_CARDS[c] || {}).name || c;

/** The dealer screen: the Zombie cards that came up, which every player resolves first. */
function dealNote(v) {
  const now = cardsNow(v);
  if (!now.length) return null;
  return el('p', { class: 'zombie-cards', id: 'deal-zombies', role: 'status' },
    el('strong', {}, `Zombie card${now.length > 1 ? 's' : ''}: `), `${now.map((c) => `${cardName(c)} (${(ZOMBIE_CARDS[c] || {}).does || ''})`).join('; ')}. Resolve ${now.length > 1 ? 'them' : 'it'} first: slow hordes with ammo, the others move.`);
}

/** Above the cards of a seat that only watches the offer: the Zombie cards this round. */
function offerNote(v) {
  const now = cardsNow(v);
  return now.length ? el('p', { class: 'zombie-cards', id: 'zombie-cards' }, `Zombie card${now.length > 1 ? 's' : ''} this round: ${now.map(zombieCardText).join('; ')}.`) : null;
}

/**
 * The expert and AAA games' single draw pile as everybody sees it (its construction cards, the
 * times the expert deck ran out) and what its top shows. The edition data does not say how
 * many times the expert deck may run out yet: 3.
 */
function deckBits(t, v, deck, layout) {
  const cards = deck.packets.reduce((a, p) => a + p.cards, 0);
  const out = [`draw pile: ${cards} card${cards === 1 ? '' : 's'}`];
  const ends = (((layout || {}).zombies || {}).expert || {}).ends_at || 3;
  if (t.mode === 'expert') out.push(`pile ran out ${deck.ran_out} of ${plural(ends, 'time')}`);
  const next = v.next;
  if (next && next.zombie) out.push(`on top: ${zombieCardText(next.zombie)}`);
  else if (next && next.action) out.push(`on top: ${effectLabel(next.action)}`);
  else if (next === 'validation') out.push('on top: a Validation card');
  return out;
}

/**
 * The table's head: pile 1's cards and the Zombie cards still in it (their kinds are public);
 * in the expert and AAA games the single draw pile, counted in place of the usual pile.
 */
function pileBits(t, v, layout) {
  const zp = v.zombie_pile;
  if (!zp) return null;
  const bits = zp.deck ? deckBits(t, v, zp.deck, layout) : [`pile 1: ${zp.holds - zp.drawn} of ${plural(zp.holds, 'card')} left`];
  bits.push(zp.left.length ? `Zombie cards to come: ${zp.left.map(cardName).join(', ')}` : 'no Zombie card to come');
  return { count: !zp.deck, bits };
}

/** The log of rounds: the Zombie cards that came up as the round was dealt. */
function logNote(draws) {
  const cards = drawnCards(draws);
  return cards.length ? el('span', { class: 'log-zombies', 'data-log-zombies': cards.join(' ') }, ` — ${cards.map(zombieCardText).join('; ')} came up`) : null;
}

/** A replayed round: the Zombie cards that came up as it was dealt. */
function replayNote(draws) {
  const cards = drawnCards(draws);
  return cards.length ? el('p', { class: 'replay-zombies' }, `${cards.map(zombieCardText).join('; ').replace(/^the/, 'The')} came up first.`) : null;
}

/** The game ended as the cards ran out: pile 1 without a number, or the draw pile. */
function endText(trigger, mode) {
  if (trigger !== 'deck-exhausted') return null;
  if (mode === 'expert') return 'the draw pile ran out for the third time';
  return mode === 'solo' ? 'the draw pile ran out' : 'pile 1 had no number left';
}

/** In place of the cards of a round that offers nothing: why the game ends. */
function noCardsText(tc) {
  return tc.cfg.offer.hand
    ? 'No cards this round: the draw pile ran out, so the game ends.'
    : 'No cards this round: pile 1 has no number left, so the game ends.';
}

/** A round that offers nothing: the game ends, once the Zombie cards that came up are resolved. */
function unplayedHint(tc) {
  return tc.cfg.offer.hand
    ? `The draw pile ran out${tc.cfg.aaa ? '' : ' for the last time'}, so this round deals no cards.${(tc.cfg.moduleCards || []).length ? ' The Zombie cards that came up are resolved;' : ''} confirm to end the game.`
    : 'Pile 1 has no number left, so this round offers no cards. The Zombie cards that came up with the last flip are resolved; confirm to end the game.';
}

// ----- the AAA -----

/**
 * A Zombie card in the AAA's pile (it took the place of the last two cards given to it), as
 * the wire writes it: the edition data's `aaa_pile_card` of a Zombies sheet (the engine's
 * `aaa::ZOMBIE_CARD`); it scores as a Surveyor.
 */
const AAA_ZOMBIE_CARD = (EDITIONS.flatMap((e) => e.sheets).map((sh) => sh.aaa_pile_card).find(Boolean) || {}).card;

/** The AAA's next card: a Zombie card on top, or none (the pile is never shuffled again). */
function aaaNext(next) {
  if (next == null) return 'none (the draw pile is empty: the game ends at the next draw)';
  return next.zombie ? `a Zombie card: ${zombieCardText(next.zombie)}` : null;
}

/** The Zombie cards counted among the AAA's Surveyor cards. */
function aaaCountNote(id, given) {
  const n = given.filter((c) => c === AAA_ZOMBIE_CARD).length;
  return id === 'surveyor' && n ? ` (${n === 1 ? 'a Zombie card' : `${n} Zombie cards`} among them)` : '';
}

/** A Zombie card in the AAA's pile. */
function aaaPileItem(c) {
  if (c !== AAA_ZOMBIE_CARD) return null;
  return el('li', { class: 'zombie-card', 'data-aaa-card': c, 'data-zombie': 'true', title: 'A Zombie card: it took the place of the last two cards given to the AAA, and counts as a Surveyor' }, 'Zombie card (counts as a Surveyor)');
}

// ----- the score-sheet companion -----

/**
 * The companion's form: the Zombie cards that came up on pile 1 (with a hand: drawn) this round
 * (at most one of each, two in a round), and the last flip that leaves pile 1 without a number
 * (the draw that finds the draw pile empty for good).
 */
function entry(c, kind) {
  const z = c.layout.zombies;
  if (!z) return null;
  const seen = c.state.zombiesSeen || [];
  const sels = [0, 1].map((i) => el('select', { id: `c-zombie-${i + 1}`, 'aria-label': i ? 'Second Zombie card this round' : 'Zombie card this round' },
    el('option', { value: '' }, i ? '— no second one —' : '— none —'),
    ...(z.cards || []).filter((x) => !seen.includes(x)).map((x) => el('option', { value: x }, `${cardName(x)}: ${(ZOMBIE_CARDS[x] || {}).does || ''}`))));
  const lastFlip = el('input', { type: 'checkbox', id: 'c-last-flip' });
  const chosen = () => sels.map((x) => x.value).filter(Boolean);
  return {
    nodes: [
      el('div', { class: 'row', role: 'group', 'aria-label': kind === 'hand' ? 'Zombie cards drawn this round' : 'Zombie cards that came up on pile 1 this round' },
        el('span', {}, 'Zombie card:'), ...sels),
      el('label', { class: 'row check', for: 'c-last-flip' }, lastFlip, kind === 'hand'
        ? 'The draw pile ran out for good: the game ends (only a Zombie card drawn is resolved)'
        : 'Pile 1 has no number left: the game ends (only the Zombie card is resolved)'),
      seen.length ? el('p', { class: 'muted', id: 'c-zombies-seen' }, `Already come up: ${seen.map(zombieCardText).join('; ')}.`) : null,
    ],
    error: () => (new Set(chosen()).size < chosen().length ? 'Not sent: pile 1 holds one Zombie card of each kind.' : null),
    ends: () => lastFlip.checked,
    keep: () => {
      c.state.zombies = chosen();
    },
  };
}

/**
 * The AAA's pile as it stands this round: from level 1, each Zombie card typed with the round's
 * cards took the place of the last two cards given to it (collector expansions §8.6).
 */
function aaaGiven(c, given) {
  if (!c.layout.zombies || !c.state.aaa.level) return given;
  const out = [...given];
  for (let k = 0; k < (c.state.zombies || []).length; k++) {
    // the last two cards given leave the game; a Zombie card already there was not given
    let gone = 0;
    for (let i = out.length - 1; i >= 0 && gone < 2; i--) {
      if (out[i] !== AAA_ZOMBIE_CARD) {
        out.splice(i, 1);
        gone++;
      }
    }
    out.push(AAA_ZOMBIE_CARD);
  }
  return out;
}

/** The companion's hooks: the Zombie cards typed this round (`zombies`) and before (`zombiesSeen`). */
const companion = {
  fresh: () => ({ zombies: [], zombiesSeen: [] }),
  // the round's Zombie cards are resolved first (the draft's `ammo`)
  body: (c, typed) => (typed && (c.state.zombies || []).length ? { zombies: c.state.zombies } : null),
  entry,
  cards: (c) => c.state.zombies || [],
  aaaGiven,
  roundDone: (c) => {
    c.state.zombiesSeen = [...(c.state.zombiesSeen || []), ...(c.state.zombies || [])];
    c.state.zombies = [];
  },
  clear: (c) => {
    c.state.zombies = [];
  },
  remember: (c) => ({ zombiesSeen: [...(c.state.zombiesSeen || [])] }),
  undo: (c, prev) => {
    if (prev.zombiesSeen) c.state.zombiesSeen = prev.zombiesSeen;
    c.state.zombies = [];
  },
  aaaIntro: 'You choose which of your two cards goes to the AAA at the end of each turn. A Zombie card that comes up (typed with the cards) takes the place of the last two cards given to it, from level 1. Press the letter of a Validation card when one comes up.',
};

// ----- the turn in words -----

/** The hordes a turn slowed, one entry per Zombie card: "slowed street 1's left horde". */
function ammoText(turn) {
  return (turn.ammo || []).map((set) => (set.length
    ? `slowed ${set.map(hordeName).join(' and ')} (${set.length} ammo)`
    : 'let the hordes move'));
}

/**
 * The hand card a turn with a hand of two passed on or gave the AAA, 1-based: "passed card 2
 * (9 Pool Manufacturer)".
 */
function passText(k, offer) {
  const text = offer && offer.hand && offer.hand[k - 1];
  const c = text ? parseCard(text) : null;
  return `passed card ${k}${c ? ` (${c.number} ${effectLabel(c.effect)})` : ''}`;
}

export default {
  id: 'zombies',
  /** The sheet in a few words, on the rules page. */
  help: {
    name: 'Zombies!',
    text: 'Two piles instead of three, so two combinations a turn; three Zombie cards are shuffled into pile 1. When one comes up, its hordes move before anyone plays: Left moves the three left hordes, Right the three right ones, Both all six. Each player may first slow moving hordes with their ammo, one ammo each (1 at the start, one more for each improvement box with an ammo icon crossed); a slowed horde stays where it is, the others trace their next arrow. The house an arrow reaches is invaded unless a barricade (most houses have one printed; the Surveyor may build one in front of a house printed without, instead of its fence), a roundabout or a Z stops it: its number is erased, a Z written and fences drawn on both sides. A Z is never numbered again and no estate holding one scores. The game also ends at once when pile 1 has no number left. In the expert game and against the AAA there is one draw pile instead, action face up (a Zombie card can show on top), and a hand holds two cards: one gives the number, the other the action, then you pass one of the two on to your left neighbour (expert) or give it to the AAA. A Zombie card drawn is resolved at once and replaced; against the AAA it also takes the place of the last two cards given to it and counts as a Surveyor. The expert game ends the third time the draw pile runs out, the AAA game the first time. No new score row.',
  },
  /** How its hand differs, on the rules page. */
  handRule: 'on the Zombies sheet a hand of two: you use both, then choose which one goes on',
  index: (layout, d, { sheet }) => zombieIndex(layout, d, sheet),
  panel: ({ svg }, zi) => drawAmmo(svg, zi),
  /** A house a horde invaded (a Z; `Zb` over an Extension copy), neither empty nor numbered. */
  houseText: (t) => (t === 'Z' || t === 'Zb' ? { kind: 'invaded', bis: t === 'Zb' } : null),
  /** Invaded houses (a Z, erased over any number) are the module's own house text. */
  houseKind: ({ p }) => (p.kind !== 'invaded' ? null : {
    cls: 'invaded',
    // a horde invaded it, its number (if any) erased for a Z
    draw: (hg, { x, w, hy }) => hg.append(s('text', { x: x + w / 2, y: hy + 42, class: 'house-num invaded', 'text-anchor': 'middle' }, 'Z')),
    desc: `invaded by zombies (Z)${p.bis ? ', was an Extension copy (its penalty stays)' : ''}`,
    fresh: ', invaded this turn',
  }),
  /** The barricade in front of the house (printed, built, or none). */
  house({ hg, si, i, x, w, sy }, zi) {
    const barricade = (zi.barricades[si] || [])[i];
    if (!barricade) return '';
    hg.append(barricadeMark(x, w, sy, barricade));
    return `, ${BARRICADE_TEXT[barricade] || barricade}`;
  },
  streetEnd: ({ g, n, si, sheet, targets, big }, zi) => drawHordes(g, n, si, zi, sheet, targets, big),
  /** A real-estate box with an ammo icon circles an ammo when crossed. */
  estateColumn({ cg, layout, size, ex, ew, crossed, trackTop }) {
    const ammoBoxes = ((layout.zombies || {}).ammo_boxes || []).filter(([sz]) => sz === size).map(([, k]) => k);
    for (const k of ammoBoxes) {
      const yy = trackTop + (k - 1) * CELL;
      const bx = ex + ew - 9;
      cg.append(s('path', { d: `M${bx - 2.5} ${yy + 14}v-7a2.5 3 0 0 1 5 0v7z`, class: `ammo-icon${k <= crossed ? ' gained' : ''}`, 'data-ammo-box': `${size}-${k}` }));
    }
    return ammoBoxes.length ? `; box ${ammoBoxes.join(', ')} ${ammoBoxes.length > 1 ? 'carry' : 'carries'} an ammo icon (an ammo circled when crossed)` : '';
  },
  /**
   * The lobby's note on a mode: the expert and AAA games deal hands of two (standard: two
   * combinations). The edition data does not say so yet.
   */
  modeNote: (sheet, mode) => (mode !== 'standard' ? ` On the ${sheet.name} sheet a hand of two: use both cards, pass one on.` : ''),
  /** The turn's parts this module's steps fill in. */
  turnFields: ['ammo'],
  /** The Zombie cards resolved first; with a hand of two, the card passed on after the play. */
  turnWords: (turn, at, offer) => {
    if (at === 'first') return ammoText(turn);
    const b = at === 'play' && turn.play && turn.play.build;
    return b && b.pass ? [passText(b.pass, offer)] : [];
  },
  cardsNow,
  dealNote,
  /** The dealer screen when a round deals nothing. */
  nothingDealt: 'Pile 1 has no number left: the game ends once the Zombie card is resolved.',
  offerNote,
  pileBits,
  logNote,
  replayNote,
  endText,
  noCardsText,
  unplayedHint,
  aaaNext,
  aaaCountNote,
  aaaPileItem,
  /** A barricade built takes the place of the fence. */
  useText: (use) => (use === 'barricade' ? 'built a barricade (instead of a fence)' : null),
  stages: {
    // the round's Zombie cards are resolved before anything else, one at a time
    ammo: {
      order: 10, first: true,
      when: (tc) => !!tc.opts && !!tc.opts.ammo,
      controls: ammoControls,
      targets: ammoTargets,
      // the hordes to slow are chosen in the controls: take the keyboard there, and on to the cards
      enter: (tc) => tc.focus('[data-horde]'),
      leave: (tc, next) => tc.toCards(next),
      again: '[data-horde]:enabled, [data-ctl="ammo-confirm"]',
    },
    // a hand of two (expert, AAA): which of the two cards used goes on
    pass: {
      order: 90,
      when: (tc) => {
        const b = tc.draft.play && tc.draft.play.build;
        return !!b && b.pass == null && !!tc.opts && (tc.opts.pass || []).length > 0;
      },
      controls: passControls,
      // the card to pass on is chosen in the controls: take the keyboard there, then on to confirm
      enter: (tc) => {
        tc.showControls();
        tc.focus('[data-pass-card]');
      },
      // (once the answer is in: the button is disabled while it is asked for)
      leave: (tc, next) => {
        if (next === 'finish') tc.pendingFocus = '[data-ctl="confirm"]:enabled';
      },
      again: '[data-pass-card]',
    },
  },
  /** The hordes chosen to slow for the Zombie card resolved now ("1:left" keys). */
  reset: (tc) => {
    tc.slowSel = new Set();
  },
  aboveCards: zombieCardsView,
  notes: (tc, hint, stage) => {
    if (stage !== 'unplayed') return ammoNotes(tc, hint);
    const inv = invadedNow(tc);
    if (inv.length) hint(`Invaded: ${inv.map(houseName).join(', ')}.`);
  },
  effectTargets,
  effectHints: (tc, step) => {
    if (!canBarricade(tc)) return;
    const [s, hh] = tc.draft.play.build.house;
    const p = el('p', { class: 'hint', id: 'barricade-hint' }, `Street ${s} house ${hh} is printed without a barricade: build one in front of it instead of a fence (also by tapping the house), or draw a fence, or skip.`);
    p.append(helpTip('barricades', HELP.barricade));
    step.append(p);
  },
  effectButtons: (tc, buttons) => {
    if (!canBarricade(tc)) return;
    buttons.append(el('button', {
      type: 'button', class: 'primary', 'data-ctl': 'barricade', 'data-action': 'barricade',
      onclick: () => tc.useEffect('barricade'),
    }, 'Build a barricade (instead of a fence)'));
  },
  finishFirst: (tc, step) => {
    const passed = passNote(tc);
    if (passed) step.append(el('p', { class: 'hint', id: 'pass-note' }, passed));
  },
  restartable: (tc) => (tc.draft.ammo || []).length || tc.slowSel.size,
  companion,
};
