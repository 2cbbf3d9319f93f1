// A search bot at a table, seated from the lobby's seat menu: it thinks by itself at the start
// of each round (its seat shows "thinking" meanwhile, as a person's does), confirms without
// waiting for anyone, and the game goes on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, createTable, playTurn, currentRound, waitNextRound, BASE } from './helpers.js';

test('a search bot seated from the lobby thinks, confirms and the game goes on', { timeout: 120000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    // the seat menu offers the three search levels beside the greedy and random bots
    await page.goto(`${BASE}/`);
    await page.fill('#seats', '2');
    const offered = await page.locator('#bot-2 option').evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
    assert.deepEqual(offered, [
      ['', 'a player'], ['greedy', 'greedy bot'], ['random', 'random bot'],
      ['search-fast', 'search bot (fast)'], ['search', 'search bot'], ['search-strong', 'search bot (strong)'],
    ]);
    const table = await createTable(page, { name: 'Alice', mode: 'standard', seats: 2, bots: { 2: 'search-fast' } });
    assert.ok(table);
    await page.waitForSelector('#seat-table >> text=Search bot (fast)');

    // Every state the bot's seat is shown in, from the start on.
    await page.evaluate(() => {
      window.botStates = [];
      const note = () => {
        const pill = document.querySelector('[data-progress="2"]');
        const s = pill ? (pill.classList.contains('done') ? 'done' : pill.classList.contains('thinking') ? 'thinking' : 'other') : null;
        if (s && window.botStates[window.botStates.length - 1] !== s) window.botStates.push(s);
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.click('#start');
    await page.waitForSelector('#controls[data-stage="place"]');

    for (let i = 0; i < 3; i++) {
      const r = await currentRound(page);
      assert.equal(r, i + 1);
      // the bot confirms by itself while Alice is still thinking
      await page.waitForSelector('[data-progress="2"].done', { timeout: 30000 });
      assert.equal(await page.locator('[data-progress="1"].thinking').count(), 1);
      await playTurn(page);
      await waitNextRound(page, r, 30000);
    }
    assert.equal(await currentRound(page), 4);
    // A round starts with the bot thinking (the server pushes the round at once; the bot's
    // confirmation comes once it has thought), then it is done.
    const states = await page.evaluate(() => window.botStates);
    assert.ok(states.includes('thinking') && states.includes('done'), states.join(' → '));
    assert.ok(!states.includes('other'), states.join(' → '));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
