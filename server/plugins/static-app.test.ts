import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { inlineScriptHashes } from './static-app.ts';

// The build writes .br/.gz siblings (vite.config.ts precompress); the server must send them
// to clients that accept them, and keep index.html and sw.js revalidated when it does.
let ctx: TestContext;
let dist: string;

function writeWithSiblings(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.gz`, gzipSync(text));
  writeFileSync(`${path}.br`, brotliCompressSync(text));
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'impecable-precompressed-'));
  mkdirSync(join(dist, 'assets'));
  writeWithSiblings(join(dist, 'index.html'), '<!doctype html><title>+impecable</title>');
  writeWithSiblings(join(dist, 'sw.js'), 'self.skipWaiting()');
  writeWithSiblings(join(dist, 'assets', 'index-abc123.js'), 'console.log("entry")');
  ctx = await createTestApp({ distDir: dist });
});

afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('precompressed static files', () => {
  it.each([
    ['/', 'no-cache', '+impecable'],
    ['/home', 'no-cache', '+impecable'],
    ['/sw.js', 'no-cache', 'skipWaiting'],
    ['/assets/index-abc123.js', 'public, max-age=31536000, immutable', 'entry'],
  ])('GET %s with br → brotli body, cache-control %s', async (url, cacheControl, content) => {
    const res = await get(url, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(cacheControl);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain(content);
  });

  it('sends gzip to a client without brotli and plain bytes to one without either', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('entry');
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('entry');
  });
});

describe('the static shell’s inline script under the CSP', () => {
  const boot = 'document.getElementById("app-shell").setAttribute("data-frame","home")';
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('allows exactly the page’s inline script by its hash, and follows a rebuild', async () => {
    const shellDist = mkdtempSync(join(tmpdir(), 'impecable-shell-'));
    const page = (script: string) =>
      `<!doctype html><head><script type="module" src="/assets/index-a.js"></script></head><body><div id="app-shell"></div><script>${script}</script></body>`;
    writeFileSync(join(shellDist, 'index.html'), page(boot));
    const shell = await createTestApp({ distDir: shellDist });
    try {
      const scriptSrc = async () => /script-src ([^;]*)/.exec(String((await shell.app.inject({ method: 'GET', url: '/home' })).headers['content-security-policy']))![1]!.trim();
      expect(await scriptSrc()).toBe(`'self' https://accounts.google.com ${sha(boot)}`);
      // A new build under the running server: the new script is allowed, the old one no longer.
      const next = `${boot};void 0`;
      writeFileSync(join(shellDist, 'index.html'), page(next));
      utimesSync(join(shellDist, 'index.html'), new Date(), new Date(Date.now() + 5_000));
      expect(await scriptSrc()).toBe(`'self' https://accounts.google.com ${sha(next)}`);
    } finally {
      await shell.close();
      rmSync(shellDist, { recursive: true, force: true });
    }
  });

  it('hashes inline scripts only, never a script loaded by src', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script>x()</script><script type="module" crossorigin src="/b.js"></script>')).toEqual([sha('x()')]);
  });
});
