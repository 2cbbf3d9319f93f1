// A solo game played to the end by clicking, then the final score breakdown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, person, createTable, playTurn, currentRound, waitNextRound, shotsDir, breakdown } from './helpers.js';

test('solo (advanced): play a whole game by clicking, with a roundabout, and see the final scores', { timeout: 150000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await createTable(page, { name: 'Solo Sam', mode: 'solo', advanced: true });
    await page.waitForSelector('#controls');
    let refusals = 0;
    let turns = 0;
    for (let i = 0; i < 40; i++) {
      if (await page.locator('#results').count()) break;
      const r = await currentRound(page);
      if (i === 1) {
        // a roundabout before writing the number, at the right end of street 3
        await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
        await page.click('[data-ctl="roundabout"]');
        await page.click('#my-sheet [data-key="h:3:12"]');
        await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
        assert.match(await page.getAttribute('#my-sheet [aria-label^="Street 3, house 12,"]', 'aria-label'), /roundabout/);
      }
      const did = await playTurn(page, { useEffect: i % 3 !== 2 });
      if (did === 'refuse') refusals++;
      turns++;
      await waitNextRound(page, r);
    }
    await page.waitForSelector('#results', { timeout: 20000 });
    assert.ok(turns >= 3, `played ${turns} turns`);
    const text = await page.textContent('#results');
    assert.match(text, /Final score/);
    const rows = await page.locator('#breakdown tbody tr').count();
    assert.equal(rows, 1);
    // the breakdown adds up like the sheet's total row
    const { cells, total } = await breakdown(page);
    assert.equal(Object.values(cells).reduce((a, b) => a + b, 0), total);
    assert.ok(cells.roundabouts <= -3, 'the roundabout costs 3 points');
    assert.match(await page.textContent('#my-score-line, #other-sheet .score-line'), new RegExp(`total ${total}`));
    const heads = await page.locator('#breakdown thead th').allTextContents();
    for (const h of ['City Plans', 'Parks', 'Pools', 'Temp agency', 'Real estate', 'Bis', 'Roundabouts', 'Permit refusals', 'Total']) assert.ok(heads.includes(h), `column ${h}`);
    const href = await page.getAttribute('#record-link', 'href');
    const res = await page.request.get(new URL(href, page.url()).toString());
    assert.equal(res.status(), 200);
    const record = await res.json();
    assert.equal(record.format, 'welcome-record');
    assert.ok(record.result, 'the record has a result');
    await page.evaluate(() => document.querySelector('.toast-area')?.replaceChildren());
    await page.screenshot({ path: join(shotsDir(), 'desktop-final-scores.png'), fullPage: true });
    console.log(`solo game: ${turns} turns, ${refusals} refusals`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
