// Words: each card has one English name everywhere (the AAA's panel too), the collector sheet's
// column heads do not run into each other, the lobby's mode options are not cut off, and a solo
// table has no empty "Bots" heading.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, BASE } from './helpers.js';

const NAMES = ['Landscaper', 'Pool Manufacturer', 'Temp Agency', 'Surveyor', 'Bis', 'Real Estate Agent'];
const FRENCH = /Parc|Piscine|Intérimaire|Barrière|Extension|Amélioration/;

/**
 * The options of `select` it shows cut off: those whose own list, sized to fit them (a copy of the
 * select holding only that option, at its natural width), is wider than the select is.
 */
async function cutOptions(page, select) {
  return page.locator(select).evaluate((sel) => {
    const cut = [];
    for (const o of sel.options) {
      const probe = sel.cloneNode(false);
      probe.removeAttribute('id');
      probe.style.cssText = 'position: absolute; visibility: hidden; width: auto; max-width: none; min-width: 0';
      probe.append(o.cloneNode(true));
      sel.parentNode.append(probe);
      if (probe.offsetWidth > sel.offsetWidth + 0.5) cut.push(o.textContent);
      probe.remove();
    }
    return cut;
  });
}

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('one name per card, column heads apart, lobby options whole, no empty Bots heading', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
      const { page, context } = await person(browser, viewport, errors);
      await page.goto(`${BASE}/`);
      await page.selectOption('#edition', 'collector');
      await page.selectOption('#mode', 'solo');
      for (const sel of ['#edition', '#mode', '#aaa-level', '#sheet']) assert.deepEqual(await cutOptions(page, sel), [], `no option of ${sel} cut off at ${viewport.width} px`);
      // what the mode is, in a sentence under the list
      assert.match(await page.textContent('#mode-note'), /against the AAA automa/);
      // solo: no seat for a bot, and no heading over nothing
      assert.equal(await page.isVisible('#bots-h'), false);
      await page.selectOption('#edition', 'first');
      await page.selectOption('#mode', 'standard');
      assert.deepEqual(await cutOptions(page, '#mode'), [], `no mode cut off at ${viewport.width} px`);
      assert.equal(await page.isVisible('#bots-h'), true);
      await page.selectOption('#mode', 'solo');
      assert.equal(await page.isVisible('#bots-h'), false);
      await context.close();
    }

    // an AAA game on the collector Classic sheet
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Ada');
    await page.selectOption('#edition', 'collector');
    await page.selectOption('#mode', 'solo');
    await page.selectOption('#sheet', 'classic');
    await page.click('#create');
    await page.waitForSelector('#aaa-panel');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    // the AAA's pile counts each card by its one name
    const counts = await page.locator('#aaa-counts li').allTextContents();
    assert.deepEqual(counts.map((c) => c.replace(/: \d+.*$/, '')), NAMES);
    const panel = await page.textContent('#aaa-panel');
    assert.doesNotMatch(panel, FRENCH);
    assert.doesNotMatch(panel, /\bTemps\b/);
    // the offer names the cards as the rulebook does
    const effects = await page.locator('#controls button.card .eff span').allTextContents();
    for (const e of effects) assert.ok(NAMES.includes(e.trim()), `a card named ${e}`);
    // the sheet's column heads: the bis row is "Bis", clear of "Roundabouts"
    const heads = await page.locator('#my-sheet text.col-head').evaluateAll((ts) => ts.map((t) => {
      const b = t.getBoundingClientRect();
      return { text: t.textContent, x: b.x, y: b.y, width: b.width, height: b.height };
    }));
    const bis = heads.find((h) => h.text === 'Bis');
    const round = heads.find((h) => /^Round/.test(h.text));
    assert.ok(bis && round, heads.map((h) => h.text).join(' | '));
    assert.ok(bis.x + bis.width <= round.x, 'the bis head ends before the roundabouts head begins');
    assert.equal(heads.some((h) => /Extension/.test(h.text)), false);
    for (let i = 0; i < heads.length; i++) {
      for (let j = i + 1; j < heads.length; j++) {
        // (a head on two lines is two texts one above the other, centred alike)
        const same = Math.abs((heads[i].x + heads[i].width / 2) - (heads[j].x + heads[j].width / 2)) < 1;
        if (!same) assert.ok(!overlap(heads[i], heads[j]), `column heads ${heads[i].text} and ${heads[j].text} overlap`);
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
