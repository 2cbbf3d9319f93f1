// Shared helpers for the browser tests: Debian's Chromium through playwright-core, and the
// clicks a player makes to play a turn.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const BASE = process.env.E2E_BASE || 'http://127.0.0.1:8080';
export const SHOTS = process.env.E2E_SCREENSHOTS || join(process.cwd(), '..', 'docs', 'screenshots');

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Chromium with a fresh profile (playwright-core makes a temporary user-data dir per launch). */
export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ARGS, headless: true });
}

/** One person: an isolated browser context (own localStorage) and a page. */
export async function person(browser, viewport = { width: 1280, height: 900 }, errors = []) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  watchErrors(page, errors);
  return { context, page };
}

export function watchErrors(page, errors) {
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/WebSocket|Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`); });
}

export function shotsDir() {
  mkdirSync(SHOTS, { recursive: true });
  return SHOTS;
}

/** Creates a table from the lobby form; returns its id. */
export async function createTable(page, { name = 'Alice', mode = 'standard', seats = 2, bots = {}, advanced = false, sheet = 'classic' } = {}) {
  await page.goto(`${BASE}/`);
  await page.fill('#name', name);
  await page.selectOption('#mode', mode);
  await page.selectOption('#sheet', sheet);
  if (mode !== 'solo') await page.fill('#seats', String(seats));
  if (advanced) await page.check('#advanced');
  for (const [seat, kind] of Object.entries(bots)) await page.selectOption(`#bot-${seat}`, kind);
  await page.click('#create');
  await page.waitForURL(/\/t\/[^/]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
}

async function stage(page) {
  await page.waitForSelector('#controls[aria-busy="false"]:not([data-stage="loading"])', { timeout: 15000 });
  return page.getAttribute('#controls', 'data-stage');
}

async function round(page) {
  const t = await page.textContent('#table-head');
  const m = t.match(/round (\d+)/);
  return m ? Number(m[1]) : null;
}

/**
 * Plays one whole turn by clicking, as a person would: a combination (or number card and
 * effect card), a highlighted house (in `street` when one is highlighted there; among the houses
 * whose name matches `prefer` when there are some), the truck when the number asks for it, the
 * effect (its first target, or skip), confirm. Takes a refusal when nothing fits. When the sheet
 * owes a crossed bonus (Ice Cream against the AAA), first crosses off the bonus of the first
 * street offered, or of `cross` when it is offered. Halloween: circles `treat` ('ghost',
 * 'candy', or an async function of the page answering one) on every ghost/candy house
 * numbered, claims the first tier offered that matches the selector `tier` (none with null),
 * and uses each ghost bonus on its first target (on the sheet, the first matching `prefer`).
 * Roswell: circles infiltration objective `objective` when the turn asks for one, and
 * infiltrates when it is offered and `infiltrate` is true (or an async function of the page
 * answering true). Zombies: at each Zombie card slows the hordes `slow` names ('all': as many as
 * the ammo allows, 'none', or an async function of the page clicking its own), then confirms;
 * builds a barricade when `barricade` is true and one is offered; a round with nothing to play
 * is confirmed as it is; with a hand of two (expert, AAA) the number card is the first whose
 * number fits and the other gives the effect, and at the pass stage it passes on (or gives the
 * AAA) the card `pass` names ('effect', 'number', or an async function of the page clicking its
 * own, answering the card). Returns what it did: 'build', 'refuse', 'unplayed' or
 * 'plan', with ' + choice' when a truck was chosen, ' + cross N' for each bonus crossed off,
 * ' + ghost' / ' + candy' for each circle, ' + tier T' for a tier claimed (T as its button's
 * data-tier, with '/option' for a ghost tier), ' + bonus U' for each ghost bonus used,
 * ' + objective K' for the objective circled, ' + infiltrate' for an infiltration, ' + slow N'
 * for each Zombie card (N hordes slowed), ' + barricade' for a barricade built and ' + pass K'
 * for the hand card K passed on.
 */
export async function playTurn(page, { useEffect = true, validatePlans = true, street = null, truck = 'left', cross = null, prefer = null, treat = 'ghost', tier = '[data-tier]', objective = 1, infiltrate = false, slow = 'all', barricade = false, pass = 'effect' } = {}) {
  let did = 'build';
  let chose = '';
  const seen = [];
  for (let guard = 0; guard < 30; guard++) {
    const st = await stage(page);
    seen.push(st);
    if (st === 'submitted') return did + chose;
    if (st === 'ammo') {
      if (typeof slow === 'function') await slow(page);
      else if (slow === 'all') {
        // each toggle still enabled, until the ammo runs out (they turn disabled)
        for (let k = 0; k < 6; k++) {
          const free = page.locator('#controls [data-horde][aria-pressed="false"]:enabled');
          if (!(await free.count())) break;
          await free.first().click();
        }
      }
      const n = await page.locator('#controls [data-horde][aria-pressed="true"]').count();
      await page.click('#controls [data-action="ammo-confirm"]');
      chose += ` + slow ${n}`;
      continue;
    }
    if (st === 'unplayed') {
      await page.click('[data-action="confirm"]');
      await page.waitForFunction(() => !!document.querySelector('#results') || !!document.querySelector('#controls[data-stage="submitted"]'), null, { timeout: 15000 });
      return `unplayed${chose}`;
    }
    if (st === 'objective') {
      await page.click(`#controls [data-objective="${objective}"]`);
      chose += ` + objective ${objective}`;
      continue;
    }
    if (st === 'cross') {
      const offered = await page.locator('#controls [data-cross]').evaluateAll((bs) => bs.map((b) => Number(b.dataset.cross)));
      const s = offered.includes(cross) ? cross : offered[0];
      await page.click(`#controls [data-cross="${s}"]`);
      chose += ` + cross ${s}`;
      continue;
    }
    if (st === 'place') {
      const refuse = page.locator('[data-action="refuse"]');
      if (await refuse.count()) {
        const pass = page.locator('[data-ctl^="pass-"]');
        if (await pass.count()) await pass.first().click();
        await refuse.click();
        did = 'refuse';
        continue;
      }
      const combos = page.locator('#controls button.card[data-combination]:enabled');
      const cards = page.locator('#controls button.card[data-card]');
      if (await page.locator('#my-sheet .target').count() === 0) {
        if (await combos.count()) {
          await combos.first().click();
        } else {
          // hand: the number card, then a different card for the effect (of a hand of two, the
          // other card gives it at once)
          const free = page.locator('#controls button.card[data-card][aria-pressed="false"]:enabled');
          await free.first().click();
          if (await cards.count() > 2) {
            const more = page.locator('#controls button.card[data-card][aria-pressed="false"]:enabled');
            await more.first().click();
          }
        }
        await page.waitForSelector('#my-sheet .target');
      }
      await clickBestHouse(page, street, prefer);
      const chooser = page.locator('.chooser button');
      if (await chooser.count()) await chooser.first().click();
      continue;
    }
    if (st === 'pass') {
      let k;
      if (typeof pass === 'function') k = await pass(page);
      else {
        const b = page.locator(`#controls [data-pass-card][data-used="${pass}"]`);
        k = await b.getAttribute('data-pass-card');
        await b.click();
      }
      chose += ` + pass ${k ?? '?'}`;
      continue;
    }
    if (st === 'choice') {
      await page.click(`[data-choice="${truck}"]`);
      chose = ' + choice';
      continue;
    }
    if (st === 'circle') {
      const t = typeof treat === 'function' ? await treat(page) : treat;
      await page.click(`#controls [data-treat="${t}"]`);
      chose += ` + ${t}`;
      continue;
    }
    if (st === 'bonus') {
      // a ghost bonus: the first use listed in the controls, else the first target on the sheet
      const listed = page.locator('#controls [data-bonus-use]:enabled');
      if (await listed.count()) {
        chose += ` + bonus ${await listed.first().getAttribute('data-bonus-use')}`;
        await listed.first().click();
      } else {
        const labels = await page.locator('#my-sheet .target').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
        const k = prefer ? Math.max(0, labels.findIndex((l) => prefer.test(l))) : 0;
        const target = page.locator('#my-sheet .target').nth(k);
        chose += ` + bonus ${await target.getAttribute('data-key')}`;
        await target.click();
        const chooser = page.locator('.chooser button');
        if (await chooser.count()) await chooser.first().click();
      }
      continue;
    }
    if (st === 'effect') {
      const walls = page.locator('[data-action="barricade"]');
      if (barricade && await walls.count()) {
        await walls.click();
        chose += ' + barricade';
        continue;
      }
      const offered = page.locator('[data-action="infiltrate"]');
      if (await offered.count() && (typeof infiltrate === 'function' ? await infiltrate(page) : infiltrate)) {
        await offered.click();
        chose += ' + infiltrate';
        continue;
      }
      // the action's targets, not a saucer to infiltrate with nor a house to barricade
      const targets = page.locator('#my-sheet .target:not([data-key^="u:"]):not([aria-label*="Build a barricade"])');
      const use = page.locator('[data-action="use-effect"]');
      if (useEffect && await use.count()) await use.first().click();
      else if (useEffect && await targets.count()) {
        await targets.first().click();
        const chooser = page.locator('.chooser button');
        if (await chooser.count()) await chooser.first().click();
      } else await page.click('[data-action="skip-effect"]');
      continue;
    }
    if (st === 'finish') {
      // validate a plan when one can be: by its button, then by clicking its estates
      const plan = page.locator('#controls button[data-plan][aria-pressed="false"]');
      if (validatePlans && await plan.count()) {
        await plan.first().click();
        for (let k = 0; k < 8; k++) {
          await stage(page);
          if (await page.locator('#controls[data-mode="plan"]').count() === 0) break;
          const free = page.locator('#my-sheet .target:not(.selected)');
          if (!(await free.count())) break;
          await free.first().click();
        }
        did = 'plan';
        continue;
      }
      // then a Halloween tier, when one that is wanted is offered
      const claim = tier ? page.locator(`#controls button${tier}:enabled`) : null;
      if (claim && await claim.count()) {
        const b = claim.first();
        const option = await b.getAttribute('data-option');
        chose += ` + tier ${await b.getAttribute('data-tier')}${option ? `/${option}` : ''}`;
        await b.click();
        continue;
      }
      const reshuffle = page.locator('#reshuffle');
      if (await reshuffle.count()) await reshuffle.check();
      const r = await round(page);
      await page.click('[data-action="confirm"]');
      // a plan that could be validated is not: the page asks before it confirms
      const skip = page.locator('[data-action="confirm-skip"]');
      if (await skip.count()) {
        const warning = await page.textContent('#claim-warning');
        if (!/Plan (n°\d|[A-C]\b).* can be validated this turn|A Halloween tier can be claimed this turn/.test(warning)) throw new Error(`unexpected warning: ${warning}`);
        if (await page.getAttribute('#controls', 'data-stage') !== 'finish') throw new Error('confirmed before the question was answered');
        await skip.click();
        chose += /Plan/.test(warning) ? ' + plan skipped' : ' + tier skipped';
      }
      // confirmed: either we wait for the others, or the round resolved at once
      await page.waitForFunction((prev) => {
        if (document.querySelector('#results')) return true;
        if (document.querySelector('#controls[data-stage="submitted"]')) return true;
        const m = (document.querySelector('#table-head')?.textContent || '').match(/round (\d+)/);
        return m && Number(m[1]) > prev;
      }, r, { timeout: 15000 });
      return did + chose;
    }
  }
  mkdirSync(join(process.cwd(), 'artifacts'), { recursive: true });
  await page.screenshot({ path: join(process.cwd(), 'artifacts', `stuck-${Date.now()}.png`), fullPage: true });
  throw new Error(`the turn did not finish; stages seen: ${seen.join(' ')}`);
}

/**
 * Clicks the highlighted house where the number sits best on its street (a low number to the
 * left, a high one to the right), as a careful player would; this keeps games long. With
 * `street`, a house of that street when one is highlighted there; with `prefer` (a regular
 * expression), a house whose name matches it when one does.
 */
async function clickBestHouse(page, street = null, prefer = null) {
  const labels = await page.locator('#my-sheet .target').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  // each street's length as drawn (10, 11, 12 on the Classic streets)
  const lens = await page.locator('#my-sheet .street').evaluateAll((gs) => gs.map((g) => g.querySelectorAll('.house').length));
  const inStreet = street != null && labels.some((l) => l.startsWith(`Street ${street},`));
  const preferred = prefer != null && labels.some((l) => prefer.test(l));
  let best = 0;
  let bestCost = Infinity;
  labels.forEach((label, i) => {
    const m = label.match(/Street (\d+), house (\d+)/);
    const n = label.match(/Write (\d+) here/) || label.match(/Accepts (\d+)/);
    if (!m || !n) return;
    const s = Number(m[1]);
    const h = Number(m[2]);
    if (inStreet && s !== street) return;
    if (preferred && !prefer.test(label)) return;
    const cost = Math.abs((h - 0.5) / lens[s - 1] - Number(n[1]) / 17);
    if (cost < bestCost) { bestCost = cost; best = i; }
  });
  await page.locator('#my-sheet .target').nth(best).click();
}

export async function currentRound(page) {
  // just after the start the page may not show the game yet: wait for its round (or the end)
  await page.waitForFunction(() => document.querySelector('#results')
    || /round \d+/.test(document.querySelector('#table-head')?.textContent || ''), null, { timeout: 10000 });
  return round(page);
}

/** Waits until the page shows a round after `r` or the final scores. */
export async function waitNextRound(page, r, timeout = 20000) {
  await page.waitForFunction((prev) => {
    if (document.querySelector('#results')) return true;
    const t = document.querySelector('#table-head')?.textContent || '';
    const m = t.match(/round (\d+)/);
    return m && Number(m[1]) > prev;
  }, r, { timeout });
}

/**
 * The final breakdown of the first seat listed (the only one in solo; an AAA's line is not a
 * seat's): its row cells by row id (signed points) and the total.
 */
export async function breakdown(page) {
  const cells = await page.locator('#breakdown tbody tr[data-seat-row]').first().locator('td[data-row]').evaluateAll((tds) =>
    tds.map((td) => [td.dataset.row, Number(td.textContent.replace('−', '-'))]));
  const all = Object.fromEntries(cells);
  const total = all.total;
  delete all.total;
  return { cells: all, total };
}
