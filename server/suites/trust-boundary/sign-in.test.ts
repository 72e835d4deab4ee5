// Trust boundary, sign-in (issue 15 items 2 and 3), attacked as an outside client would:
// Google tokens issued to another app, forged or unverified ID tokens, and the demo token
// endpoint asked from another machine or for a user who is not one of the seven demo users.
// Each refusal is a Spanish 4xx and leaves no session behind.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSsoResponseSchema, loginResponseSchema } from '#contract/session';
import { loadConfig } from '#server/config';
import { demoAccessNotice } from '#server/modules/auth/demo-access';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { createAgent } from '#test-support/server/agents';
import { startGoogleStandIn, STAND_IN_CLIENT_ID, type GoogleStandIn } from '#test-support/server/google-stand-in';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

const LOGIN_FAILED = { success: false, error: 'El correo o la contraseña son incorrectos' };
const DEMO_LOCAL_ONLY = { success: false, error: 'El acceso de demostración solo funciona desde este equipo' };
const NO_SUCH_USER = { success: false, error: 'No hay ningún usuario con ese correo' };

let google: GoogleStandIn;
let ctx: TestContext;

beforeAll(async () => {
  google = await startGoogleStandIn({ now: () => ctx.clock.now() });
  ctx = await createTestApp({ env: { ...google.env, AUTH_RATE_LIMIT: '100000' } });
});
afterAll(async () => {
  await ctx.close();
  await google.close();
});

/** Everything a sign-in could leave behind: sessions and consumed SSO tokens. */
async function footprint(c: TestContext = ctx) {
  const sessions = await c.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sso = await c.db.selectFrom('sso_used_tokens').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { sessions: Number(sessions.n), ssoUsed: Number(sso.n) };
}

const login = (payload: object, c: TestContext = ctx) => c.app.inject({ method: 'POST', url: '/api/auth/login', payload });

