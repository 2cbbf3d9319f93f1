// How plans are named after the table's edition: "Plan A" on the collector edition's tables,
// sheets and logs, "n°1" on the 1st edition's; and the mark a table's kind carries when its
// sheet's own values are stand-ins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { BASE, launch, person, createTable } from './helpers.js';

const GOLDEN = join(process.cwd(), '..', 'tests', 'golden');

/** Opens a golden record in the replay page at round `round`. */
async function replayAt(page, file, round) {
  await page.goto(`${BASE}/`);
  await page.setInputFiles('#record-file', join(GOLDEN, file));
  await page.waitForURL(/\/replay$/);
  await page.waitForSelector('#replay-sheets .replay-sheet svg');
  await page.locator('#replay-slider').fill(String(round));
  await page.waitForFunction((r) => document.querySelector('#replay-round')?.textContent.startsWith(`Round ${r} of`), round);
}

/** The labels of the plan boxes of the first sheet on the page, and its plans column's name. */
async function plansColumn(page, sheet) {
  const col = page.locator(`${sheet} .column-plans`).first();
  return { labels: await col.locator('text.small').allTextContents(), aria: await col.getAttribute('aria-label') };
}

test('collector: plans are named A, B, C, and the sheet’s stand-in values are marked', { timeout: 30000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Lea');
    await page.selectOption('#edition', 'collector');
    await page.selectOption('#mode', 'standard');
    await page.fill('#seats', '2');
    await page.selectOption('#bot-2', 'greedy');
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    // the head marks the sheet's placeholder values, naming them with their sources
    await page.waitForSelector('#table-kind .mark.placeholder');
    assert.match(await page.textContent('#table-kind'), /Classic/);
    const title = await page.getAttribute('#table-kind .mark.placeholder', 'title');
    assert.match(title, /^Placeholder until the printed value is known: houses per street 10, 11, 12 and the pool houses \(rules-collector-edition\.md §3, .*\); park tracks beyond 4/);
    assert.doesNotMatch(title, /a fence at both ends/, 'a verified entry is not listed');
    assert.match(title, /deck: which action is on the back of which number/, 'the edition\'s deck stand-in too');
    assert.doesNotMatch(title, /basic plans|AAA setup/, 'plans and the AAA carry their own marks');
    await page.click('#start');
    await page.waitForSelector('#controls[data-stage="place"]');
    assert.equal(await page.locator('#table-kind .mark.placeholder').count(), 1);
    // the plans panel and the sheet
    assert.match(await page.textContent('.plan[data-plan="2"]'), /Plan B/);
    const { labels, aria } = await plansColumn(page, '#my-sheet');
    assert.deepEqual(labels, ['A', 'B', 'C']);
    assert.match(aria, /Plan A not scored, Plan B not scored, Plan C not scored/);

    // a plan validated in a collector game, as the replay's log, plans and sheets name it
    await replayAt(page, 'record-collector-standard-4.json', 15);
    assert.match(await page.textContent('#replay-log [data-log-seat="1"]'), /; validated plan A$/);
    assert.match(await page.textContent('#replay-plans [data-plan="1"]'), /^Plan A /);
    const replayed = await plansColumn(page, '#replay-sheets [data-seat="1"]');
    assert.deepEqual(replayed.labels, ['A', 'B', 'C']);
    assert.match(replayed.aria, /Plan A \d+ points, Plan B not scored/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('1st edition: plans keep n°1, n°2, n°3, and a classic table has no mark', { timeout: 30000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await createTable(page, { name: 'Max', mode: 'solo' });
    await page.waitForSelector('#controls[data-stage="place"]');
    assert.match(await page.textContent('#table-kind'), /Classic/);
    assert.equal(await page.locator('#table-head .mark').count(), 0);
    assert.match(await page.textContent('.plan[data-plan="1"]'), /n°1/);
    const { labels, aria } = await plansColumn(page, '#my-sheet');
    assert.deepEqual(labels, ['n°1', 'n°2', 'n°3']);
    assert.match(aria, /n°1 not scored, n°2 not scored, n°3 not scored/);

    await replayAt(page, 'record-standard-3.json', 21);
    assert.match(await page.textContent('#replay-log [data-log-seat="1"]'), /; validated plan n°3$/);
    assert.match(await page.textContent('#replay-plans [data-plan="3"]'), /^n°3 /);
    assert.deepEqual((await plansColumn(page, '#replay-sheets [data-seat="1"]')).labels, ['n°1', 'n°2', 'n°3']);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
