import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSsoResponseSchema, loginResponseSchema } from '#contract/session';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { signSsoToken } from './sso-token';

let ctx: TestContext;
const NOW = new Date('2025-06-20T10:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

/** A JWT with full control over claims, header and key. */
async function forge(claims: JWTPayload, options: { secret?: string; alg?: string } = {}): Promise<string> {
  const iat = seconds(ctx.clock.now());
  return new SignJWT({ email: 'ana@impecable.demo', iat, exp: iat + 300, jti: randomUUID(), ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .sign(new TextEncoder().encode(options.secret ?? ctx.config.ssoSecret));
}

const loginSso = (jwt: string | null) => ctx.app.inject({
  method: 'POST',
  url: '/api/auth/login-sso',
  headers: jwt === null ? {} : bearer(jwt),
});

describe('POST /api/auth/login-sso', () => {
  it('signs in with a valid token: message, token and user', async () => {
    const res = await loginSso(await signSsoToken(ctx.config.ssoSecret, 'ana@impecable.demo', ctx.clock.now()));
    expect(res.statusCode).toBe(200);
    const body = loginResponseSchema.parse(res.json());
    expect(body).toMatchObject({ success: true, message: 'Sesión iniciada' });
    expect(body.data?.user).toMatchObject({ email: 'ana@impecable.demo', perfil: '', marca_id: 2 });
    const imps = await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(body.data?.token ?? '') });
    expect(imps.statusCode).toBe(200);
  });

  it('accepts an empty JSON body with a JSON content type', async () => {
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/auth/login-sso', payload: '',
      headers: { ...bearer(await signSsoToken(ctx.config.ssoSecret, 'bruno@impecable.demo', ctx.clock.now())), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a replayed token (single use)', async () => {
    const token = await signSsoToken(ctx.config.ssoSecret, 'ana@impecable.demo', ctx.clock.now());
    expect((await loginSso(token)).statusCode).toBe(200);
    const replay = await loginSso(token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ success: false, error: 'El enlace de acceso ya se ha utilizado' });
  });

  const now = () => seconds(ctx.clock.now());
  it.each<[string, () => Promise<string | null>, RegExp]>([
    ['no token at all', async () => null, /Falta el enlace/],
    ['an expired token', async () => forge({ iat: now() - 600, exp: now() - 300 }), /caducado/],
    ['a token living longer than 5 minutes', async () => forge({ exp: now() + 301 }), /más de 5 minutos/],
    ['a token without exp', async () => forge({ exp: undefined }), /no es válido/],
    ['a token without jti', async () => forge({ jti: undefined }), /no es válido/],
    ['a token issued in the future', async () => forge({ iat: now() + 120, exp: now() + 300 }), /no es válido/],
    ['alg none', async () => new UnsecuredJWT({ email: 'ana@impecable.demo', jti: randomUUID() }).setIssuedAt(now()).setExpirationTime(now() + 60).encode(), /no es válido/],
    ['HS512 instead of HS256', async () => forge({}, { alg: 'HS512' }), /no es válido/],
    ['another key', async () => forge({}, { secret: 'otra-clave-distinta-de-la-compartida-0123456789' }), /no es válido/],
    ['a garbage token', async () => 'esto.no.es', /no es válido/],
    ['a token without e-mail', async () => forge({ email: undefined }), /correo/],
    ['an unknown e-mail', async () => forge({ email: 'intruso@impecable.demo' }), /El correo o la contraseña son incorrectos/],
  ])('refuses %s with 401 and a Spanish reason', async (_name, make, reason) => {
    const res = await loginSso(await make());
    expect(res.statusCode).toBe(401);
    const body = res.json() as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(reason);
  });
});

describe('POST /api/demo/sso-token', () => {
  it('issues a fresh single-use token for an existing user', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/demo/sso-token', payload: { email: 'LATAM@impecable.demo' } });
    expect(res.statusCode).toBe(200);
    const { token } = demoSsoResponseSchema.parse(res.json());
    const login = await loginSso(token);
    expect(loginResponseSchema.parse(login.json()).data?.user.perfil).toBe('LATAM');
  });

  it('answers 404 for an unknown e-mail', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/demo/sso-token', payload: { email: 'nadie@impecable.demo' } });
    expect(res.statusCode).toBe(404);
  });

  it('does not exist outside demo mode', async () => {
    const prod = await createTestApp({ env: { DEMO_MODE: 'false' }, seed: false });
    try {
      const res = await prod.app.inject({ method: 'POST', url: '/api/demo/sso-token', payload: { email: 'ana@impecable.demo' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, error: 'Recurso no encontrado' });
      const config = await prod.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ demoMode: false, demoUsers: [] });
    } finally {
      await prod.close();
    }
  });
});
