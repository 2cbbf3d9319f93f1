// The score-sheet companion: type the cards on the table, play a turn with the same rules
// checks, the sheet is kept in the browser across a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, person, BASE, shotsDir } from './helpers.js';

async function playRound(page, cards) {
  await page.waitForSelector('#c-num-1');
  for (const [i, [n, e]] of cards.entries()) {
    await page.fill(`#c-num-${i + 1}`, String(n));
    await page.selectOption(`#c-eff-${i + 1}`, e);
  }
  await page.click('#c-go');
  await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
  await page.click('#controls button.card[data-combination="1"]');
  await page.locator('#companion-sheet .target').first().click();
  if (await page.locator('.chooser button').count()) await page.locator('.chooser button').first().click();
  await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"],[data-stage="finish"])');
  if ((await page.getAttribute('#controls', 'data-stage')) === 'effect') {
    const targets = page.locator('#companion-sheet .target');
    if (await targets.count()) await targets.first().click();
    else await page.click('[data-action="skip-effect"]');
  }
  await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
  await page.click('[data-action="confirm"]');
  await page.waitForSelector('#c-go');
}

test('companion: a local sheet played with typed-in cards', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/companion`);
    await playRound(page, [[7, 'surveyor'], [3, 'pool'], [12, 'temp']]);
    await playRound(page, [[9, 'real-estate'], [5, 'bis'], [15, 'landscaper']]);
    const houses = await page.locator('#companion-sheet [aria-label*=", 7"], #companion-sheet [aria-label*=", 9"]').count();
    assert.ok(houses >= 2, 'both numbers are on the sheet');
    assert.match(await page.textContent('#companion-sheet .score-line'), /total \d+/);
    await page.reload();
    await page.waitForSelector('#c-num-1');
    assert.match(await page.textContent('#controls'), /Round 3/);
    assert.ok(await page.locator('#companion-sheet [aria-label*="house"][aria-label*=", 7"]').count() >= 1);
    await page.evaluate(() => document.querySelector('.toast-area')?.replaceChildren());
    await page.screenshot({ path: join(shotsDir(), 'desktop-companion.png') });
    await page.click('#undo-round');
    assert.match(await page.textContent('#controls'), /Round 2/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('companion: the Ice Cream sheet asks for the street-3 truck', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/companion`);
    await page.waitForSelector('#c-sheet');
    page.on('dialog', (d) => d.accept());
    await page.selectOption('#c-sheet', 'ice-cream');
    await page.waitForSelector('#companion-sheet [aria-label*="ice-cream cone of"]');
    // the plans offered are the ones dealt with this sheet: its own in stack n°3
    const third = await page.locator('#plan-3 option').allTextContents();
    assert.equal(third.length, 3);
    assert.ok(third.some((t) => /circled cone/.test(t)), third.join(' | '));
    await page.fill('#c-num-1', '6');
    await page.selectOption('#c-eff-1', 'surveyor');
    await page.fill('#c-num-2', '9');
    await page.selectOption('#c-eff-2', 'pool');
    await page.fill('#c-num-3', '12');
    await page.selectOption('#c-eff-3', 'bis');
    await page.click('#c-go');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    await page.click('#controls button.card[data-combination="1"]');
    await page.locator('#companion-sheet .target[data-key^="h:3:"]').nth(4).click();
    await page.waitForSelector('#controls[data-stage="choice"][aria-busy="false"]');
    await page.click('[data-choice="right"]');
    await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"],[data-stage="finish"])');
    if ((await page.getAttribute('#controls', 'data-stage')) === 'effect') await page.click('[data-action="skip-effect"]');
    await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    const truck = await page.getAttribute('#companion-sheet [aria-label^="Street 3, ice-cream truck parked at the right end"]', 'aria-label');
    assert.match(truck, /drives the street from the right, at house 5/);
    assert.match(await page.getAttribute('#companion-sheet [aria-label^="Street 3, ice-cream truck parked at the left end"]', 'aria-label'), /crossed off/);
    assert.match(await page.textContent('#companion-sheet .score-line'), /Ice cream \d+ .* total \d+/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('companion: three cards typed as "5s 9b 12p"; an unset card is an error and nothing is sent', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 390, height: 844 }, errors);
    await page.goto(`${BASE}/companion`);
    await page.waitForSelector('#c-quick');
    // no effect is chosen before the player chooses one
    for (const i of [1, 2, 3]) assert.equal(await page.inputValue(`#c-eff-${i}`), '');
    await page.waitForLoadState('networkidle');
    let sent = 0;
    page.on('request', (r) => { if (r.url().endsWith('/api/companion/options')) sent++; });
    await page.click('#c-go');
    assert.match(await page.textContent('#c-error'), /Not sent: card 1 needs a number from 1 to 15; card 1 needs an effect/);
    // a forgotten effect letter
    await page.fill('#c-quick', '5s 9b 12');
    assert.equal(await page.inputValue('#c-num-3'), '12');
    await page.click('#c-go');
    assert.match(await page.textContent('#c-error'), /card 3 needs an effect/);
    assert.doesNotMatch(await page.textContent('#c-error'), /card [12]/);
    assert.equal(await page.getAttribute('#c-eff-3', 'aria-invalid'), 'true');
    // a letter that is no effect is named as it is typed
    await page.fill('#c-quick', '5s 9x 12p');
    assert.match(await page.textContent('#c-error'), /“x” is not an effect letter/);
    assert.equal(sent, 0, 'nothing was sent while a card was unset');
    // the three cards in one line
    await page.fill('#c-quick', '5s 9b 12p');
    assert.deepEqual(
      [await page.inputValue('#c-num-1'), await page.inputValue('#c-eff-1'), await page.inputValue('#c-num-2'), await page.inputValue('#c-eff-2'), await page.inputValue('#c-num-3'), await page.inputValue('#c-eff-3')],
      ['5', 'surveyor', '9', 'bis', '12', 'pool']);
    await page.click('#c-go');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    assert.match(await page.getAttribute('#controls button.card[data-combination="2"]', 'aria-label') || await page.textContent('#controls button.card[data-combination="2"]'), /9/);
    assert.ok(sent > 0);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('companion: a collector solo game against the AAA, with plan points from the player\'s cards', { timeout: 90000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    page.on('dialog', (d) => d.accept());
    await page.goto(`${BASE}/companion`);
    await page.waitForSelector('#c-edition');
    await page.selectOption('#c-edition', 'collector');
    await page.selectOption('#c-kind', 'hand');
    await page.waitForSelector('#companion-aaa #aaa-panel');
    assert.match(await page.textContent('#aaa-h'), /Sam \(level 1\)/);
    // plans are lettered; the shipped points are stand-ins until the player types theirs
    assert.equal(await page.getAttribute('#plan-1', 'aria-label'), 'Plan A');
    assert.ok(await page.locator('[data-plan-values="1"] .mark.placeholder').count());
    await page.fill('#plan-1-first', '12');
    await page.fill('#plan-1-second', '6');
    await page.locator('#plan-1-second').dispatchEvent('change');
    await page.waitForSelector('[data-plan-values="1"] .mark.entered');
    // the turn: number of 5-surveyor, effect of 9-pool; 12-temp goes to the AAA
    await page.fill('#c-quick', '5s 9p 12t');
    await page.click('#c-go');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    await page.click('#controls button.card[data-card="1"]');
    await page.click('#controls button.card[data-card="2"]');
    await page.locator('#companion-sheet .target').first().click();
    await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"],[data-stage="finish"])');
    if ((await page.getAttribute('#controls', 'data-stage')) === 'effect') await page.click('[data-action="skip-effect"]');
    await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    await page.waitForFunction(() => document.querySelector('#aaa-pile-count')?.textContent === '1');
    assert.equal(await page.getAttribute('#aaa-pile li', 'data-aaa-card'), '12-temp');
    // its Intérimaire card scores 1 and ranks first against a sheet with no temp
    await page.waitForSelector('#c-standing');
    assert.equal(await page.getAttribute('#c-standing', 'data-standing'), 'loss');
    // a Validation card A: Sam validates plan A for the points typed in, and the plan turns
    await page.click('#c-validation-a');
    await page.waitForFunction(() => /Plan A: 12 points/.test(document.querySelector('#aaa-validated')?.textContent || ''));
    assert.ok(await page.isChecked('#approved-1'));
    assert.ok(await page.isDisabled('#c-validation-a'));
    assert.equal(await page.textContent('#aaa-score [data-row="plans"] td'), '12');
    // all of it survives a reload; the undo takes the validation back
    await page.reload();
    await page.waitForSelector('#companion-aaa #aaa-panel');
    assert.equal(await page.textContent('#aaa-pile-count'), '1');
    await page.click('#undo-round');
    await page.waitForFunction(() => /No plan validated/.test(document.querySelector('#aaa-validated')?.textContent || ''));
    assert.ok(!(await page.isChecked('#approved-1')));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
