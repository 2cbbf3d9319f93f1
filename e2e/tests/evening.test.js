// What a new player ran into on a first evening: a plan that could be validated is never
// confirmed away silently; a solo table starts at once without invite links; a mistyped
// address shows the app's page; the page title names the table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, createTable, playTurn, currentRound, waitNextRound, BASE } from './helpers.js';

test('Confirm asks before skipping a plan that could be validated', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/companion`);
    // a sheet whose street 1 holds six estates of one house: plan n°1 (1, 1, 1, 1, 1, 1) is met
    await page.evaluate(() => {
      const street = (n, houses = [], fences = []) => ({ houses: [...houses, ...Array(n - houses.length).fill('')], fences, pools: [], parks: 0, plan_houses: [] });
      localStorage.setItem('welcome.companion', JSON.stringify({
        edition: 'first', sheetId: 'classic',
        sheet: { streets: [street(10, ['1', '2', '3', '4', '5', '6'], [1, 2, 3, 4, 5, 6]), street(11), street(12)], temps: 0, real_estate: [0, 0, 0, 0, 0, 0], refusals: 0, plans: [null, null, null] },
        plans: [{ card: 0, approved: false }, { card: 6, approved: false }, { card: 12, approved: false }],
        advanced: false, cards: 'combinations', others: '', city: '', round: 7, history: [], entry: null,
      }));
    });
    await page.reload();
    await page.waitForSelector('#c-num-1');
    for (const [i, [n, e]] of [[9, 'temp'], [3, 'bis'], [12, 'temp']].entries()) {
      await page.fill(`#c-num-${i + 1}`, String(n));
      await page.selectOption(`#c-eff-${i + 1}`, e);
    }
    await page.click('#c-go');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    await page.click('#controls button.card[data-combination="1"]');
    await page.locator('#companion-sheet .target').first().click();
    if (await page.locator('.chooser button').count()) await page.locator('.chooser button').first().click();
    await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
    assert.match(await page.textContent('#claim-warning'), /Plan n°1 can be validated this turn/);
    // Confirm does not confirm: it asks
    await page.click('[data-action="confirm"]');
    assert.equal(await page.getAttribute('#controls', 'data-stage'), 'finish');
    assert.match(await page.textContent('#claim-warning'), /Validate it, or confirm without validating\?/);
    assert.equal(await page.locator('[data-action="confirm-skip"]').count(), 1);
    assert.equal(await page.locator('#c-go').count(), 0);
    // validating the plan removes the warning, and Confirm then confirms
    await page.click('#controls button[data-plan="1"]');
    await page.click('[data-ctl="plan-auto"]');
    await page.waitForSelector('#controls[data-stage="finish"][aria-busy="false"]');
    assert.equal(await page.locator('#claim-warning').count(), 0);
    await page.click('[data-action="confirm"]');
    await page.waitForSelector('#c-go');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a solo table starts at once, without invite links, and the title names it', { timeout: 30000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await createTable(page, { name: 'Eve', mode: 'solo' });
    await page.waitForSelector('#controls[data-stage="place"]');
    assert.equal(await page.locator('#start').count(), 0);
    assert.equal(await page.locator('#invite').count(), 0);
    // the title names the table, with the badge of a seat whose turn it is
    assert.equal(await page.title(), '● Your turn — Eve’s table · Welcome To…');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a mistyped table address shows the app’s page not found', { timeout: 30000 }, async () => {
  const browser = await launch();
  try {
    const { page } = await person(browser);
    const res = await page.goto(`${BASE}/t/abc/bogus`);
    assert.equal(res.status(), 404);
    await page.waitForSelector('text=Page not found');
  } finally {
    await browser.close();
  }
});

