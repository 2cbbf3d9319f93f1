// The app's own files reach the browser compressed and come back as `304 Not Modified` while
// unchanged, so a second visit downloads them again only when they changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, person, BASE } from './helpers.js';

test('the app’s files arrive compressed, and unchanged files are not downloaded again', { timeout: 30000 }, async () => {
  const browser = await launch();
  const errors = [];
  try {
    const { page } = await person(browser, { width: 1280, height: 900 }, errors);
    const seen = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin === new URL(BASE).origin && /\.(js|css)$|^\/$/.test(url.pathname)) seen.push(r);
    });
    await page.goto(`${BASE}/`);
    await page.waitForLoadState('networkidle');
    assert.ok(seen.some((r) => r.url().endsWith('.js')), 'the page loaded its scripts');
    for (const r of seen) {
      const h = r.headers();
      assert.match(h['content-encoding'] || '', /^(br|gzip|zstd)$/, `${r.url()} is compressed`);
      assert.ok(h.etag, `${r.url()} has a validator`);
    }

    // Asked again with its validator, an unchanged file answers 304 with no body; once changed
    // (another validator), the whole file.
    const answers = await page.evaluate(async (paths) => {
      const out = [];
      for (const path of paths) {
        const first = await fetch(path, { cache: 'no-store' });
        const etag = first.headers.get('etag');
        const again = await fetch(path, { cache: 'no-store', headers: { 'if-none-match': etag } });
        const other = await fetch(path, { cache: 'no-store', headers: { 'if-none-match': '"not-this-one"' } });
        out.push({ path, etag, again: again.status, body: (await again.text()).length, other: other.status });
      }
      return out;
    }, ['/', '/app.js', '/style.css']);
    for (const a of answers) {
      assert.ok(a.etag, `${a.path} has an ETag`);
      assert.equal(a.again, 304, `${a.path} unchanged answers 304`);
      assert.equal(a.body, 0, `${a.path}'s 304 has no body`);
      assert.equal(a.other, 200, `${a.path} under another validator is sent whole`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
