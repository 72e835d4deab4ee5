import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleSignOutApplies } from '#domain/profiles';
import { housekeepingHandler } from '#server/jobs/housekeeping';
import type { UserRow } from '#server/db/schema';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { hashToken } from '#server/modules/auth/tokens';
import { jpegPhoto, multipart } from '#test-support/server/photos';
import { createAgent, queuedRowHeaders, sessionToken } from '#test-support/server/agents';
import { agentWith, optionOf } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

// Sessions and tokens end to end: idle expiry per profile (the server agrees with the app's
// idle sign-out), logout, SSO expiry and single use, forged JWTs, sign-in rate limits,
// impersonation that can neither earn nor spend, sync credentials and the session purge.
let ctx: TestContext;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z'), env: { AUTH_RATE_LIMIT: '100000' } });
});
afterAll(async () => {
  await ctx.close();
});

const user = (email: string) => ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const loginSso = (jwt: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login-sso', headers: bearer(jwt), remoteAddress });
async function signIn(email: string): Promise<{ token: string; sync_token: string; action_key: string }> {
  const res = await loginSso(await signSsoToken(ctx.config.ssoSecret, email, ctx.clock.now()));
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('idle expiry: the server ends exactly the sessions the app signs out when idle', () => {
  it.each(['ana@impecable.demo', 'bruno@impecable.demo', 'interno@impecable.demo', 'plataforma@impecable.demo', 'latam@impecable.demo', 'admin@impecable.demo'])(
    '%s', async (email) => {
      const { token } = await signIn(email);
      const kiosk = idleSignOutApplies({ perfil: (await user(email)).perfil });
      ctx.clock.advance(ctx.config.supervisorIdleMinutes * MINUTE + MINUTE);
      expect((await get('/api/ceck-admin', token)).statusCode).toBe(kiosk ? 401 : 200);
      ctx.clock.advance(ctx.config.sessionIdleHours * HOUR + MINUTE);
      expect((await get('/api/ceck-admin', token)).statusCode).toBe(401);
    },
  );

  it('an impersonation session ends after the supervisor idle time, whoever the target is', async () => {
    const admin = await user('admin@impecable.demo');
    const { user: agent } = await createAgent(ctx, 'Ociosa');
    const token = await sessionToken(ctx, agent, { impersonatorUserId: admin.id });
    ctx.clock.advance(9 * MINUTE);
    expect((await get('/api/imps', token)).statusCode).toBe(200);
    ctx.clock.advance(10 * MINUTE + 1);
    expect((await get('/api/imps', token)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the token at once; the same token never works again', async () => {
    const { token } = await signIn('ana@impecable.demo');
    expect((await get('/api/imps', token)).statusCode).toBe(200);
    expect((await get('/api/auth/logout', token)).statusCode).toBe(200);
    expect((await get('/api/imps', token)).statusCode).toBe(401);
    const row = await ctx.db.selectFrom('sessions').select('revoked_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });
});

describe('SSO tokens', () => {
  const forge = (claims: Record<string, unknown>, secret = ctx.config.ssoSecret, alg = 'HS256') => {
    const iat = seconds(ctx.clock.now());
    return new SignJWT({ email: 'ana@impecable.demo', iat, exp: iat + 300, jti: randomUUID(), ...claims }).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));
  };

  it('works once, within 5 minutes', async () => {
    const jwt = await signSsoToken(ctx.config.ssoSecret, 'ana@impecable.demo', ctx.clock.now());
    expect((await loginSso(jwt)).statusCode).toBe(200);
    expect((await loginSso(jwt)).json()).toEqual({ success: false, error: 'El enlace de acceso ya se ha utilizado' });
    const late = await signSsoToken(ctx.config.ssoSecret, 'ana@impecable.demo', ctx.clock.now());
    ctx.clock.advance(6 * MINUTE);
    expect((await loginSso(late)).json()).toEqual({ success: false, error: 'El enlace de acceso ha caducado' });
  });

  it.each<[string, () => Promise<string>]>([
    ['alg none', async () => new UnsecuredJWT({ email: 'admin@impecable.demo', jti: randomUUID() }).setIssuedAt(seconds(ctx.clock.now())).setExpirationTime(seconds(ctx.clock.now()) + 60).encode()],
    ['another key', () => forge({ email: 'admin@impecable.demo' }, 'una-clave-que-no-es-la-compartida-0123456789')],
    ['HS512 with the right key', () => forge({ email: 'admin@impecable.demo' }, ctx.config.ssoSecret, 'HS512')],
    ['a token with its signature removed', async () => `${(await forge({ email: 'admin@impecable.demo' })).split('.').slice(0, 2).join('.')}.`],
    ['a valid token with an edited payload', async () => {
      const [head, , sig] = (await forge({})).split('.');
      const payload = Buffer.from(JSON.stringify({ email: 'admin@impecable.demo', iat: seconds(ctx.clock.now()), exp: seconds(ctx.clock.now()) + 60, jti: randomUUID() })).toString('base64url');
      return `${head}.${payload}.${sig}`;
    }],
  ])('refuses %s (401, no session)', async (_name, make) => {
    const before = await ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await loginSso(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('El enlace de acceso no es válido');
    const after = await ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a session bearer token is not an SSO token, and an SSO token is not a session', async () => {
    const { token } = await signIn('ana@impecable.demo');
    expect((await loginSso(token)).statusCode).toBe(401);
    const jwt = await signSsoToken(ctx.config.ssoSecret, 'ana@impecable.demo', ctx.clock.now());
    expect((await get('/api/imps', jwt)).statusCode).toBe(401);
  });
});

describe('sign-in rate limits (AUTH_RATE_LIMIT per minute and IP)', () => {
  it('answers 429 in Spanish past the limit, per IP and per sign-in route, and never on other routes', async () => {
    const limited = await createTestApp({ now: new Date('2025-06-20T10:00:00Z'), env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const attempt = (url: string, remoteAddress: string) => limited.app.inject({ method: 'POST', url, remoteAddress, payload: url.endsWith('sso-token') ? { email: 'ana@impecable.demo' } : {} });
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await attempt('/api/auth/login-sso', '10.0.0.1')).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const refused = await attempt('/api/auth/login-sso', '10.0.0.1');
      expect(refused.json()).toEqual({ success: false, error: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.' });
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await attempt('/api/auth/login-sso', '10.0.0.2')).statusCode).toBe(401);
      for (const url of ['/api/auth/login', '/api/demo/sso-token']) {
        const last = [];
        for (let i = 0; i < 4; i++) last.push((await attempt(url, '10.0.0.3')).statusCode);
        expect(last[3], url).toBe(429);
      }
      const health = [];
      for (let i = 0; i < 10; i++) health.push((await limited.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.1' })).statusCode);
      expect(new Set(health)).toEqual(new Set([200]));
    } finally {
      await limited.close();
    }
  });
});

describe('impersonation tokens can neither earn nor spend', () => {
  it('refuses every earning and spending route with 403, and the ledger does not move', async () => {
    const admin = await user('admin@impecable.demo');
    const { user: agent } = await agentWith(ctx, 1000);
    const token = await sessionToken(ctx, agent as UserRow, { impersonatorUserId: admin.id });
    const option = await optionOf(ctx.db, 'Tarjeta regalo Café Brisa');
    const photo = multipart({ atributo_id: '3' }, { filename: 'foto.jpg', contentType: 'image/jpeg', bytes: await jpegPhoto() });
    const calls = [
      { url: '/api/video/7/porcentaje', payload: { porcentaje: 100 } },
      { url: '/api/start/3/quizz/1', payload: {} },
      { url: '/api/1/1/3/answer', payload: { respuesta_id: 1, elapsed_ms: 3000 } },
      { url: '/api/cheque-motiva/cangear', payload: { product: option.id, value: option.valor_rings } },
      { url: '/api/refaces/upload', payload: photo.payload, headers: photo.headers },
    ];
    for (const call of calls) {
      const res = await ctx.app.inject({ method: 'POST', url: call.url, payload: call.payload, headers: { ...bearer(token), ...call.headers, 'idempotency-key': randomUUID() } });
      expect(res.statusCode, call.url).toBe(403);
    }
    const ledger = await ctx.db.selectFrom('points_ledger').select('amount').where('user_id', '=', agent.id).execute();
    expect(ledger.map((r) => r.amount)).toEqual([1000]);
    expect(await ctx.db.selectFrom('orders').select('id').where('user_id', '=', agent.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('refaces').select('id').where('user_id', '=', agent.id).execute()).toEqual([]);
  });
});

describe('sync credentials', () => {
  it('read nothing, and deliver only rows signed while their user was signed in', async () => {
    const { token, sync_token: sync, action_key: actionKey } = await signIn('nuevo@impecable.demo');
    for (const url of ['/api/imps', '/api/listado-imps', '/api/album', '/api/cheque-motiva/ordenes/user']) expect((await get(url, sync)).statusCode, url).toBe(401);
    const payload = { action: 'Clic vídeo 1 Accesible' };
    const event = async (key: string, signedWith: string | null) => ctx.app.inject({
      method: 'POST', url: '/api/log/register', payload,
      headers: await queuedRowHeaders(sync, signedWith, { url: '/api/log/register', body: payload, key, occurredAt: ctx.clock.now() }),
    });
    const queued = await event('antes', actionKey);
    expect(queued.statusCode).toBe(200);
    ctx.clock.advance(MINUTE);
    await get('/api/auth/logout', token);
    ctx.clock.advance(MINUTE);
    // After sign-out the device no longer holds the key: whatever it sends now is unsigned.
    expect((await event('despues', null)).statusCode).toBe(401);
    // The refusal stored nothing: after a new sign-in the same item goes through with its key.
    const { token: again } = await signIn('nuevo@impecable.demo');
    const retry = await ctx.app.inject({
      method: 'POST', url: '/api/log/register', payload,
      headers: { ...bearer(again), 'idempotency-key': 'despues', 'x-occurred-at': ctx.clock.now().toISOString() },
    });
    expect(retry.statusCode).toBe(200);
  });
});

describe('session purge (housekeeping)', () => {
  it('deletes sessions that ended long ago, keeps live ones and the full sessions live sync credentials still need', async () => {
    const loggedOut = await signIn('bruno@impecable.demo');
    await get('/api/auth/logout', loggedOut.token);
    await get('/api/auth/logout', loggedOut.sync_token);
    const signedOutLeavingWork = await signIn('plataforma@impecable.demo');
    await get('/api/auth/logout', signedOutLeavingWork.token);
    const before = await ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

    ctx.clock.advance(2 * DAY);
    const live = await signIn('ana@impecable.demo');
    await housekeepingHandler(ctx.db, ctx.clock.now, ctx.config)({}, {} as never);

    const exists = async (token: string) => (await ctx.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirst()) !== undefined;
    expect(await exists(live.token)).toBe(true);
    expect(await exists(live.sync_token)).toBe(true);
    expect(await exists(loggedOut.token)).toBe(false);
    expect(await exists(loggedOut.sync_token)).toBe(false);
    // Its sync credential may still deliver queued work from before the sign-out: both stay.
    expect(await exists(signedOutLeavingWork.sync_token)).toBe(true);
    expect(await exists(signedOutLeavingWork.token)).toBe(true);
    const after = await ctx.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBeLessThan(Number(before.n));

    // Once the sync credential is long idle too, both go.
    ctx.clock.advance((ctx.config.syncIdleDays + 2) * DAY);
    await housekeepingHandler(ctx.db, ctx.clock.now, ctx.config)({}, {} as never);
    expect(await exists(signedOutLeavingWork.sync_token)).toBe(false);
    expect(await exists(signedOutLeavingWork.token)).toBe(false);
  });
});
