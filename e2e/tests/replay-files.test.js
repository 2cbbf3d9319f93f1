// A file opened in the lobby's "Replay a game" that is not a game record: the lobby says what
// the file is (not JSON, a sheet file, a record cut short, some other JSON) in a player's words,
// the parser's detail only after it, and nothing opens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, person, BASE } from './helpers.js';

const ROOT = join(process.cwd(), '..');

test('replay: a file that is not a game record is named for what it is', { timeout: 60000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    await page.goto(`${BASE}/`);
    // the lobby draws once the editions are in
    await page.waitForSelector('#lobby-replay-error', { state: 'attached' });
    const open = async (name, text) => {
      await page.evaluate(() => { document.querySelector('#lobby-replay-error').textContent = ''; });
      await page.setInputFiles('#record-file', { name, mimeType: 'application/json', buffer: Buffer.from(text) });
      await page.waitForSelector('#lobby-replay-error:not(:empty)');
      assert.equal(new URL(page.url()).pathname, '/', `${name} opened nothing`);
      return page.textContent('#lobby-replay-error');
    };

    // not JSON: the sentence leads, the parser's words come only in the details at the end
    let shown = await open('notes.json', 'expected nothing');
    assert.match(shown, /^This file is not a game record: a game record is the JSON file a finished game offers to download, and this file is not JSON at all\. \(Details: .* at line 1 column \d+; record_json\.\)$/);
    assert.doesNotMatch(shown.split('(Details')[0], /line|column|ident|record_json/);

    // a sheet file
    const sheet = readFileSync(join(ROOT, 'crates', 'cli', 'tests', 'data', 'worked-example-55.json'), 'utf8');
    shown = await open('my-sheet.json', sheet);
    assert.match(shown, /^This is a sheet file \(one player's sheet, for scoring\), not a game record\. \(Details: /);

    // a record cut short, as by an interrupted download
    const record = readFileSync(join(ROOT, 'tests', 'golden', 'record-solo.json'), 'utf8');
    shown = await open('game.json', record.slice(0, record.length / 2));
    assert.match(shown, /^The file ends too early: it is the beginning of a game record cut short \(an interrupted download or copy\?\), not a whole one\. \(Details: EOF while parsing/);

    // some other JSON
    shown = await open('players.json', '{"players": ["Ann", "Bob"]}');
    assert.match(shown, /^This JSON file is not a game record: .*"format": "welcome-record"\. \(Details: /);

    // the whole record still opens
    await page.setInputFiles('#record-file', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(record) });
    await page.waitForURL(/\/replay$/);
    await page.waitForSelector('#replay-sheets .replay-sheet svg');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
