import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema, type LoginData } from '#contract/session';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { startGoogleStandIn, type GoogleStandIn } from '#test-support/server/google-stand-in';
import { queuedRowHeaders } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let google: GoogleStandIn;
let ctx: TestContext;
const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;

beforeAll(async () => {
  // Google's tokeninfo stand-in: an access token that is an e-mail is a valid token for it.
  google = await startGoogleStandIn({ now: () => ctx.clock.now() });
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z'), env: google.env });
});

afterAll(async () => {
  await ctx.close();
  await google.close();
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
/** A crear-nickname row as the app's outbox sends it: signed with the sign-in's action key when queued. */
const setNick = async (login: LoginData, nick: string, occurredAt: Date = ctx.clock.now(), key = `sync-test-${(keys += 1)}`) => {
  const payload = { nick_name: nick };
  const headers = await queuedRowHeaders(login.sync_token!, login.action_key!, { url: '/api/crear-nickname', body: payload, key, occurredAt });
  return ctx.app.inject({ method: 'POST', url: '/api/crear-nickname', headers, payload });
};

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
    const login = await ssoLogin('nuevo@impecable.demo');
    const res = await setNick(login, 'Sincronizado', ctx.clock.now(), 'sync-replayed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { nick_name: 'Sincronizado' } });
    const replay = await setNick(login, 'Sincronizado', ctx.clock.now(), 'sync-replayed');
    expect([replay.headers['idempotent-replayed'], replay.json()]).toEqual(['true', res.json()]);
  });

  it('sends a queued log event (POST /api/log/register) recorded at its X-Occurred-At', async () => {
    const { sync_token: sync, action_key: actionKey, user } = await ssoLogin('bruno@impecable.demo');
    // Queued an hour after signing in, delivered an hour later.
    ctx.clock.advance(2 * HOUR);
    const occurredAt = new Date(ctx.clock.now().getTime() - HOUR).toISOString();
    const payload = { action: 'Fin video 2 Accesible' };
    const headers = await queuedRowHeaders(sync!, actionKey!, { url: '/api/log/register', body: payload, key: 'sync-log-1', occurredAt: new Date(occurredAt) });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/log/register', headers, payload });
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
    const login = await ssoLogin('ana@impecable.demo');
    expect((await get('/api/auth/logout', login.token)).statusCode).toBe(200);
    expect((await get('/api/imps', login.token)).statusCode).toBe(401);
    expect((await setNick(login, 'AnaImpecable')).statusCode).toBe(200);
  });

  it('is revoked by its own logout', async () => {
    const login = await ssoLogin('ana@impecable.demo');
    expect((await get('/api/auth/logout', login.sync_token!)).json()).toEqual({ success: true });
    expect((await setNick(login, 'AnaImpecable')).statusCode).toBe(401);
    expect((await get('/api/imps', login.token)).statusCode).toBe(200);
  });

  it('outlives the 12 h idle window and the supervisor window, up to SYNC_IDLE_DAYS, for actions queued while signed in', async () => {
    const login = await ssoLogin('interno@impecable.demo');
    const whileSignedIn = new Date(ctx.clock.now().getTime() + 5 * 60_000);
    ctx.clock.advance(13 * HOUR);
    expect((await get('/api/ceck-admin', login.token)).statusCode).toBe(401);
    expect((await setNick(login, 'InesInterno', whileSignedIn)).statusCode).toBe(200);
    ctx.clock.advance(29 * DAY);
    expect((await setNick(login, 'InesInterno', whileSignedIn)).statusCode).toBe(200);
    ctx.clock.advance(30 * DAY + HOUR);
    expect((await setNick(login, 'InesInterno', whileSignedIn)).statusCode).toBe(401);
  });

  it('delivers after sign-out only rows signed while signed in: a forged or altered row is 401 and changes nothing', async () => {
    const login = await ssoLogin('nuevo@impecable.demo');
    const queued = ctx.clock.now();
    ctx.clock.advance(2 * 60_000);
    expect((await get('/api/auth/logout', login.token)).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    const forgedKey = { ...login, action_key: Buffer.alloc(32, 7).toString('base64url') };
    const forged = await setNick(forgedKey, 'Suplantado', queued);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ success: false, error: 'Esta acción no se guardó con tu sesión abierta: inicia sesión para enviarla.' });
    const unsigned = await ctx.app.inject({
      method: 'POST', url: '/api/crear-nickname', payload: { nick_name: 'Suplantado' },
      headers: { ...bearer(login.sync_token!), 'idempotency-key': 'sync-unsigned', 'x-occurred-at': queued.toISOString() },
    });
    expect(unsigned.statusCode).toBe(401);
    // A real queued row with its body changed on the way.
    const headers = await queuedRowHeaders(login.sync_token!, login.action_key!, { url: '/api/crear-nickname', body: { nick_name: 'AntesDeSalir' }, key: 'sync-altered', occurredAt: queued });
    const altered = await ctx.app.inject({ method: 'POST', url: '/api/crear-nickname', headers, payload: { nick_name: 'Suplantado' } });
    expect(altered.statusCode).toBe(401);
    const before = await ctx.db.selectFrom('users').select('nick_name').where('email', '=', 'nuevo@impecable.demo').executeTakeFirstOrThrow();
    expect(before.nick_name).not.toBe('Suplantado');
    expect((await setNick(login, 'AntesDeSalir', queued)).statusCode).toBe(200);
    const user = await ctx.db.selectFrom('users').select('nick_name').where('email', '=', 'nuevo@impecable.demo').executeTakeFirstOrThrow();
    expect(user.nick_name).toBe('AntesDeSalir');
  });
});