/** An unsigned JWT ("alg": "none") with Google-looking claims. */
function unsignedToken(email: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(ctx.clock.now().getTime() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ iss: 'https://accounts.google.com', aud: STAND_IN_CLIENT_ID, email, email_verified: true, iat, exp: iat + 3600 })}.`;
}

describe('15.2 Google sign-in accepts only tokens issued to this app', () => {
  it('signs a member in with an access token issued to this app (tokeninfo)', async () => {
    const res = await login({ access_token: google.accessToken('Ana@Impecable.demo') });
    expect(res.statusCode).toBe(200);
    expect(loginResponseSchema.parse(res.json()).data?.user.email).toBe('ana@impecable.demo');
  });

  it('signs a member in with a Google ID token (credential) verified against the JWKS', async () => {
    const res = await login({ credential: await google.idToken('bruno@impecable.demo') });
    expect(res.statusCode).toBe(200);
    expect(loginResponseSchema.parse(res.json()).data?.user.email).toBe('bruno@impecable.demo');
  });

  const past = () => String(Math.floor(ctx.clock.now().getTime() / 1000) - 60);
  it.each<[string, () => object]>([
    ['an access token issued to another app (aud and azp)', () => ({ aud: 'otra-app.apps.googleusercontent.com', azp: 'otra-app.apps.googleusercontent.com' })],
    ['an access token whose e-mail Google has not verified', () => ({ email_verified: 'false' })],
    ['an expired access token', () => ({ expires_in: '0', exp: past() })],
    ['an access token without the email scope', () => ({ scope: 'openid https://www.googleapis.com/auth/userinfo.profile' })],
  ])('refuses %s with the login alert and opens no session', async (_name, info) => {
    const before = await footprint();
    const res = await login({ access_token: google.accessToken('admin@impecable.demo', info()) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_FAILED);
    expect(await footprint()).toEqual(before);
  });

  it('refuses an access token Google does not know', async () => {
    const before = await footprint();
    const res = await login({ access_token: 'ya29.inventado' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_FAILED);
    expect(await footprint()).toEqual(before);
  });

  it.each<[string, () => Promise<string>]>([
    ['an ID token issued to another app', () => google.idToken('admin@impecable.demo', { aud: 'otra-app.apps.googleusercontent.com' })],
    ['an ID token whose e-mail is not verified', () => google.idToken('admin@impecable.demo', { email_verified: false })],
    ['an ID token signed by a key the JWKS does not publish', async () => google.idToken('admin@impecable.demo', {}, { key: await google.strangerKey() })],
    ['an ID token signed by an unknown key id', async () => google.idToken('admin@impecable.demo', {}, { key: await google.strangerKey(), kid: 'otra-clave' })],
    ['an unsigned ID token (alg none)', async () => unsignedToken('admin@impecable.demo')],
    ['an ID token from another issuer', () => google.idToken('admin@impecable.demo', { iss: 'https://accounts.example.com' })],
    ['an expired ID token', () => {
      const iat = Math.floor(ctx.clock.now().getTime() / 1000) - 7200;
      return google.idToken('admin@impecable.demo', { iat, exp: iat + 3600 });
    }],
  ])('refuses %s with the login alert and opens no session', async (_name, make) => {
    const before = await footprint();
    const res = await login({ credential: await make() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_FAILED);
    expect(await footprint()).toEqual(before);
  });

  it('takes exactly one of access_token and credential', async () => {
    for (const body of [{}, { access_token: google.accessToken('ana@impecable.demo'), credential: await google.idToken('ana@impecable.demo') }]) {
      const res = await login(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: expect.stringMatching(/access_token.*credential/) });
    }
  });

  it('without GOOGLE_CLIENT_ID answers a clear 400 and never asks Google', async () => {
    const { GOOGLE_CLIENT_ID: _unused, ...urls } = google.env;
    const unconfigured = await createTestApp({ env: urls, seed: false });
    try {
      const asked = { ...google.calls };
      const before = await footprint(unconfigured);
      for (const body of [{ access_token: google.accessToken('ana@impecable.demo') }, { credential: await google.idToken('ana@impecable.demo') }]) {
        const res = await login(body, unconfigured);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, error: 'El inicio de sesión con Google no está configurado en este servidor' });
      }
      expect(google.calls).toEqual(asked);
      expect(await footprint(unconfigured)).toEqual(before);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('15.3 demo sign-in: the seven demo users only, from this machine unless opened on purpose', () => {
  const demoToken = (c: TestContext, email: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    c.app.inject({ method: 'POST', url: '/api/demo/sso-token', payload: { email }, remoteAddress, headers });

  /** Demo mode by default (DEMO_MODE not set), as a plain `npm start` runs. */
  let defaulted: TestContext;
  beforeAll(async () => {
    defaulted = await createTestApp({ env: { DEMO_MODE: undefined, AUTH_RATE_LIMIT: '100000' } });
  });
  afterAll(async () => {
    await defaulted.close();
  });

  it('the configuration tells an explicit DEMO_MODE=true from the default', () => {
    expect(defaulted.config).toMatchObject({ demoMode: true, demoAccess: 'loopback' });
    expect(ctx.config).toMatchObject({ demoMode: true, demoAccess: 'any' });
    expect(demoAccessNotice(defaulted.config)).toMatch(/solo desde este equipo/);
    expect(demoAccessNotice(ctx.config)).toMatch(/desde cualquier dirección/);
    expect(demoAccessNotice(loadConfig({ DEMO_MODE: 'false' }))).toBeNull();
  });

  it.each([
    ['another machine on the network', '192.168.1.50', {}],
    ['another machine over IPv6', '2001:db8::7', {}],
    ['a request a local proxy forwarded (X-Forwarded-For without TRUST_PROXY)', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
  ])('by default refuses %s with 403 and mints nothing', async (_name, address, headers) => {
    const before = await footprint(defaulted);
    const res = await demoToken(defaulted, 'admin@impecable.demo', address, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(DEMO_LOCAL_ONLY);
    expect(await footprint(defaulted)).toEqual(before);
  });

  it('by default serves a demo user to this machine (IPv4, IPv6 and mapped loopback)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await demoToken(defaulted, 'ana@impecable.demo', address);
      expect(res.statusCode, address).toBe(200);
      demoSsoResponseSchema.parse(res.json());
    }
  });

  it('behind a trusted proxy judges the real client address', async () => {
    const proxied = await createTestApp({ env: { DEMO_MODE: undefined, TRUST_PROXY: '127.0.0.1' }, seed: false });
    try {
      const outside = await demoToken(proxied, 'ana@impecable.demo', '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
      expect(outside.statusCode).toBe(403);
      expect(outside.json()).toEqual(DEMO_LOCAL_ONLY);
    } finally {
      await proxied.close();
    }
  });

  it('never mints a token for a user who is not one of the seven demo users, even from this machine', async () => {
    const imported = await createAgent(defaulted, 'Importada15');
    const openly = await createAgent(ctx, 'Importada15b');
    for (const [c, email, address] of [[defaulted, imported.user.email, '127.0.0.1'], [ctx, openly.user.email, '192.168.1.50']] as const) {
      const before = await footprint(c);
      const res = await demoToken(c, email, address);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NO_SUCH_USER);
      expect(await footprint(c)).toEqual(before);
    }
  });

  it('with DEMO_MODE=true set explicitly, serves the demo users to any address', async () => {
    const res = await demoToken(ctx, 'interno@impecable.demo', '192.168.1.50');
    expect(res.statusCode).toBe(200);
    const { token } = demoSsoResponseSchema.parse(res.json());
    const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-sso', headers: bearer(token) });
    expect(loginResponseSchema.parse(signedIn.json()).data?.user.email).toBe('interno@impecable.demo');
  });

  it('a caller holding the SSO secret (the sso-link CLI) may ask for any user; a wrong secret gets nothing', async () => {
    const imported = await createAgent(defaulted, 'Importada15c');
    const proof = await signSsoToken(defaulted.config.ssoSecret, imported.user.email, defaulted.clock.now());
    const served = await demoToken(defaulted, imported.user.email, '127.0.0.1', bearer(proof));
    expect(served.statusCode).toBe(200);

    const before = await footprint(defaulted);
    const forged = await signSsoToken('x'.repeat(40), imported.user.email, defaulted.clock.now());
    const refused = await demoToken(defaulted, imported.user.email, '127.0.0.1', bearer(forged));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(NO_SUCH_USER);
    const otherUser = await demoToken(defaulted, imported.user.email, '127.0.0.1', bearer(await signSsoToken(defaulted.config.ssoSecret, 'ana@impecable.demo', defaulted.clock.now())));
    expect(otherUser.statusCode).toBe(404);
    expect(await footprint(defaulted)).toEqual(before);
  });

  it('`npm run sso-link` still prints a working link for an imported user', async () => {
    const imported = await createAgent(defaulted, 'Importada15d');
    await defaulted.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = defaulted.app.server.address() as AddressInfo;
    const env: NodeJS.ProcessEnv = { ...process.env, PUBLIC_URL: `http://127.0.0.1:${port}`, PORT: String(port), DATA_DIR: '/nonexistent-data' };
    delete env.DEMO_MODE;
    delete env.DATABASE_URL;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/sso-link.ts', imported.user.email], { env });
    const token = /\/sso\/([\w-]+\.[\w-]+\.[\w-]+)$/.exec(stdout.trim())?.[1] ?? '';
    const signedIn = await defaulted.app.inject({ method: 'POST', url: '/api/auth/login-sso', headers: bearer(token) });
    expect(signedIn.statusCode).toBe(200);
    expect(loginResponseSchema.parse(signedIn.json()).data?.user.email).toBe(imported.user.email);
  }, 60_000);
});
