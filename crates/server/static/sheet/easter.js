// Easter (thematic §2): eggs in front of some houses, collected (ringed) or lost, and the egg
// row's threshold table.

import { s, header, plural, key2 } from '../svg.js';

function eggText(e) {
  const eggs = plural(e.eggs, 'egg');
  if (e.collected === e.eggs) return `${eggs}, collected`;
  if (e.collected > 0) return `${eggs}, ${e.collected} collected, ${e.lost} lost`;
  if (e.lost === e.eggs) return `${eggs}, lost`;
  return `${eggs}, not collected yet`;
}

/** A threshold table printed on the sheet (the Easter egg box: 6 → 5, 10 → 10, …). */
function thresholdsColumn(g, x, w, col, row, ctx) {
  const { layout, G } = ctx;
  const collected = [...ctx.state('easter').eggs.values()].reduce((a, e) => a + e.collected, 0);
  header(g, G.lower, x, w, col.label, `${collected} collected`);
  layout.egg_points.forEach((t, k) => {
    const yy = ctx.trackTop + k * 30;
    const current = row && row.points === t.points && row.points > 0;
    g.append(s('rect', { x: x + 4, y: yy, width: w - 8, height: 24, rx: 5, class: current ? 'track-box current' : 'track-box' }));
    g.append(s('text', { x: x + w / 2, y: yy + 17, class: 'track-val', 'text-anchor': 'middle' }, `${t.at_least}+ → ${t.points}`));
    if (current) g.append(s('rect', { x: x + 1, y: yy - 3, width: w - 2, height: 30, rx: 7, class: 'track-current' }));
  });
}

export default {
  id: 'easter',
  /** The sheet in a few words, on the rules page. */
  help: {
    name: 'Easter egg hunt',
    text: 'Some houses hold eggs: writing a number there circles as many eggs as the number’s shape allows (0, 8 and 10 collect two). The eggs score on a track of thresholds.',
  },
  /** Its score rows, explained. */
  rowHelp: {
    eggs: 'Easter eggs: the eggs you circled, scored by the egg track’s thresholds.',
  },
  index: (layout, d) => ({ eggs: new Map((d.eggs || []).map((e) => [key2(e.house), e])) }),
  /** Eggs in front of the house, on its left. */
  house({ hg, layout, si, h, x, sy }, easter) {
    const egg = (layout.streets[si].eggs || []).find((e) => e.house === h);
    if (!egg) return '';
    const state = easter.eggs.get(`${si + 1},${h}`) || { eggs: egg.eggs, collected: 0, lost: 0 };
    const eg = s('g', { class: `eggs egg-${egg.colour}` });
    for (let k = 0; k < egg.eggs; k++) {
      const ex = x + 10 + k * 19;
      const ey = sy + 17;
      eg.append(s('ellipse', { cx: ex, cy: ey, rx: 7, ry: 9.5, class: 'egg' }));
      eg.append(s('path', { d: `M${ex - 6} ${ey - 1}q3 -3 6 0t6 0`, class: 'egg-band' }));
      if (k < state.collected) eg.append(s('circle', { cx: ex, cy: ey, r: 12.5, class: 'egg-ring' }));
      else if (k >= egg.eggs - state.lost) eg.append(s('path', { d: `M${ex - 9} ${ey + 9}L${ex + 9} ${ey - 9}`, class: 'egg-lost' }));
    }
    hg.append(eg);
    return `, ${eggText(state)}`;
  },
  columns: (layout) => ({ eggs: layout.egg_points && layout.egg_points.length ? { w: 66, draw: thresholdsColumn } : null }),
};
