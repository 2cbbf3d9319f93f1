// The end of a game and a table's life: the AAA's own line in the final breakdown, Play
// again with the same seats, the host's End game and Abandon table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, person, breakdown, createTable } from './helpers.js';

/**
 * Plays the seat of this page's table to the end from a second socket of its own token, as
 * the server tests' players do: each round the first placement the server lists whose number
 * is its card's (else the first one, its temp used), else a refusal giving the first card.
 */
async function playToTheEnd(page, table) {
  await page.evaluate(async (id) => {
    const { token } = JSON.parse(localStorage.getItem(`welcome.seat.${id}`));
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/${id}?token=${token}`);
    let round = null;
    let status = null;
    let offer = null;
    const inbox = [];
    let wake = null;
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'state' || m.type === 'update') {
        if (m.table && m.table.status) status = m.table.status;
        if (m.view && m.view.round != null) round = m.view.round;
        if (m.view && m.view.offer !== undefined) offer = m.view.offer;
      }
      inbox.push(m);
      if (wake) wake();
    };
    const next = async () => {
      while (!inbox.length) await new Promise((r) => { wake = r; });
      return inbox.shift();
    };
    let request = 0;
    const ask = async (msg) => {
      const id = ++request;
      ws.send(JSON.stringify({ ...msg, request: id }));
      for (;;) {
        const m = await next();
        if (m.request === id) return m;
      }
    };
    while (status == null || round == null) await next();
    for (let turns = 0; status === 'playing' && turns < 200; turns++) {
      const r = round;
      const o = await ask({ type: 'options', round: r, draft: {} });
      const printed = (p) => {
        const pick = p.pick || {};
        const card = pick.hand ? String(offer.hand[pick.hand[0] - 1]).split('-')[0]
          : pick.combination ? String(offer.combinations[pick.combination - 1].number) : null;
        return card === String(p.number);
      };
      const list = o.placements || [];
      const p = list.find(printed) || list[0];
      const turn = p
        ? { play: { build: { pick: p.pick, house: p.house, number: p.number, ...(printed(p) ? {} : { effect: 'temp' }) } } }
        : { play: { refuse: o.refuse && o.refuse.pass ? { pass: 1 } : {} } };
      const a = await ask({ type: 'submit', round: r, turn });
      if (a.type !== 'ack') throw new Error(`${a.code}: ${a.message}`);
      while (status === 'playing' && round === r) await next();
    }
    ws.close();
  }, table);
}

async function aaaGameToTheEnd(page) {
  await page.goto(`${BASE}/`);
  await page.fill('#name', 'Ada');
  await page.selectOption('#edition', 'collector');
  await page.selectOption('#mode', 'solo');
  await page.selectOption('#aaa-level', '1');
  await page.click('#create');
  await page.waitForURL(/\/t\/[^/]+$/);
  const table = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  await page.waitForSelector('#aaa-panel');
  await playToTheEnd(page, table);
  await page.waitForSelector('#results', { timeout: 20000 });
  return table;
}

/** Every line of the breakdown: its name, the numbers under the score rows, and its total. */
async function lines(page) {
  return page.locator('#breakdown tbody tr').evaluateAll((trs) => trs.map((tr) => ({
    aaa: tr.dataset.aaaRow === 'true',
    name: tr.querySelector('th').textContent,
    cells: [...tr.querySelectorAll('td[data-row]:not([data-row="total"])')].map((td) => Number(td.textContent.replace('−', '-'))),
    none: tr.querySelectorAll('td[data-none]').length,
    total: Number(tr.querySelector('td[data-row="total"]').textContent),
  })));
}

for (const [device, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`against the AAA the final breakdown has the AAA's own line and details (${device})`, { timeout: 120000 }, async () => {
    const browser = await launch();
    const errors = [];
    try {
      const { page } = await person(browser, viewport, errors);
      await aaaGameToTheEnd(page);
      const outcome = await page.getAttribute('#aaa-result', 'data-outcome');
      const mine = Number(await page.textContent('#aaa-mine'));
      const theirs = Number(await page.textContent('#aaa-theirs'));
      const all = await lines(page);
      assert.equal(all.length, 2, JSON.stringify(all));
      const aaa = all.find((l) => l.aaa);
      const me = all.find((l) => !l.aaa);
      assert.match(aaa.name, /Sam \(AAA\)/);
      assert.match(me.name, /Ada/);
      // each line adds up to its total, which is the one the headline compares
      assert.equal(aaa.total, theirs);
      assert.equal(me.total, mine);
      assert.equal(aaa.cells.reduce((a, b) => a + b, 0), aaa.total);
      assert.equal((await breakdown(page)).total, mine);
      // the AAA has its own numbers under parks, pools, temps and estates, and nothing under
      // the rows it does not score (bis, roundabouts, refusals)
      assert.equal(aaa.none, 3);
      assert.equal(await page.locator('#breakdown tr[data-aaa-row] td[data-row="aaa-fences"]').count(), 1);
      assert.equal(await page.textContent('#breakdown thead th[data-none="aaa-fences"]'), 'AAA’s Barrière cards');
      // the winner comes first; a draw shares the first place
      const first = all[0];
      if (outcome === 'loss') assert.ok(first.aaa && /^1\. .*★ winner/.test(first.name), first.name);
      if (outcome === 'win') assert.ok(!first.aaa && /^1\. .*★ winner/.test(first.name) && /^2\./.test(aaa.name), JSON.stringify(all));
      // how its points come about, beside the player's
      const details = page.locator('#breakdown-details [data-aaa-row]');
      assert.match(await details.locator('h3').textContent(), /Sam \(AAA\)/);
      assert.match(await details.locator('dd[data-row="temps"]').textContent(), /Temp \(Intérimaire\) card/);
      assert.match(await details.locator('dd[data-row="estates"]').textContent(), /estate/);
      assert.match(await details.locator('dd[data-row="aaa-fences"]').textContent(), /Surveyor \(Barrière\) cards, \d+ points? each/);
      assert.equal(await page.locator('#breakdown-details [data-seat-row="1"] h3').textContent(), 'Ada');
      // a toast shown now sits in the site's bar, over none of the results: not the headline,
      // not the table's name, not the spectator link
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(async () => (await import('/app.js')).toast('Round 27'));
      const toast = await page.locator('.toast', { hasText: 'Round 27' }).boundingBox();
      const bar = await page.locator('header.top').boundingBox();
      assert.ok(toast.y >= bar.y - 0.5 && toast.y + toast.height <= bar.y + bar.height + 0.5, `the toast ${JSON.stringify(toast)} is in the bar ${JSON.stringify(bar)}`);
      for (const sel of ['#results-h', '#aaa-result', '#table-head h1', '#breakdown']) {
        const other = await page.locator(sel).first().boundingBox();
        assert.ok(other, `${sel} is on the page`);
        const covers = toast.x < other.x + other.width && other.x < toast.x + toast.width && toast.y < other.y + other.height && other.y < toast.y + toast.height;
        assert.ok(!covers, `the toast ${JSON.stringify(toast)} covers ${sel} ${JSON.stringify(other)}`);
      }
      if (device === 'phone') {
        // the breakdown scrolls inside its box; the page itself does not scroll sideways
        assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1));
        await page.locator('#breakdown tr[data-aaa-row]').scrollIntoViewIfNeeded();
        assert.ok(await page.locator('#breakdown tr[data-aaa-row] th').isVisible());
      }
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}

/** Bob opens Ann's invite link and joins under his name. */
async function joinAs(page, table, name) {
  await page.goto(`${BASE}/t/${table}`);
  await page.fill('#join-name', name);
  await page.click('#join');
  await page.waitForSelector('#seat-table');
  await page.waitForFunction((n) => document.querySelector('#seat-table').textContent.includes(`${n} (you)`), name);
}

/** Whether the lobby lists the table (after a fresh load). */
async function listed(page, table) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#tables table, #tables p:not(.error-text)');
  await page.waitForFunction(() => !/Loading/.test(document.querySelector('#tables').textContent));
  return (await page.locator(`#tables a[href="/t/${table}"]`).count()) > 0;
}

