import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumResponseSchema, refaceStatusResponseSchema } from '#contract/reface';
import { createAgent, sessionToken, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { IMAGE_NOT_FOUND } from './service';

let ctx: TestContext;
let ana: TestAgent;
let stranger: TestAgent;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', 'ana@impecable.demo').executeTakeFirstOrThrow();
  ana = { user, token: await sessionToken(ctx, user) };
  stranger = await createAgent(ctx, 'Curioso');
});
afterAll(async () => {
  await ctx.close();
});

async function album(agent: { token: string }) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/album', headers: bearer(agent.token) });
  expect(res.statusCode).toBe(200);
  return albumResponseSchema.parse(res.json()).album;
}

function download(token: string, query: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/download-image${query}`, headers: bearer(token) });
}

describe('GET /api/album and /api/refaces/status', () => {
  it('lists only the caller\'s own portraits, matching the demo ledger\'s reface credits', async () => {
    const entries = await album(ana);
    const credits = await ctx.db.selectFrom('points_ledger').select('attribute_id')
      .where('user_id', '=', ana.user.id).where('source_key', 'like', 'reface:%').orderBy('attribute_id').execute();
    expect(entries.map((e) => e.atributo_id)).toEqual(credits.map((c) => c.attribute_id));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.image).toMatch(new RegExp(`^refaces/${ana.user.id}/[0-9a-f]{32}\\.jpg$`));
    expect(await album(stranger)).toEqual([]);
  });

  it('answers the status of an enabled attribute, and 404 for a disabled or unknown one', async () => {
    const [first] = await album(ana);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/refaces/status/${first?.atributo_id}`, headers: bearer(ana.token) });
    expect(refaceStatusResponseSchema.parse(res.json())).toEqual({ status: 'completed', image_path: first?.image });
    for (const id of ['5', '99', 'accesible', '0']) {
      const refused = await ctx.app.inject({ method: 'GET', url: `/api/refaces/status/${id}`, headers: bearer(ana.token) });
      expect([400, 404]).toContain(refused.statusCode);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/refaces/status/3' })).statusCode).toBe(401);
  });
});

describe('GET /api/download-image', () => {
  it('serves the owner their portrait as a private JPEG', async () => {
    const [entry] = await album(ana);
    const res = await download(ana.token, `?path=${encodeURIComponent(entry?.image ?? '')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses another user\'s path exactly like an unknown one, leaking nothing', async () => {
    const [entry] = await album(ana);
    const path = entry?.image ?? '';
    const theirs = await download(stranger.token, `?path=${encodeURIComponent(path)}`);
    const unknown = await download(stranger.token, `?path=${encodeURIComponent(path.replace(/[0-9a-f]{32}/, '0'.repeat(32)))}`);
    for (const res of [theirs, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: IMAGE_NOT_FOUND });
    }
  });

  it.each([
    ['parent directories', () => '?path=../../data/pglite/PG_VERSION'],
    ['a dot-dot inside an own-looking path', () => `?path=refaces/${stranger.user.id}/../${ana.user.id}/x.jpg`],
    ['an absolute path', () => '?path=/etc/passwd'],
    ['encoded dot-dot', () => '?path=%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
    ['double-encoded dot-dot', () => '?path=%252e%252e%252fetc%252fpasswd'],
    ['a backslash path', () => `?path=refaces\\${ana.user.id}\\x.jpg`],
    ['a NUL byte', () => '?path=refaces%2F1%2F' + '0'.repeat(32) + '.jpg%00.png'],
    ['an upper-case variant of a real path', () => 'UPPER'],
    ['a storage/ prefix', () => 'STORAGE'],
    ['a URL', () => '?path=https://example.com/a.jpg'],
  ])('refuses %s', async (_name, query) => {
    const [entry] = await album(ana);
    const real = entry?.image ?? '';
    const q = query();
    const resolved = q === 'UPPER' ? `?path=${encodeURIComponent(real.toUpperCase())}` : q === 'STORAGE' ? `?path=storage/${real}` : q;
    for (const token of [stranger.token, ana.token]) {
      const res = await download(token, resolved);
      // 400: refused as input before the route (a NUL byte); 403/404: no such portrait of theirs.
      expect([400, 403, 404]).toContain(res.statusCode);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).not.toMatch(/root:|PG_VERSION|stack|SELECT/);
    }
  });

  it('refuses a missing, repeated or overlong path parameter, and anonymous callers', async () => {
    const [entry] = await album(ana);
    const path = encodeURIComponent(entry?.image ?? '');
    for (const query of ['', '?path=', `?path=${path}&path=${path}`, `?path=${'a'.repeat(600)}`]) {
      const res = await download(ana.token, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/download-image?path=${path}` })).statusCode).toBe(401);
  });
});
