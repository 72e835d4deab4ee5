import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { MAINTENANCE_MESSAGE } from './maintenance.ts';

// app.test.ts covers the basic switch; this covers what the app relies on: the exact body the
// maintenance screen looks for, signed-in calls, IPv4-mapped addresses, and state 0.
describe('maintenance state 1', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { MAINTENANCE_STATE: '1', MAINTENANCE_ALLOWLIST: '10.1.1.1,2001:db8::7' } });
    token = await tokenFor(ctx, await userByEmail(ctx.db, 'ana@impecable.demo'));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each([
    ['GET', '/api/imps'],
    ['GET', '/api/navegacion-simulada/marcas'],
    ['POST', '/api/auth/login-sso'],
    ['GET', '/api/no-existe'],
  ] as const)('%s %s answers 503 { maintenance: 1 } with Retry-After, before authentication', async (method, url) => {
    const res = await ctx.app.inject({ method, url, headers: bearer(token), remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('300');
    expect(res.json()).toEqual({ success: false, error: MAINTENANCE_MESSAGE, maintenance: 1 });
  });

  it.each(['10.1.1.1', '::ffff:10.1.1.1', '2001:db8::7'])('lets the allow-listed address %s use the API normally', async (remoteAddress) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(token), remoteAddress });
    expect(res.statusCode).toBe(200);
  });
});

describe('maintenance state 0 (the default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { MAINTENANCE_ALLOWLIST: '10.1.1.1' } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('serves every address, listed or not, and says state 0 in /config', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ maintenance: 0 });
  });
});