test('expert: the passed card names its receiver, the arrived card its sender; the log names combinations', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await createTable(page, { name: 'Ann', mode: 'expert', seats: 2, bots: { 2: 'greedy' } });
    await page.click('#start');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    // round 1: nothing arrived yet
    assert.equal(await page.locator('[data-received-from]').count(), 0);
    const r = await currentRound(page);
    await playTurn(page);
    await waitNextRound(page, r);
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    // round 2: the first hand card came from the neighbour
    assert.match(await page.textContent('[data-ctl="card-1"] [data-received-from="2"]'), /from Greedy bot/);
    // choosing the number and effect cards marks the third as passed, to its receiver
    const free = page.locator('#controls button.card[data-card][aria-pressed="false"]:enabled');
    if (await free.count() >= 2 && !(await page.locator('[data-action="refuse"]').count())) {
      await free.first().click();
      await page.locator('#controls button.card[data-card][aria-pressed="false"]:enabled').first().click();
      assert.match(await page.textContent('[data-passed-to="2"]'), /to Greedy bot/);
      assert.match(await page.getAttribute('button.card:has([data-passed-to])', 'aria-label'), /passed to Greedy bot/);
    }
    // the log reads as cards used, the number written and where
    assert.match(await page.textContent('[data-log-round="1"] [data-log-seat="1"]'), /Ann: (cards \d \+ \d: wrote \d+ in street \d house \d+|building-permit refusal)/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('standard: the log shows each seat’s combination, the number written and the effect used', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await createTable(page, { name: 'Ann', mode: 'standard', seats: 2, bots: { 2: 'random' } });
    await page.click('#start');
    for (let i = 0; i < 2; i++) {
      const r = await currentRound(page);
      await playTurn(page);
      await waitNextRound(page, r);
    }
    const round1 = await page.textContent('[data-log-round="1"]');
    assert.match(round1, /Round 1 — \d+ [A-Z][A-Za-z -]+ · \d+ /, 'the offer in words');
    assert.doesNotMatch(round1, /\d+-(bis|pool|temp|surveyor|landscaper|real-estate)/, 'no raw card faces');
    assert.match(await page.textContent('[data-log-round="1"] [data-log-seat="1"]'),
      /Ann: (combination \d \(\d+ [A-Za-z -]+\): wrote \d+ in street \d house \d+|building-permit refusal)/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('a reload keeps the unconfirmed turn, and the seat moves to another device by a one-time link', { timeout: 90000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    const table = await createTable(page, { name: 'Ann', mode: 'standard', seats: 2, bots: { 2: 'greedy' } });
    await page.click('#start');
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    // a combination and a house: the turn is drafted, not confirmed
    await page.click('#controls button.card[data-combination]:enabled >> nth=0');
    await page.locator('#my-sheet .target').first().click();
    if (await page.locator('.chooser button').count()) await page.locator('.chooser button').first().click();
    await page.waitForSelector('#controls[aria-busy="false"]:is([data-stage="effect"], [data-stage="finish"], [data-stage="choice"])');
    const drafted = await page.getAttribute('#controls', 'data-stage');
    await page.reload();
    await page.waitForSelector('#controls[aria-busy="false"]:not([data-stage="loading"])');
    assert.equal(await page.getAttribute('#controls', 'data-stage'), drafted, 'the draft came back after the reload');
    assert.match(await page.textContent('#controls'), /Your unconfirmed turn was kept/);

    // a spectator gets no move link: the button is only the seat holder's
    const watcher = await person(browser, { width: 1280, height: 900 }, errors);
    await watcher.page.goto(`${BASE}/t/${table}/watch`);
    await watcher.page.waitForSelector('#table-head .pill:text("spectator")');
    assert.equal(await watcher.page.locator('#move-seat').count(), 0);
    // a made-up code claims nothing
    await watcher.page.goto(`${BASE}/t/${table}#move=${'0'.repeat(64)}`);
    await watcher.page.waitForSelector('.toast.error');
    assert.match(await watcher.page.textContent('.toast.error'), /not valid/);
    assert.equal(await watcher.page.locator('#table-head .pill:text("you are seat 1")').count(), 0);

    await page.click('#move-seat');
    const link = await page.inputValue('#move-link');
    assert.match(link, new RegExp(`/t/${table}#move=[0-9a-f]{64}$`));
    // the phone: its own browser context, so its own storage
    const phone = await person(browser, { width: 390, height: 844 }, errors);
    await phone.page.goto(link);
    await phone.page.waitForSelector('#table-head .pill:text("you are seat 1")');
    assert.equal(new URL(phone.page.url()).hash, '', 'the code leaves the address');
    await phone.page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    // the old device now watches
    await page.waitForSelector('#table-head .pill:text("spectator")');
    assert.equal(await page.locator('#controls [data-action]').count(), 0, 'no turn controls on the old device');
    // the link was good once
    const other = await person(browser, { width: 1280, height: 900 }, errors);
    await other.page.goto(link);
    await other.page.waitForSelector('.toast.error');
    // the phone plays the seat
    const r = await currentRound(phone.page);
    await playTurn(phone.page);
    await waitNextRound(phone.page, r);
    await page.waitForFunction((prev) => (document.querySelector('#table-head')?.textContent || '').includes(`round ${prev + 1}`), r);
    assert.deepEqual(errors.filter((e) => !/403/.test(e)), []);
  } finally {
    await browser.close();
  }
});

test('the title shows a badge on your turn, and the host’s turn timer plays a late seat’s turn', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Tim');
    await page.selectOption('#mode', 'solo');
    await page.fill('#turn-seconds', '15');
    await page.selectOption('#turn-expiry', 'bot');
    await page.click('#create');
    await page.waitForSelector('#controls[data-stage="place"]');
    assert.match(await page.title(), /^● Your turn — Tim’s table/);
    await page.waitForSelector('#turn-clock:not([hidden])');
    assert.match(await page.textContent('#turn-clock'), /^⏱ 0:1\d$/);
    // nobody plays: when the time is out a bot plays the seat's turn, and the log shows it
    await page.waitForSelector('[data-log-round="1"] [data-log-seat="1"]', { timeout: 25000 });
    assert.match(await page.textContent('[data-log-round="1"] [data-log-seat="1"]'), /Tim: .*\d/);
    assert.match(await page.textContent('#table-head'), /round 2/);
    assert.match(await page.title(), /^● Your turn — /);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('table mode: the dealer screen shows the join address as a QR code, with a hint for phones', { timeout: 30000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/`);
    await page.fill('#name', 'Quinn');
    await page.selectOption('#mode', 'standard');
    await page.fill('#seats', '2');
    await page.check('#table-mode');
    await page.click('#create');
    await page.waitForURL(/\/deal$/);
    await page.waitForSelector('#deal-qr');
    await page.waitForFunction(() => document.getElementById('deal-qr').naturalWidth > 100);
    const src = await page.getAttribute('#deal-qr', 'src');
    const table = new URL(page.url()).pathname.split('/')[2];
    assert.equal(src, `/t/${table}/qr.svg?for=join`);
    assert.match(await page.textContent('#deal'), /0\.0\.0\.0:8080/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('help: a plan’s text and an effect’s explanation show on hover; score rows are explained', { timeout: 30000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await createTable(page, { name: 'Hana', mode: 'solo' });
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    // a plan: hovering its "?" shows the edition's text of the plan and how it scores
    const planText = (await page.locator('.plans .plan').first().locator(':scope > div').nth(1).textContent()).trim();
    await page.hover('.tip:has(#plan-tip-1) .tip-btn');
    await page.waitForSelector('#plan-tip-1', { state: 'visible' });
    const tip = await page.textContent('#plan-tip-1');
    assert.ok(tip.startsWith(planText), `${tip} names the plan ${planText}`);
    assert.match(tip, /first to do so score \d+, later players \d+/);
    // a card: its effect is explained in its tooltip
    const title = await page.getAttribute('#controls button.card >> nth=0', 'title');
    assert.match(title, /^(Surveyor|Real Estate Agent|Landscaper|Pool Manufacturer|Temp Agency|Bis): .{20,}/);
    // a score row's header explains the row
    const head = page.locator('#overview th:has-text("Temp agency") .tip');
    await head.locator('.tip-btn').hover();
    assert.match(await head.locator('[role="tooltip"]').textContent(), /most temps scores 7/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('help on a phone: a tap opens the popover, a tap elsewhere closes it', { timeout: 30000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 390, height: 844 }, errors);
    await createTable(page, { name: 'Pia', mode: 'solo' });
    await page.waitForSelector('#controls[data-stage="place"][aria-busy="false"]');
    const tip = page.locator('.plans .tip').first();
    await tip.locator('.tip-btn').click();
    const text = tip.locator('[role="tooltip"]');
    await text.waitFor({ state: 'visible' });
    assert.equal(await tip.locator('.tip-btn').getAttribute('aria-expanded'), 'true');
    assert.match(await text.textContent(), /Validate it/);
    // a tap elsewhere closes it
    await page.click('#table-head');
    await text.waitFor({ state: 'hidden' });
    assert.equal(await tip.locator('.tip-btn').getAttribute('aria-expanded'), 'false');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('the rules page opens from the header', { timeout: 30000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/`);
    await page.click('header nav >> text=Rules');
    await page.waitForSelector('#rules h1:text("How to play")');
    assert.equal(new URL(page.url()).pathname, '/rules');
    for (const h of ['A turn', 'The effects', 'City Plans', 'The end of the game', 'Thematic sheets']) {
      assert.equal(await page.locator(`#rules h2:text-is("${h}")`).count(), 1, h);
    }
    assert.match(await page.textContent('#rules'), /Temp Agency.*2 higher or lower/s);
    // served as a page of its own too
    const res = await page.goto(`${BASE}/rules`);
    assert.equal(res.status(), 200);
    await page.waitForSelector('#rules');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
