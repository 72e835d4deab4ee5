import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, type LoginData } from '#contract/session';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { bearer, createTestApp, type TestContext } from '#server/testing/test-app';

let userinfo: Server;
let ctx: TestContext;
const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;

beforeAll(async () => {
  // Google's userinfo endpoint: the access token is the e-mail.
  userinfo = createServer((req, res) => {
    const email = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ sub: email, email, email_verified: true }));
  });
  await new Promise<void>((resolve) => userinfo.listen(0, '127.0.0.1', resolve));
  const { port } = userinfo.address() as AddressInfo;
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z'), env: { GOOGLE_USERINFO_URL: `http://127.0.0.1:${port}/userinfo` } });
});

afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => userinfo.close(resolve));
});

async function ssoLogin(email: string): Promise<LoginData> {
  const sso = await signSsoToken(ctx.config.ssoSecret, email, ctx.clock.now());
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-sso', headers: bearer(sso) });
  expect(res.statusCode).toBe(200);
  const data = loginResponseSchema.parse(res.json()).data;
  if (!data) throw new Error('no login data');
  return data;
}

async function googleLogin(email: string): Promise<LoginData> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { access_token: email } });
  expect(res.statusCode).toBe(200);
  const data = loginResponseSchema.parse(res.json()).data;
  if (!data) throw new Error('no login data');
  return data;
}

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

let keys = 0;
const setNick = (token: string, nick: string, occurredAt: Date = ctx.clock.now()) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/crear-nickname',
    headers: { ...bearer(token), 'idempotency-key': `sync-test-${(keys += 1)}`, 'x-occurred-at': occurredAt.toISOString() },
    payload: { nick_name: nick },
  });

describe('sign-in returns a sync credential', () => {
  it.each([
    ['login-sso', ssoLogin],
    ['login (Google)', googleLogin],
  ])('%s answers a sync_token distinct from the session token', async (_name, login) => {
    const data = await login('ana@impecable.demo');
    expect(data.sync_token).toEqual(expect.any(String));
    expect(data.sync_token).not.toBe(data.token);
    const scopes = await ctx.db.selectFrom('sessions').select('scope').orderBy('id', 'desc').limit(2).execute();
    expect(scopes.map((s) => s.scope).sort()).toEqual(['full', 'sync']);
  });
});

describe('what a sync token may do', () => {
  it('sends a queueable write with an Idempotency-Key, and a replay gets the same answer', async () => {
    const { sync_token: sync } = await ssoLogin('nuevo@impecable.demo');
    const res = await setNick(sync!, 'Sincronizado');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { nick_name: 'Sincronizado' } });
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/crear-nickname',
      headers: { ...bearer(sync!), 'idempotency-key': `sync-test-${keys}` },
      payload: { nick_name: 'Sincronizado' },
    });
    expect(replay.json()).toEqual(res.json());
  });

  it('sends a queued log event (POST /api/log/register) recorded at its X-Occurred-At', async () => {
    const { sync_token: sync, user } = await ssoLogin('bruno@impecable.demo');
    const occurredAt = new Date(ctx.clock.now().getTime() - HOUR).toISOString();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/register',
      headers: { ...bearer(sync!), 'idempotency-key': 'sync-log-1', 'x-occurred-at': occurredAt },
      payload: { action: 'Fin video 2 Accesible' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const row = await ctx.db.selectFrom('log_events').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.action).toBe('Fin video 2 Accesible');
    expect(new Date(row.occurred_at).toISOString()).toBe(occurredAt);
  });

  it.each(['/api/imps', '/api/atributos', '/api/ceck-admin'])('reads nothing: GET %s is 401', async (url) => {
    const { sync_token: sync } = await ssoLogin('interno@impecable.demo');
    const res = await get(url, sync!);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'Sesión no válida o caducada' });
  });
});

describe('sync token lifetime', () => {
  it('survives the full token’s logout, which revokes only the full token', async () => {
    const { token, sync_token: sync } = await ssoLogin('ana@impecable.demo');
    expect((await get('/api/auth/logout', token)).statusCode).toBe(200);
    expect((await get('/api/imps', token)).statusCode).toBe(401);
    expect((await setNick(sync!, 'AnaImpecable')).statusCode).toBe(200);
  });

  it('is revoked by its own logout', async () => {
    const { token, sync_token: sync } = await ssoLogin('ana@impecable.demo');
    expect((await get('/api/auth/logout', sync!)).json()).toEqual({ success: true });
    expect((await setNick(sync!, 'AnaImpecable')).statusCode).toBe(401);
    expect((await get('/api/imps', token)).statusCode).toBe(200);
  });

  it('outlives the 12 h idle window and the supervisor window, up to SYNC_IDLE_DAYS, for actions done while signed in', async () => {
    const { token, sync_token: sync } = await ssoLogin('interno@impecable.demo');
    const whileSignedIn = new Date(ctx.clock.now().getTime() + 5 * 60_000);
    ctx.clock.advance(13 * HOUR);
    expect((await get('/api/ceck-admin', token)).statusCode).toBe(401);
    expect((await setNick(sync!, 'InesInterno', whileSignedIn)).statusCode).toBe(200);
    ctx.clock.advance(29 * DAY);
    expect((await setNick(sync!, 'InesInterno', whileSignedIn)).statusCode).toBe(200);
    ctx.clock.advance(30 * DAY + HOUR);
    expect((await setNick(sync!, 'InesInterno', whileSignedIn)).statusCode).toBe(401);
  });

  it('refuses (401, kept on the device) actions that happened after its full session was signed out', async () => {
    const { token, sync_token: sync } = await ssoLogin('nuevo@impecable.demo');
    const before = ctx.clock.now();
    ctx.clock.advance(2 * 60_000);
    expect((await get('/api/auth/logout', token)).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    const after = await setNick(sync!, 'DespuesDeSalir', ctx.clock.now());
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, error: 'Esta acción es posterior al cierre de tu sesión: inicia sesión para enviarla.' });
    expect((await setNick(sync!, 'AntesDeSalir', before)).statusCode).toBe(200);
    const user = await ctx.db.selectFrom('users').select('nick_name').where('email', '=', 'nuevo@impecable.demo').executeTakeFirstOrThrow();
    expect(user.nick_name).toBe('AntesDeSalir');
  });

  it('refuses actions that happened after its full session went idle (supervisor: 10 minutes)', async () => {
    const { sync_token: sync } = await ssoLogin('plataforma@impecable.demo');
    ctx.clock.advance(11 * 60_000);
    expect((await setNick(sync!, 'PabloPlataforma', ctx.clock.now())).statusCode).toBe(401);
    expect((await setNick(sync!, 'PabloPlataforma', new Date(ctx.clock.now().getTime() - 2 * 60_000))).statusCode).toBe(200);
  });
});
