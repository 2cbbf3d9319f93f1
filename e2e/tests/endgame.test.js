// The end of a game and a table's life: the AAA's own line in the final breakdown, Play
// again with the same seats, the host's End game and Abandon table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, person, breakdown } from './helpers.js';

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
