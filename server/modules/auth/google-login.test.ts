import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '#contract/session';
import { bearer, createTestApp, type TestContext } from '#server/testing/test-app';

/** Answers like Google's userinfo endpoint: known access tokens map to profiles. */
const PROFILES: Record<string, object> = {
  'token-ana': { sub: '1', email: 'Ana@Impecable.demo', email_verified: true, name: 'Ana' },
  'token-outsider': { sub: '2', email: 'intruso@gmail.com', email_verified: true, name: 'Intruso' },
  'token-unverified': { sub: '3', email: 'bruno@impecable.demo', email_verified: false, name: 'Bruno' },
};

let userinfo: Server;
let ctx: TestContext;
let seenAuthorization: string | undefined;

beforeAll(async () => {
  userinfo = createServer((req, res) => {
    seenAuthorization = req.headers.authorization;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const profile = PROFILES[token];
    res.writeHead(profile ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(profile ?? { error: 'invalid_request', error_description: 'Invalid Credentials' }));
  });
  await new Promise<void>((resolve) => userinfo.listen(0, '127.0.0.1', resolve));
  const { port } = userinfo.address() as AddressInfo;
  ctx = await createTestApp({ env: { GOOGLE_USERINFO_URL: `http://127.0.0.1:${port}/oauth2/v3/userinfo` } });
});

afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => userinfo.close(resolve));
});

const login = (accessToken: unknown) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { access_token: accessToken } });

describe('POST /api/auth/login (Google)', () => {
  it('signs a member in and returns a working token and the session user', async () => {
    const res = await login('token-ana');
    expect(res.statusCode).toBe(200);
    expect(seenAuthorization).toBe('Bearer token-ana');
    const body = loginResponseSchema.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.data?.user).toMatchObject({ email: 'ana@impecable.demo', perfil: '', marca_id: 2, nick_name: 'AnaImpecable' });
    expect(typeof body.data?.user.id).toBe('number');
    const imps = await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(body.data?.token ?? '') });
    expect(imps.statusCode).toBe(200);
  });

  it.each([
    ['a Google account that is not an imported user', 'token-outsider'],
    ['a token Google refuses', 'token-caducado'],
    ['an unverified e-mail', 'token-unverified'],
  ])('refuses %s with the login alert', async (_name, token) => {
    const res = await login(token);
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
    const offline = await createTestApp({ env: { GOOGLE_USERINFO_URL: 'http://127.0.0.1:9/userinfo' } });
    try {
      const res = await offline.app.inject({ method: 'POST', url: '/api/auth/login', payload: { access_token: 'x' } });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/Google/);
    } finally {
      await offline.close();
    }
  });
});
