import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '#contract/session';
import { startGoogleStandIn, type GoogleStandIn } from '#test-support/server/google-stand-in';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

// Google sign-in against a local stand-in for tokeninfo and the JWKS (the attacks on it, tokens
// issued to other apps and forged ID tokens, are in server/suites/trust-boundary/sign-in.test.ts).
let google: GoogleStandIn;
let ctx: TestContext;

beforeAll(async () => {
  google = await startGoogleStandIn();
  ctx = await createTestApp({ env: google.env });
});

afterAll(async () => {
  await ctx.close();
  await google.close();
});

const login = (accessToken: unknown) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { access_token: accessToken } });

describe('POST /api/auth/login (Google)', () => {
  it('signs a member in and returns a working token and the session user', async () => {
    const asked = google.calls.tokeninfo;
    const res = await login(google.accessToken('Ana@Impecable.demo'));
    expect(res.statusCode).toBe(200);
    expect(google.calls.tokeninfo).toBe(asked + 1);
    const body = loginResponseSchema.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.data?.user).toMatchObject({ email: 'ana@impecable.demo', perfil: '', marca_id: 2, nick_name: 'AnaImpecable' });
    expect(typeof body.data?.user.id).toBe('number');
    const imps = await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(body.data?.token ?? '') });
    expect(imps.statusCode).toBe(200);
  });

  it.each([
    ['a Google account that is not an imported user', () => google.accessToken('intruso@gmail.com')],
    ['a token Google refuses', () => 'ya29.caducado'],
    ['an unverified e-mail', () => google.accessToken('bruno@impecable.demo', { email_verified: 'false' })],
  ])('refuses %s with the login alert', async (_name, token) => {
    const res = await login(token());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: 'El correo o la contraseña son incorrectos' });
  });

  it('answers 400 in Spanish when the access token is missing', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.stringContaining('access_token') });
  });
});

describe('Google unreachable', () => {
  it('answers 502 with a clear message, not a 500', async () => {
    const offline = await createTestApp({
      env: { GOOGLE_CLIENT_ID: 'cliente.apps.googleusercontent.com', GOOGLE_TOKENINFO_URL: 'http://127.0.0.1:9/tokeninfo', GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' },
      seed: false,
    });
    try {
      for (const payload of [{ access_token: 'x' }, { credential: await google.idToken('ana@impecable.demo') }]) {
        const res = await offline.app.inject({ method: 'POST', url: '/api/auth/login', payload });
        expect(res.statusCode).toBe(502);
        expect(res.json().error).toMatch(/Google/);
      }
    } finally {
      await offline.close();
    }
  });
});
