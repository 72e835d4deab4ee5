import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { queuedRowHeaders, syncCredential } from '#test-support/server/agents';

let ctx: TestContext;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const INVALID = { success: false, error: 'Sesión no válida o caducada' };

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, token?: string) => ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('protected routes', () => {
  const protectedRoutes: Array<[string, string]> = [
    ['GET', '/api/imps'],
    ['GET', '/api/atributos'],
    ['GET', '/api/ceck-admin'],
    ['POST', '/api/crear-nickname'],
  ];

  it.each(protectedRoutes)('%s %s answers 401 without a token', async (method, url) => {
    const res = await ctx.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? { nick_name: 'x' } : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it.each(protectedRoutes)('%s %s answers 401 with an unknown token', async (method, url) => {
    const res = await ctx.app.inject({ method: method as 'GET' | 'POST', url, headers: bearer('no-existe') });
    expect(res.statusCode).toBe(401);
  });

  it('keeps public routes public', async () => {
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/api/config')).statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('revokes the presented token only', async () => {
    const first = await ctx.signIn('ana@impecable.demo');
    const second = await ctx.signIn('ana@impecable.demo');
    const res = await get('/api/auth/logout', first);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await get('/api/imps', first)).statusCode).toBe(401);
    expect((await get('/api/imps', second)).statusCode).toBe(200);
  });

  it('succeeds without or with an already revoked token', async () => {
    expect((await get('/api/auth/logout')).json()).toEqual({ success: true });
    expect((await get('/api/auth/logout', 'ya-no-vale')).json()).toEqual({ success: true });
  });
});

describe('idle expiry', () => {
  it('ends an agent session after 12 idle hours, and use keeps it alive', async () => {
    const token = await ctx.signIn('bruno@impecable.demo');
    ctx.clock.advance(11 * HOUR);
    expect((await get('/api/imps', token)).statusCode).toBe(200);
    ctx.clock.advance(11 * HOUR); // 22 h after sign-in, but only 11 h idle
    expect((await get('/api/imps', token)).statusCode).toBe(200);
    ctx.clock.advance(12 * HOUR + MINUTE);
    expect((await get('/api/imps', token)).json()).toEqual(INVALID);
  });

  it('writes last_seen_at at most once a minute', async () => {
    const token = await ctx.signIn('ana@impecable.demo');
    const seen = async () => (await ctx.db.selectFrom('sessions').select('last_seen_at').where('scope', '=', 'full').orderBy('id', 'desc').executeTakeFirstOrThrow()).last_seen_at.getTime();
    const start = await seen();
    ctx.clock.advance(30_000);
    await get('/api/imps', token);
    expect(await seen()).toBe(start);
    ctx.clock.advance(31_000);
    await get('/api/imps', token);
    expect(await seen()).toBe(ctx.clock.now().getTime());
  });

  it('ends a supervisor session after SUPERVISOR_IDLE_MINUTES', async () => {
    const token = await ctx.signIn('interno@impecable.demo');
    ctx.clock.advance(9 * MINUTE);
    expect((await get('/api/ceck-admin', token)).json()).toEqual({ isAdmin: true });
    ctx.clock.advance(10 * MINUTE + 1000);
    expect((await get('/api/ceck-admin', token)).statusCode).toBe(401);
  });
});

describe('sync-scope sessions', () => {
  it('may call routes marked allowSync only, with a row signed when it was queued', async () => {
    const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', 'nuevo@impecable.demo').executeTakeFirstOrThrow();
    const { token, actionKey } = await syncCredential(ctx, user);
    expect((await get('/api/imps', token)).statusCode).toBe(401);
    const payload = { nick_name: 'Sincronizado' };
    const headers = await queuedRowHeaders(token, actionKey, { url: '/api/crear-nickname', body: payload, occurredAt: ctx.clock.now() });
    const nick = await ctx.app.inject({ method: 'POST', url: '/api/crear-nickname', headers, payload });
    expect(nick.statusCode).toBe(200);
  });
});
