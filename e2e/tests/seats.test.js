// The host's seat controls and a seat moved away and back: a person's seat is only given to a
// bot once the host says yes to a question naming them, and the word that a device only
// watches goes once it holds its seat again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, createTable, BASE } from './helpers.js';

/** The table's seats as the server has them. */
async function seatsOf(page, table) {
  return page.evaluate(async (t) => (await (await fetch(`/api/tables/${encodeURIComponent(t)}`)).json()).seats, table);
}

test('a person’s seat goes to a bot only after a question naming them; a seat moved back clears the watching banner', { timeout: 90000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const alice = await person(browser, { width: 1280, height: 900 }, errors);
    const table = await createTable(alice.page, { name: 'Alice', mode: 'standard', seats: 2 });
    const bob = await person(browser, { width: 390, height: 844 }, errors);
    await bob.page.goto(`${BASE}/t/${encodeURIComponent(table)}`);
    await bob.page.fill('#join-name', 'Bob');
    await bob.page.click('#join');
    await bob.page.waitForSelector('text=You have seat 2');
    await alice.page.waitForSelector('#seat-table >> text=Bob');
    // Bob's page is connected, and Alice's page knows it (else the question names him as away)
    for (let i = 0; i < 100 && !(await seatsOf(alice.page, table))[1].connected; i++) await alice.page.waitForTimeout(100);
    assert.equal((await seatsOf(alice.page, table))[1].connected, true, 'Bob is connected');
    await alice.page.reload();
    await alice.page.waitForSelector('#seat-table >> text=Bob');

    // one click on a bot asks first, naming Bob, and changes nothing
    await alice.page.click('#seat-table [data-seat="2"][data-bot="greedy"]');
    const ask = alice.page.locator('[data-ask-seat="2"]');
    await ask.waitFor();
    assert.match(await ask.textContent(), /Replace Bob by a greedy bot\? Bob then only watches\./);
    assert.equal((await seatsOf(alice.page, table))[1].name, 'Bob');
    assert.equal((await seatsOf(alice.page, table))[1].bot ?? null, null);
    // no
    await alice.page.click('[data-cancel-seat="2"]');
    await alice.page.waitForSelector('#seat-table [data-seat="2"][data-bot="greedy"]');
    assert.equal(await ask.count(), 0);
    assert.equal((await seatsOf(alice.page, table))[1].name, 'Bob');
    // the search bots' menu asks as well
    await alice.page.selectOption('[data-bot-menu="2"]', 'search');
    await ask.waitFor();
    assert.match(await ask.textContent(), /Replace Bob by a search bot\?/);
    await alice.page.click('[data-cancel-seat="2"]');
    // yes: the seat is the bot's, and Bob watches
    await alice.page.click('#seat-table [data-seat="2"][data-bot="greedy"]');
    await alice.page.click('[data-confirm-seat="2"]');
    await alice.page.waitForFunction(() => /bot/.test(document.querySelector('#seat-table tbody tr:nth-child(2)')?.textContent || ''));
    assert.equal((await seatsOf(alice.page, table))[1].bot, 'greedy');
    await bob.page.waitForSelector('text=Every seat is taken');
    // a free seat (or a bot's) takes a bot at once: Bob's seat, given back by a kick of the bot
    await alice.page.click('[data-kick="2"]');
    await alice.page.waitForSelector('#seat-table >> text=— free —');
    await alice.page.click('#seat-table [data-seat="2"][data-bot="greedy"]');
    await alice.page.waitForFunction(() => /bot/.test(document.querySelector('#seat-table tbody tr:nth-child(2)')?.textContent || ''));
    assert.equal(await ask.count(), 0);

    // Alice moves her seat to another device, which moves it back
    await alice.page.click('#move-seat');
    const away = await alice.page.inputValue('#move-link');
    const other = await person(browser, { width: 1280, height: 900 }, errors);
    await other.page.goto(away);
    await other.page.waitForSelector('#table-head .pill:text("you are seat 1")');
    await alice.page.waitForSelector('.toast[data-kind="seat"]', { state: 'attached' });
    await other.page.click('#move-seat');
    const back = await other.page.inputValue('#move-link');
    await alice.page.goto(back);
    await alice.page.waitForSelector('#table-head .pill:text("you are seat 1")');
    await alice.page.click('#start');
    await alice.page.waitForSelector('#controls[data-stage="place"]');
    // playing again: nothing says this device only watches
    assert.equal(await alice.page.locator('.toast', { hasText: /watching/ }).count(), 0);
    assert.match(await alice.page.textContent('#table-head'), /you are seat 1/);
    assert.deepEqual(errors.filter((e) => !/403/.test(e)), []);
  } finally {
    await browser.close();
  }
});
