// Several servers on one PostgreSQL, behind a proxy that reaches any live one (a load balancer
// without sticky sessions): a player's page goes on by itself after the server that had its
// table is killed, with its confirmed turns, and plays on. run.sh starts the throw-away
// PostgreSQL (E2E_POSTGRES) and names the binary (E2E_BIN).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { launch, person, playTurn, currentRound, waitNextRound } from './helpers.js';

/** Starts `welcome serve` as node `id`; resolves with the process and its port. */
function startNode(id) {
  const child = spawn(process.env.E2E_BIN, ['serve', '--addr', '127.0.0.1:0', '--db', process.env.E2E_POSTGRES,
    '--node-id', id, '--lease', '1s'], { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const m = line.match(/running at http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve({ child, port: Number(m[1]) });
      else reject(new Error(`unexpected first line: ${line}`));
    });
    child.once('exit', (code) => reject(new Error(`node ${id} exited with ${code}`)));
  });
}

/** A TCP proxy over the live nodes' ports, taking them in turn. */
function proxy(live) {
  let next = 0;
  const server = net.createServer((client) => {
    const port = live[next++ % live.length];
    const up = net.connect(port, '127.0.0.1');
    client.pipe(up);
    up.pipe(client);
    const end = () => { client.destroy(); up.destroy(); };
    client.on('error', end);
    up.on('error', end);
    client.on('close', end);
    up.on('close', end);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Whether the node on `port` has a table in play in its memory (it owns it). */
async function owns(port) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return /welcome_tables\{status="playing"\} 1/.test(text);
}

test('several servers: the page goes on by itself after its table\'s server is killed', { timeout: 120000 }, async () => {
  assert.ok(process.env.E2E_BIN && process.env.E2E_POSTGRES, 'run.sh names the binary and the PostgreSQL database');
  const nodes = [await startNode('e2e-a'), await startNode('e2e-b')];
  const live = nodes.map((n) => n.port);
  const lb = await proxy(live);
  const base = `http://127.0.0.1:${lb.address().port}`;
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${base}/`);
    await page.fill('#name', 'Fay');
    await page.selectOption('#mode', 'solo');
    await page.click('#create');
    await page.waitForURL(/\/t\/[^/]+$/);
    await page.waitForSelector('#controls');
    // Two turns confirmed and acknowledged.
    for (let i = 0; i < 2; i++) {
      const r = await currentRound(page);
      await playTurn(page);
      await waitNextRound(page, r);
    }
    const before = await currentRound(page);
    const sheet = await page.locator('#my-sheet').innerHTML();

    // The table's server dies; the proxy only reaches the other one from now on.
    const owner = (await owns(nodes[0].port)) ? 0 : 1;
    assert.ok(await owns(nodes[owner].port), 'one node has the table');
    nodes[owner].child.kill('SIGKILL');
    live.splice(live.indexOf(nodes[owner].port), 1);

    // The page reconnects by itself, through the other node, once it has taken the table over.
    await page.waitForFunction(() => document.getElementById('conn')?.textContent === 'reconnecting…', null, { timeout: 10000 })
      .catch(() => {});
    await page.waitForFunction(() => document.getElementById('conn')?.textContent === 'connected', null, { timeout: 30000 });
    assert.equal(await currentRound(page), before, 'the same round: the confirmed turns are kept');
    assert.equal(await page.locator('#my-sheet').innerHTML(), sheet, 'the same sheet');
    assert.ok(await owns(nodes[1 - owner].port), 'the other node has the table now');
    await playTurn(page);
    await waitNextRound(page, before);
    assert.ok((await currentRound(page)) > before, 'the game goes on');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    lb.close();
    for (const n of nodes) n.child.kill('SIGKILL');
  }
});