test('the host ends the game; Play again opens the next table with the same seats, and the players join it', { timeout: 120000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const ann = await person(browser, { width: 1280, height: 900 }, errors);
    const bob = await person(browser, { width: 1280, height: 900 }, errors);
    const table = await createTable(ann.page, { name: 'Ann', seats: 3, bots: { 3: 'greedy' } });
    await joinAs(bob.page, table, 'Bob');
    await ann.page.waitForSelector('#start:not([disabled])');
    await ann.page.click('#start');
    await bob.page.waitForSelector('#controls');
    await ann.page.waitForSelector('#close-table');
    assert.equal(await ann.page.textContent('#close-table'), 'End game');
    // only the host has it
    assert.equal(await bob.page.locator('#close-table').count(), 0);
    const watcher = await person(browser, { width: 1280, height: 900 }, errors);
    assert.ok(await listed(watcher.page, table), 'a game in play is listed');
    ann.page.once('dialog', (d) => d.accept());
    await ann.page.click('#close-table');
    for (const { page } of [ann, bob]) {
      await page.waitForSelector('#ended');
      assert.match(await page.textContent('#ended'), /stopped in round 1/);
      assert.equal(await page.locator('#controls:not([hidden])').count(), 0);
      assert.ok(await page.locator('#record-link').isVisible());
    }
    assert.equal(await listed(watcher.page, table), false, 'an ended game leaves the lobby');
    // Bob waits for the host; Ann plays again
    assert.match(await bob.page.textContent('#again-wait'), /When Ann plays again/);
    await ann.page.click('#again');
    await ann.page.waitForURL((u) => !u.pathname.endsWith(`/t/${table}`));
    const next = decodeURIComponent(new URL(ann.page.url()).pathname.split('/')[2]);
    assert.notEqual(next, table);
    // the same seats: Ann in hers, the bot in its seat, Bob's free for him
    await ann.page.waitForSelector('#seat-table');
    const rows = await ann.page.locator('#seat-table tbody tr').allTextContents();
    assert.match(rows[0], /Ann \(you\)/);
    assert.match(rows[1], /— free —/);
    assert.match(rows[2], /Greedy bot/);
    // Bob's finished table offers him the next game, under his own name
    await bob.page.waitForSelector('#join-next');
    await bob.page.click('#join-next');
    await bob.page.waitForURL(`${BASE}/t/${next}`);
    await bob.page.waitForFunction(() => /Bob \(you\)/.test(document.querySelector('#seat-table')?.textContent || ''));
    await ann.page.waitForSelector('#start:not([disabled])');
    await ann.page.click('#start');
    await bob.page.waitForSelector('#controls');
    await ann.page.waitForSelector('#controls');
    // the finished table now leads there for Ann too
    await ann.page.goto(`${BASE}/t/${table}`);
    await ann.page.waitForSelector('#next-game');
    assert.equal(await ann.page.getAttribute('#next-game', 'href'), `/t/${next}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('the host abandons a table before the start: it is closed for everyone and leaves the lobby', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const ann = await person(browser, { width: 1280, height: 900 }, errors);
    const bob = await person(browser, { width: 1280, height: 900 }, errors);
    const table = await createTable(ann.page, { name: 'Ann', seats: 3 });
    await joinAs(bob.page, table, 'Bob');
    const watcher = await person(browser, { width: 1280, height: 900 }, errors);
    assert.ok(await listed(watcher.page, table));
    assert.equal(await bob.page.locator('#close-table').count(), 0);
    assert.equal(await ann.page.textContent('#close-table'), 'Abandon table');
    // asked first: dismissing changes nothing
    ann.page.once('dialog', (d) => d.dismiss());
    await ann.page.click('#close-table');
    assert.ok(await listed(watcher.page, table));
    ann.page.once('dialog', (d) => d.accept());
    await ann.page.click('#close-table');
    for (const { page } of [ann, bob]) {
      await page.waitForSelector('#table-closed');
      assert.match(await page.textContent('#table-closed'), /Ann closed the table/);
    }
    assert.equal(await listed(watcher.page, table), false);
    await bob.page.click('#to-lobby');
    await bob.page.waitForSelector('#create');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('on a phone, Play again after an AAA game opens the next table', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 390, height: 844 }, errors);
    const table = await aaaGameToTheEnd(page);
    const again = page.locator('#again');
    await again.scrollIntoViewIfNeeded();
    assert.ok(await again.isVisible());
    const box = await again.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
    await again.click();
    await page.waitForURL((u) => !u.pathname.endsWith(`/t/${table}`));
    await page.waitForSelector('#start:not([disabled])');
    assert.match(await page.textContent('#seat-table'), /Ada \(you\)/);
    // the same game: the collector edition's AAA at level 1
    const next = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
    const info = await page.evaluate(async (id) => (await fetch(`/api/tables/${id}`)).json(), next);
    assert.equal(info.edition, 'collector');
    assert.equal(info.mode, 'solo');
    assert.equal(info.aaa_level, 1);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('table mode: once the host ended the game, the dealer screen plays again and deals the next table', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const host = await person(browser, { width: 1280, height: 900 }, errors);
    await host.page.goto(`${BASE}/`);
    await host.page.fill('#name', 'Dealer');
    await host.page.fill('#seats', '2');
    await host.page.check('#table-mode');
    await host.page.selectOption('#bot-2', 'greedy');
    await host.page.click('#create');
    await host.page.waitForURL(/\/deal$/);
    const table = new URL(host.page.url()).pathname.split('/')[2];
    const phone = await person(browser, { width: 390, height: 844 }, errors);
    await joinAs(phone.page, table, 'Pat');
    await host.page.click('#start:enabled');
    await host.page.waitForSelector('#deal .offer .card');
    // the host's controls: End game
    await host.page.click('text=Host controls (seats, bots)');
    await host.page.waitForSelector('#close-table');
    host.page.once('dialog', (d) => d.accept());
    await host.page.click('#close-table');
    await host.page.waitForSelector('#ended');
    await host.page.goto(`${BASE}/t/${table}/deal`);
    await host.page.waitForSelector('#deal >> text=Ended before its end');
    await host.page.click('#again');
    await host.page.waitForURL((u) => u.pathname.endsWith('/deal') && u.pathname !== `/t/${table}/deal`);
    const next = new URL(host.page.url()).pathname.split('/')[2];
    assert.notEqual(next, table);
    await host.page.waitForSelector('text=Waiting for players');
    const seatsText = await host.page.textContent('#deal');
    assert.match(seatsText, /Seat 1free/);
    assert.match(seatsText, /Seat 2Greedy bot/);
    // Pat's phone offers the next game
    await phone.page.click('#join-next');
    await phone.page.waitForURL(`${BASE}/t/${next}`);
    await host.page.click('#start:enabled');
    await host.page.waitForSelector('#deal .offer .card');
    await phone.page.waitForSelector('#controls');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
