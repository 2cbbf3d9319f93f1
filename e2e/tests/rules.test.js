// The rules page tells the solo rules (the Solo card, how a solo game ends, the AAA), how to
// place a roundabout, and shows a picture of a sheet whose numbered marks match the list under
// it — on a desktop and on a phone, where the picture fits the screen's width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { launch, person, BASE } from './helpers.js';

for (const [device, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`rules page (${device}): solo, the AAA, roundabouts and a picture of a sheet`, { timeout: 30000 }, async () => {
    const browser = await launch();
    const errors = [];
    try {
      const { page } = await person(browser, viewport, errors);
      await page.goto(`${BASE}/rules`);
      await page.waitForSelector('#rules h1:text("How to play")');
      const text = async (id) => (await page.textContent(`#${id}`)).replace(/\s+/g, ' ');
      const h2 = (id) => page.textContent(`#rules section[aria-labelledby="${id}"] h2`);

      // Solo, 1st edition: the Solo card, the turn of three cards, the end, the temps
      assert.equal(await h2('rules-solo'), 'Solo (1st edition)');
      const solo = await text('rules');
      assert.match(solo, /The Solo card: when it comes up, .*every plan turns to its approved side/i);
      assert.match(solo, /draw three cards: use one for its number and another for its effect/);
      assert.match(solo, /The game ends after the turn that uses the last card of the pile \(27 turns\)/);
      assert.match(solo, /Temps score 7 points with 6 or more/);

      // against the AAA
      assert.equal(await h2('rules-aaa'), 'Solo against the AAA (collector edition)');
      assert.match(solo, /the third goes on top of the AAA’s pile/);
      assert.match(solo, /A Validation card is resolved as soon as it is drawn/);
      assert.match(solo, /The AAA never ends the game/);
      assert.match(solo, /its pile cut at every Barrière card/);

      // roundabouts
      assert.equal(await h2('rules-roundabouts'), 'Roundabouts (advanced variant)');
      assert.match(solo, /build a roundabout in an empty house of any street: draw it, with a fence on each side/);
      assert.match(solo, /the numbers on its right start again from 0/);
      assert.match(solo, /−3 points for one, −8 for two/);

      // the picture: a drawn street, six marks, each explained in the list under it
      const picture = page.locator('#rules-sheet-picture svg[role="img"]');
      await picture.waitFor();
      assert.equal(await page.locator('#rules-sheet-picture [data-house]').count(), 10);
      assert.deepEqual(await page.locator('#rules-sheet-picture .pic-callout').evaluateAll((gs) => gs.map((g) => [g.dataset.callout, g.dataset.shows])),
        [['1', 'numbers'], ['2', 'fence'], ['3', 'pool'], ['4', 'bis'], ['5', 'roundabout'], ['6', 'parks']]);
      const items = await page.locator('#rules-sheet-picture ol li').allTextContents();
      assert.equal(items.length, 6);
      assert.match(items[4], /roundabout/i);
      assert.match(items[1], /fence/i);
      assert.match(await page.textContent('#rules-picture-caption'), /Classic sheet/);
      assert.equal(await picture.getAttribute('aria-labelledby'), 'rules-picture-caption');
      // drawn at a readable size, inside the screen's width
      const box = await picture.boundingBox();
      assert.ok(box.width > 0.6 * Math.min(viewport.width, 736) && box.x >= 0 && box.x + box.width <= viewport.width, JSON.stringify(box));
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scrolling');

      const dir = join(process.cwd(), 'artifacts');
      mkdirSync(dir, { recursive: true });
      await page.locator('#rules-sheet-picture').screenshot({ path: join(dir, `rules-picture-${device}.png`) });
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}
