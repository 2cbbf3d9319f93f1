// The collector edition's AAA solo game (level 1, Sam) played to the end by clicking: the AAA's
// pile grows by one card a turn, and the end compares both totals with an outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, person, playTurn, currentRound, waitNextRound, breakdown } from './helpers.js';

const pileCount = async (page) => Number(await page.textContent('#aaa-pile-count'));

test('AAA solo (collector, level 1): the AAA takes a card a turn and the end compares the totals', { timeout: 280000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Ada');
    await page.selectOption('#edition', 'collector');
    await page.selectOption('#mode', 'solo');
    // the level list names each opponent, and says which values are stand-ins
    const levels = await page.locator('#aaa-level option').allTextContents();
    assert.equal(levels.length, 6);
    assert.ok(levels.includes('1 — Sam (placeholder values)'), levels.join(' | '));
    await page.selectOption('#aaa-level', '1');
    assert.match(await page.getAttribute('#aaa-note .mark.placeholder', 'title'), /validation icons/);
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    await page.waitForSelector('#aaa-panel');
    assert.equal(await pileCount(page), 0);
    assert.match(await page.textContent('#aaa-h'), /Sam \(level 1\)/);
    let turns = 0;
    for (let i = 0; i < 80; i++) {
      if (await page.locator('#results').count()) break;
      const before = await pileCount(page);
      assert.match(await page.textContent('#next-card'), /Next card: \S/);
      const r = await currentRound(page);
      await playTurn(page, { useEffect: i % 2 === 0 });
      turns++;
      await waitNextRound(page, r);
      await page.waitForFunction((n) => Number(document.querySelector('#aaa-pile-count')?.textContent) === n, before + 1);
      assert.equal(await page.locator('#aaa-pile li').count(), before + 1);
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    assert.ok(turns >= 10, `played ${turns} turns`);
    const outcome = await page.getAttribute('#aaa-result', 'data-outcome');
    assert.ok(['win', 'loss', 'draw'].includes(outcome), outcome);
    const mine = Number(await page.textContent('#aaa-mine'));
    const theirs = Number(await page.textContent('#aaa-theirs'));
    const { total } = await breakdown(page);
    assert.equal(mine, total);
    assert.equal(theirs, Number(await page.textContent('#aaa-score [data-row="total"] td')));
    if (mine !== theirs) assert.equal(outcome, mine > theirs ? 'win' : 'loss');
    console.log(`AAA game: ${turns} turns, ${mine} against ${theirs}: ${outcome}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
