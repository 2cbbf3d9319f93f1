// Zombies (collector expansions §8): the hordes at the street ends with their arrows, the ammo
// stock, the barricades in front of the houses and the houses the hordes invaded (a Z), on the
// sheet; and in the turn, the round's Zombie cards resolved first (which moving hordes to slow
// with ammo), the barricade the Surveyor may build instead of a fence, and with a hand of two
// the card passed on. Target keys: "z:s:side" the horde at that end of street s.

import { s, RIGHT, BW, CELL, cellX, houseBox, houseY, stripY, crossMark, makeActionable, plural, TOP } from '../svg.js';

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

export default {
  id: 'zombies',
  index: (layout, d, { sheet }) => zombieIndex(layout, d, sheet),
  panel: ({ svg }, zi) => drawAmmo(svg, zi),
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
};
