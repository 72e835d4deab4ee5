// GET /media/u/<key>: whole files and byte ranges, 416 for a range past the end, immutable
// private caching, a sandboxing CSP and nosniff, and 404 for an unknown or malformed key.
// Members only: the media cookie set on authenticated API answers must carry a live session
// (none, signed out, idle, revoked or sync-only → 401 and no bytes); sign-out clears it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '#contract/session';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { bearer, createTestApp, mediaCookie, type TestContext } from '#test-support/server/test-app';
import { demoMp4 } from '#test-support/server/video-files';
import { MEDIA_COOKIE } from './access-cookie.ts';
import { MEMBERS_ONLY, parseRange } from './routes.ts';
import { saveMedia } from './store.ts';

let ctx: TestContext;
let url: string;
let svgUrl: string;
let ana: string;
const bytes = demoMp4('accesible-1');
const size = bytes.length;

beforeAll(async () => {
  ctx = await createTestApp();
  ana = await ctx.signIn('ana@impecable.demo');
  url = (await saveMedia(ctx.db, ctx.media, bytes, { contentType: 'video/mp4', extension: 'mp4' })).url;
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  svgUrl = (await saveMedia(ctx.db, ctx.media, svg, { contentType: 'image/svg+xml', extension: 'svg' })).url;
});
afterAll(async () => {
  await ctx.close();
});

const get = (path: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: path, headers: { ...mediaCookie(ana), ...headers } });
const api = (path: string, token: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: path, headers: { ...bearer(token), ...headers } });
/** The media cookie's Set-Cookie line of an answer, if any. */
const setCookieOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String).find((c) => c.startsWith(`${MEDIA_COOKIE}=`));
const refusedWithoutBytes = (res: Awaited<ReturnType<typeof get>>) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ success: false, error: MEMBERS_ONLY });
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.rawPayload.includes(bytes.subarray(0, 64))).toBe(false);
};

describe('GET /media/u/:key', () => {
  it('serves the whole file, cacheable for good, sandboxed', async () => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(size),
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=31536000, immutable',
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
    ['a key that is not a content address', '/media/u/clip.mp4'],
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

describe('members only', () => {
  it('refuses a caller without the media cookie: 401, no bytes, not even whether the file exists', async () => {
    refusedWithoutBytes(await ctx.app.inject({ method: 'GET', url }));
    refusedWithoutBytes(await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-7' } }));
    refusedWithoutBytes(await ctx.app.inject({ method: 'GET', url: `/media/u/${'0'.repeat(64)}.mp4` }));
    // A Bearer is not what <video> sends, and a forged cookie is no session.
    refusedWithoutBytes(await ctx.app.inject({ method: 'GET', url, headers: bearer(ana) }));
    const forged = await ctx.app.inject({ method: 'GET', url, headers: mediaCookie('x'.repeat(43)) });
    refusedWithoutBytes(forged);
    expect(setCookieOf(forged)).toMatch(/^impecable_media=; Max-Age=0; Path=\/media/);
  });

  it('an authenticated API answer sets the cookie (HttpOnly, Path=/media, SameSite=Lax) once; with it the file is served whole or by range', async () => {
    const token = await ctx.signIn('bruno@impecable.demo');
    const first = await api('/api/imps', token);
    expect(first.statusCode).toBe(200);
    const cookie = setCookieOf(first);
    expect(cookie).toBe(`impecable_media=${token}; Max-Age=604800; Path=/media; HttpOnly; SameSite=Lax`);
    // Already carried: not set again.
    expect(setCookieOf(await api('/api/imps', token, mediaCookie(token)))).toBeUndefined();
    const whole = await ctx.app.inject({ method: 'GET', url, headers: mediaCookie(token) });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await ctx.app.inject({ method: 'GET', url, headers: { ...mediaCookie(token), range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
  });

  it('signing out clears the cookie, and its token is refused from then on', async () => {
    const token = await ctx.signIn('bruno@impecable.demo');
    expect((await ctx.app.inject({ method: 'GET', url, headers: mediaCookie(token) })).statusCode).toBe(200);
    const out = await api('/api/auth/logout', token, mediaCookie(token));
    expect(out.statusCode).toBe(200);
    expect(setCookieOf(out)).toBe('impecable_media=; Max-Age=0; Path=/media; HttpOnly; SameSite=Lax');
    refusedWithoutBytes(await ctx.app.inject({ method: 'GET', url, headers: mediaCookie(token) }));
    // The API's 401 for the token the cookie carries clears it too.
    const refused = await api('/api/imps', token, mediaCookie(token));
    expect(refused.statusCode).toBe(401);
    expect(setCookieOf(refused)).toMatch(/^impecable_media=; Max-Age=0/);
  });

  it('a 401 for another token (a previous user\'s queued work) leaves the signed-in user\'s cookie alone', async () => {
    const token = await ctx.signIn('bruno@impecable.demo');
    const res = await api('/api/imps', 'y'.repeat(43), mediaCookie(token));
    expect(res.statusCode).toBe(401);
    expect(setCookieOf(res)).toBeUndefined();
  });

  it('refuses a revoked session (an impersonation its supervisor ended) and an idle one, as the Bearer is', async () => {
    const admin = await ctx.signIn('admin@impecable.demo');
    const browse = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-as-user', payload: { nick_name: 'AnaImpecable' }, headers: bearer(admin) });
    expect(browse.statusCode, browse.body).toBe(200);
    const asAna = loginResponseSchema.parse(browse.json()).data?.token ?? '';
    expect(setCookieOf(await api('/api/imps', asAna))).toBe(`impecable_media=${asAna}; Max-Age=604800; Path=/media; HttpOnly; SameSite=Lax`);
    expect((await ctx.app.inject({ method: 'GET', url, headers: mediaCookie(asAna) })).statusCode).toBe(200);
    expect((await api('/api/auth/logout', admin)).statusCode).toBe(200);
    refusedWithoutBytes(await ctx.app.inject({ method: 'GET', url, headers: mediaCookie(asAna) }));

    const idle = await ctx.signIn('bruno@impecable.demo');
    expect((await ctx.app.inject({ method: 'GET', url, headers: mediaCookie(idle) })).statusCode).toBe(200);
    ctx.clock.advance((ctx.config.sessionIdleHours + 1) * 3_600_000);
    refusedWithoutBytes(await ctx.app.inject({ method: 'GET', url, headers: mediaCookie(idle) }));
  });

  it('refuses a sync-only credential (it replays queued work and reads nothing), and never sets the cookie for one', async () => {
    const sso = await signSsoToken(ctx.config.ssoSecret, 'nuevo@impecable.demo', ctx.clock.now());
    const login = loginResponseSchema.parse((await ctx.app.inject({ method: 'POST', url: '/api/auth/login-sso', headers: bearer(sso) })).json());
    const sync = login.data?.sync_token ?? '';
    expect(sync).not.toBe('');
    refusedWithoutBytes(await ctx.app.inject({ method: 'GET', url, headers: mediaCookie(sync) }));
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
