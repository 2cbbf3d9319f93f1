// Christmas (thematic §4): strings of lights hung between neighbouring houses (the engine's
// derived `links`), each a garland in front of the two houses.

import { s, BW, houseBox, stripY } from '../svg.js';

export default {
  id: 'christmas',
  /** The sheet in a few words, on the rules page. */
  help: {
    name: 'Christmas lights',
    text: 'Two neighbouring houses whose numbers follow each other (or a bis and its copy) are linked by lights. Each street scores one point per house of its longest string.',
  },
  /** Its score rows, explained. */
  rowHelp: {
    lights: 'Christmas lights: per street, one point per house of its longest string of linked houses.',
  },
  index: (layout, d) => ({ links: new Set((d.links || []).map(([a, b]) => `${a},${b}`)) }),
  /** The strings of lights on either side of the house, in its name. */
  house({ si, h }, { links }) {
    const linked = (k) => links.has(`${si + 1},${k}`);
    if (linked(h - 1) && linked(h)) return `, lit with houses ${h - 1} and ${h + 1}`;
    if (linked(h - 1)) return `, lit with house ${h - 1}`;
    if (linked(h)) return `, lit with house ${h + 1}`;
    return '';
  },
  /** A garland from the front of a house to the front of its neighbour. */
  streetEnd({ g, n, si }, { links }) {
    const sy = stripY(si);
    for (let k = 1; k < n; k++) {
      if (!links.has(`${si + 1},${k}`)) continue;
      const x1 = houseBox(n, k - 1).x + BW / 2;
      const x2 = houseBox(n, k).x + BW / 2;
      const lg = s('g', { class: 'garland', role: 'img', 'aria-label': `Street ${si + 1}, string of lights between houses ${k} and ${k + 1}` });
      lg.append(s('path', { d: `M${x1} ${sy + 6}Q${(x1 + x2) / 2} ${sy + 38} ${x2} ${sy + 6}`, class: 'garland-wire' }));
      [0.25, 0.5, 0.75].forEach((t, b) => {
        const bx = x1 + (x2 - x1) * t;
        const by = sy + 6 + 32 * 2 * t * (1 - t);
        lg.append(s('ellipse', { cx: bx, cy: by + 5, rx: 4, ry: 5.5, class: `bulb bulb-${b + 1}` }));
      });
      g.append(lg);
    }
  },
};
