// A whole solo game on a phone in portrait, one-handed: only taps, and at every step of every
// turn each enabled target is at least 44 × 44 CSS pixels and the text of play at least 12
// pixels; the sheet and the turn bar share the first screen, the bar at its bottom. Then the
// game's replay, on the same phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, watchErrors, BASE } from './helpers.js';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** Everything a player taps or reads during a turn, measured in the page. */
async function audit(page) {
  return page.evaluate(() => {
    const shown = (e) => e.checkVisibility({ visibilityProperty: true }) && e.getClientRects().length > 0;
    const small = [];
    const targets = [
      ...document.querySelectorAll('#controls button:enabled, #my-sheet .target, #sheet-tabs button, #controls label.row'),
    ].filter(shown);
    for (const t of targets) {
      const r = t.getBoundingClientRect();
      if (r.width < 44 || r.height < 44) small.push(`${t.dataset.ctl || t.dataset.key || t.id || t.textContent.trim().slice(0, 30)}: ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
    }
    // Text: the turn bar, the sheet (house numbers and every other mark drawn in text), the
    // score rows, the plans.
    const tiny = [];
    const roots = document.querySelectorAll('#controls, #my-sheet, #side .plans');
    for (const root of roots) {
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!n.textContent.trim()) continue;
        const e = n.parentElement;
        // icons carry their name beside them (aria-hidden); help tips are closed
        if (!shown(e) || e.closest('.visually-hidden, title, [aria-hidden="true"], .tip-text')) continue;
        let px = parseFloat(getComputedStyle(e).fontSize);
        const svg = e.closest('svg');
        if (svg) px *= e.getScreenCTM().a;
        if (px < 12) tiny.push(`${n.textContent.trim().slice(0, 20)} (${e.getAttribute('class') || e.tagName}): ${px.toFixed(1)}px`);
      }
    }
    const houseNums = [...document.querySelectorAll('#my-sheet text.house-num')].map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
    const scoreRows = [...document.querySelectorAll('#my-sheet .score-table tr')].filter(shown).length;
    const kinds = [...new Set(targets.map((t) => (t.dataset.key ? t.dataset.key[0] : t.dataset.ctl ? t.dataset.ctl.replace(/-.*/, '') : 'other')))];
    return { small, tiny, kinds, houseNums, scoreRows };
  });
}

/** Kinds of targets measured over the game: `h` houses, `f` fence slots, controls by name. */
const measured = new Set();

async function check(page, where) {
  const a = await audit(page);
  for (const k of a.kinds) measured.add(k);
  assert.deepEqual(a.small, [], `${where}: targets under 44×44`);
  assert.deepEqual(a.tiny, [], `${where}: text under 12 px`);
  assert.ok(a.scoreRows >= 9, `${where}: the score rows are shown (${a.scoreRows})`);
  return a;
}

async function stage(page) {
  await page.waitForSelector('#controls[aria-busy="false"]:not([data-stage="loading"]), #results', { timeout: 15000 });
  if (await page.locator('#results').count()) return 'over';
  return page.getAttribute('#controls', 'data-stage');
}

const tapFirst = async (page, selector) => {
  const l = page.locator(selector);
  if (!(await l.count())) return false;
  await l.first().tap();
  return true;
};

/** One turn, by taps only, with the simplest choices; audits every step. Returns the stages seen. */
async function playTurn(page, round) {
  const seen = [];
  for (let guard = 0; guard < 20; guard++) {
    const st = await stage(page);
    seen.push(st);
    if (st === 'over' || st === 'submitted') return seen;
    await check(page, `round ${round}, ${st}`);
    if (st === 'place') {
      if (await tapFirst(page, '[data-action="refuse"]')) continue;
      if (!(await page.locator('#my-sheet .target').count())) {
        // the number card, then another card for the effect, a Surveyor's when there is one
        // (its fence slots are the narrowest targets of the sheet)
        await tapFirst(page, '#controls button.card[aria-pressed="false"]:enabled');
        if (!(await tapFirst(page, '#controls button.card[aria-pressed="false"][title^="Surveyor"]:enabled'))) {
          await tapFirst(page, '#controls button.card[aria-pressed="false"]:enabled');
        }
        await page.waitForSelector('#my-sheet .target');
        await check(page, `round ${round}, houses lit`);
      }
      await tapFirst(page, '#my-sheet .target');
      if (await page.locator('.chooser button').count()) {
        await check(page, `round ${round}, number chooser`);
        await tapFirst(page, '.chooser button');
      }
    } else if (st === 'effect') {
      if (await tapFirst(page, '[data-action="use-effect"]')) continue;
      if (await tapFirst(page, '#controls [data-estate]')) continue;
      if (await page.locator('#my-sheet .target').count()) {
        await tapFirst(page, '#my-sheet .target');
        if (await page.locator('.chooser button').count()) {
          await check(page, `round ${round}, bis chooser`);
          await tapFirst(page, '.chooser button');
        }
        continue;
      }
      await page.locator('[data-action="skip-effect"]').tap();
    } else if (st === 'finish') {
      const plan = page.locator('#controls button[data-plan][aria-pressed="false"]');
      if (await plan.count()) {
        await plan.first().tap();
        await stage(page);
        await check(page, `round ${round}, plan`);
        if (!(await tapFirst(page, '[data-ctl="plan-auto"]'))) {
          for (let k = 0; k < 8 && (await page.locator('#controls[data-mode="plan"]').count()); k++) {
            await stage(page);
            if (!(await tapFirst(page, '#my-sheet .target:not(.selected)'))) break;
          }
        }
        continue;
      }
      // Confirm sits in the bar at the bottom of the screen, in reach of the thumb.
      const confirm = await page.locator('[data-action="confirm"]').boundingBox();
      assert.ok(confirm.y + confirm.height <= 844 && confirm.y > 844 / 2, `Confirm at ${JSON.stringify(confirm)}`);
      await page.locator('[data-action="confirm"]').tap();
      if (await page.locator('[data-action="confirm-skip"]').count()) await page.locator('[data-action="confirm-skip"]').tap();
      await page.waitForFunction((prev) => {
        if (document.querySelector('#results')) return true;
        const m = (document.querySelector('#table-head')?.textContent || '').match(/round (\d+)/);
        return m && Number(m[1]) > prev;
      }, round, { timeout: 15000 });
      return seen;
    }
  }
  throw new Error(`round ${round}: the turn did not finish (${seen.join(' ')})`);
}

test('phone: a whole solo game by taps, one-handed in portrait, then its replay', { timeout: 120000 }, async () => {
  const browser = await launch();
  const errors = [];
  const started = Date.now();
  let page;
  try {
    const context = await browser.newContext(PHONE);
    page = await context.newPage();
    watchErrors(page, errors);
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Pat');
    await page.selectOption('#mode', 'solo');
    await page.locator('#create').tap();
    await page.waitForURL(/\/t\/[^/]+$/);
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');

    // The first screen: a one-line header, the table's head folded to a line, the streets,
    // and the turn bar fixed at the bottom; nothing of it hidden behind another.
    const box = (sel) => page.locator(sel).first().boundingBox();
    const header = await box('header.top');
    const head = await box('#table-head');
    const streets = await box('#my-sheet .sheet-scroll');
    const bar = await box('#controls');
    assert.ok(header.height <= 48, `header ${header.height}px high`);
    assert.ok(head.height <= 90, `table head ${head.height}px high`);
    assert.equal(await page.locator('#invite').count(), 0);
    assert.ok(streets.y + streets.height <= bar.y + 1, `the streets (to ${streets.y + streets.height}) end above the turn bar (from ${bar.y})`);
    assert.ok(Math.abs(bar.y + bar.height - 844) <= 1, `the turn bar ends at ${bar.y + bar.height}`);
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('#controls')).position), 'fixed');
    // the page never scrolls sideways; the streets do, inside their box
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);

    let round = 0;
    const stages = new Set();
    let houseNums = [];
    for (let i = 0; i < 60; i++) {
      if (await page.locator('#results').count()) break;
      const m = (await page.textContent('#table-head')).match(/round (\d+)/);
      round = Number(m[1]);
      for (const s of await playTurn(page, round)) stages.add(s);
      const a = await audit(page);
      if (a.houseNums.length) houseNums = a.houseNums;
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    assert.ok(round >= 3, `played ${round} rounds`);
    assert.ok(stages.has('effect') && stages.has('finish'), [...stages].join(' '));
    assert.ok(houseNums.length > 0 && Math.min(...houseNums) >= 12, `house numbers ${Math.min(...houseNums)}px`);
    assert.ok(measured.has('h') && measured.has('card') && measured.has('confirm') && measured.has('restart'), [...measured].join(' '));
    // the game is over: the bar leaves the screen and gives its room back
    assert.equal(await page.isVisible('#controls'), false);

    // The replay of this game, on the same phone: a step is a tap, and the sheet changes.
    await page.locator('#replay-link').tap();
    await page.waitForSelector('#replay-sheets .replay-sheet svg');
    assert.match(await page.textContent('#replay-round'), new RegExp(`^Round 1 of ${round}$`));
    const houses = () => page.locator('#replay-sheets .replay-sheet text.house-num').allTextContents();
    const one = await houses();
    await page.locator('#replay-next').tap();
    await page.waitForFunction(() => /^Round 2 /.test(document.querySelector('#replay-round').textContent));
    assert.notDeepEqual(await houses(), one, 'round 2 changed the sheet');
    for (const id of ['#replay-first', '#replay-prev', '#replay-next', '#replay-last']) {
      const b = await box(id);
      assert.ok(b.width >= 44 && b.height >= 44, `${id}: ${b.width}×${b.height}`);
    }
    assert.deepEqual(errors, []);
    console.log(`phone solo game: ${round} rounds in ${((Date.now() - started) / 1000).toFixed(1)} s; targets measured: ${[...measured].sort().join(' ')}`);
  } catch (e) {
    if (page) {
      mkdirSync(join(process.cwd(), 'artifacts'), { recursive: true });
      await page.screenshot({ path: join(process.cwd(), 'artifacts', 'phone-failure.png') }).catch(() => {});
    }
    throw e;
  } finally {
    await browser.close();
  }
});
