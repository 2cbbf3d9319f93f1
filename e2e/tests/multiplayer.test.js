// Two people at one table: create, join through the invite link, play rounds from both
// browsers, one of them restarting a confirmed turn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, createTable, playTurn, currentRound, waitNextRound, BASE } from './helpers.js';

test('two players: invite link, join, play rounds, restart a turn', { timeout: 120000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await person(browser, { width: 1280, height: 900 }, errors);
    const bob = await person(browser, { width: 390, height: 844 }, errors);
    const table = await createTable(alice.page, { name: 'Alice', mode: 'standard', seats: 2 });
    const invite = await alice.page.inputValue('#invite');
    assert.equal(invite, `${BASE}/t/${encodeURIComponent(table)}`);

    await bob.page.goto(invite);
    await bob.page.fill('#join-name', 'Bob');
    await bob.page.click('#join');
    await bob.page.waitForSelector('text=You have seat 2');
    // the host sees Bob arrive and starts
    await alice.page.waitForSelector('#seat-table >> text=Bob');
    await alice.page.click('#start');
    await alice.page.waitForSelector('#controls[data-stage="place"]');
    await bob.page.waitForSelector('#controls[data-stage="place"]');

    for (let i = 0; i < 4; i++) {
      const r = await currentRound(alice.page);
      await playTurn(alice.page);
      // Bob sees that Alice is done while he is still thinking
      await bob.page.waitForSelector('[data-progress="1"].done');
      assert.equal(await bob.page.locator('[data-progress="2"].thinking').count(), 1);
      if (i === 1) {
        // Alice takes her confirmed turn back and plays it again
        await alice.page.click('[data-action="restart"]');
        await alice.page.waitForSelector('#controls[data-stage="place"]');
        await bob.page.waitForSelector('[data-progress="1"].thinking');
        await playTurn(alice.page, { useEffect: false });
      }
      await playTurn(bob.page);
      await waitNextRound(alice.page, r);
      await waitNextRound(bob.page, r);
    }
    // both see both sheets as of the last resolved round, and the overview
    assert.equal(await alice.page.locator('#overview tbody tr').count(), 2);
    await bob.page.click('[data-seat-tab="1"]');
    await bob.page.waitForSelector('#other-sheet svg.sheet');
    // picking a combination while Alice's sheet is on screen brings Bob's own sheet back
    await bob.page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    await bob.page.locator('#controls button.card[data-combination]:enabled').first().click();
    await bob.page.waitForSelector('#my-sheet .target');
    assert.equal(await bob.page.isVisible('#other-sheet'), false);
    assert.equal(await bob.page.getAttribute('[data-seat-tab="2"]', 'aria-selected'), 'true');
    const log = await alice.page.textContent('#lower');
    assert.match(log, /Round 4/);
    // a reload rejoins the same seat
    await bob.page.reload();
    await bob.page.waitForSelector('text=you are seat 2');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
