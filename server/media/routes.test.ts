// GET /media/u/<key>: whole files and byte ranges, 416 for a range past the end, immutable
// caching, a sandboxing CSP and nosniff, and 404 for an unknown or malformed key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { demoMp4 } from '#test-support/server/video-files';
import { parseRange } from './routes.ts';
import { saveMedia } from './store.ts';

let ctx: TestContext;
let url: string;
let svgUrl: string;
const bytes = demoMp4('accesible-1');
const size = bytes.length;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  url = (await saveMedia(ctx.db, ctx.media, bytes, { contentType: 'video/mp4', extension: 'mp4' })).url;
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  svgUrl = (await saveMedia(ctx.db, ctx.media, svg, { contentType: 'image/svg+xml', extension: 'svg' })).url;
});
afterAll(async () => {
  await ctx.close();
});

const get = (path: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: path, headers });

describe('GET /media/u/:key', () => {
  it('serves the whole file, cacheable for good, sandboxed', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(size),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(String(res.headers['content-security-policy'])).toMatch(/^sandbox; default-src 'none'/);
  });

  it('runs nothing of an uploaded SVG opened on its own', async () => {
    const res = await get(svgUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
    expect(String(res.headers['content-security-policy'])).not.toContain('script-src');
  });

  it.each([
    ['bytes=0-7', 0, 7],
    ['bytes=4-', 4, size - 1],
    ['bytes=-10', size - 10, size - 1],
    [`bytes=100-${size + 5000}`, 100, size - 1],
  ])('answers the range %s with a 206 of exactly those bytes', async (range, start, end) => {
    const res = await get(url, { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it.each([`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=9-3', 'bytes=-0', 'bytes=-', 'items=0-3', 'bytes=0-1,4-5'])(
    'answers the unsatisfiable range %s with a 416 naming the size',
    async (range) => {
      const res = await get(url, { range });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${size}`);
      expect(res.json()).toEqual({ success: false, error: 'El rango pedido no es válido' });
    },
  );

  it.each([
    ['a key the store does not hold', `/media/u/${'0'.repeat(64)}.mp4`],
    ['a key that is not a content address', '/media/u/accesible-0.mp4'],
    ['an upper-case key', `/media/u/${'A'.repeat(64)}.mp4`],
    ['a path out of the folder', '/media/u/..%2F..%2Fpackage.json'],
  ])('answers 404 for %s', async (_about, path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'No encontramos ese archivo' });
  });

  it('answers 404 for an indexed file missing from the folder', async () => {
    const key = `${'d'.repeat(64)}.png`;
    await ctx.db.insertInto('media_files').values({ key, content_type: 'image/png', size: 3 }).execute();
    expect((await get(`/media/u/${key}`)).statusCode).toBe(404);
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, 100, null],
    ['bytes=0-99', 100, { start: 0, end: 99 }],
    ['bytes=50-', 100, { start: 50, end: 99 }],
    ['bytes=-1', 100, { start: 99, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=100-', 100, 'invalid'],
    ['bytes=5-4', 100, 'invalid'],
    ['bytes=x-y', 100, 'invalid'],
  ])('%s of %i bytes', (header, total, range) => {
    expect(parseRange(header, total)).toEqual(range);
  });
});
