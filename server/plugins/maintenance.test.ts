import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceSetting } from '#domain/programme-settings';
import { buildApp } from '#server/app';
import { invalidationsDelivered } from '#server/modules/auth/session-channel';
import { writeMaintenance } from '#server/modules/programme/settings/repository';
import { seedMinimal } from '#server/seed/index';
import { openSibling, type SiblingHandle } from '#test-support/server/instances';
import { bearer, createTestApp, openTestDatabase, type TestContext } from '#test-support/server/test-app';
import { MAINTENANCE_MESSAGE, MAINTENANCE_TTL_MS, MaintenanceSwitch } from './maintenance.ts';

// Maintenance is data (Programa › Mantenimiento): what the app relies on is the exact 503 body
// its maintenance screen looks for, that a change applies at once (to the writer's process and,
// through the database's NOTIFY, to every other instance, with the TTL as the safety net), that
// the allow-listed admin keeps the API (the Programa routes, sign-in), and the emergency override.
const ADMIN_IP = '10.1.1.1';
const AGENT_IP = '10.9.9.9';
const MAINTENANCE = '/api/programa/mantenimiento';

const turn = (app: FastifyInstance, token: string, setting: MaintenanceSetting) =>
  app.inject({ method: 'PUT', url: MAINTENANCE, payload: setting, headers: bearer(token), remoteAddress: ADMIN_IP });

describe('on one instance', () => {
  let ctx: TestContext;
  let admin: string;
  let agent: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.signIn('admin@impecable.demo');
    agent = await ctx.signIn('ana@impecable.demo');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('serves everyone while off, and says state 0 in /config', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/config', remoteAddress: AGENT_IP });
    expect([res.statusCode, res.json().maintenance]).toEqual([200, 0]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(agent), remoteAddress: AGENT_IP })).statusCode).toBe(200);
  });

  it('turned on, the very next agent request gets 503 { maintenance: 1 } with Retry-After, before authentication', async () => {
    expect((await turn(ctx.app, admin, { state: 1, allowlist: [ADMIN_IP, '2001:db8::7'] })).statusCode).toBe(200);
    for (const [method, url] of [['GET', '/api/imps'], ['GET', '/api/config'], ['POST', '/api/auth/login-sso'], ['GET', '/api/no-existe'], ['GET', MAINTENANCE]] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(agent), remoteAddress: AGENT_IP });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('300');
      expect(res.json()).toEqual({ success: false, error: MAINTENANCE_MESSAGE, maintenance: 1 });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health', remoteAddress: AGENT_IP })).statusCode).toBe(200);
  });

  it.each([ADMIN_IP, `::ffff:${ADMIN_IP}`, '2001:db8:0::7'])('lets the allow-listed address %s use the API: sign-in, reads, Programa', async (remoteAddress) => {
    const sso = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-sso', remoteAddress });
    expect(sso.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(agent), remoteAddress })).statusCode).toBe(200);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config', remoteAddress });
    expect(config.json().maintenance).toBe(1);
    const programme = await ctx.app.inject({ method: 'GET', url: MAINTENANCE, headers: bearer(admin), remoteAddress });
    expect(programme.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/programa/historial', headers: bearer(admin), remoteAddress })).statusCode).toBe(200);
  });

  it('turned off again by the allow-listed admin, agents are back at once', async () => {
    expect((await turn(ctx.app, admin, { state: 0, allowlist: [ADMIN_IP] })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(agent), remoteAddress: AGENT_IP })).statusCode).toBe(200);
  });
});

describe('MAINTENANCE_FORCE_OFF, the emergency way back in', () => {
  it('ignores the stored setting and says so to the admin', async () => {
    const db = await openTestDatabase();
    await seedMinimal(db, new Date());
    await writeMaintenance(db, { state: 1, allowlist: ['10.0.0.1'] });
    const ctx = await createTestApp({ db, env: { MAINTENANCE_FORCE_OFF: 'true' } });
    try {
      const config = await ctx.app.inject({ method: 'GET', url: '/api/config', remoteAddress: AGENT_IP });
      expect([config.statusCode, config.json().maintenance]).toEqual([200, 0]);
      const admin = await ctx.signIn('admin@impecable.demo');
      const res = await ctx.app.inject({ method: 'GET', url: MAINTENANCE, headers: bearer(admin), remoteAddress: AGENT_IP });
      expect(res.json()).toMatchObject({ state: 1, allowlist: ['10.0.0.1'], forcedOff: true, yourIp: AGENT_IP });
    } finally {
      await ctx.close();
    }
  });
});

describe('the copy each process holds', () => {
  it('is read once, kept for the TTL, dropped by a notification, and outlives a database that does not answer', async () => {
    let reads = 0;
    let stored: MaintenanceSetting = { state: 0, allowlist: [] };
    let failing = false;
    const errors: unknown[] = [];
    const copy = new MaintenanceSwitch(async () => {
      reads += 1;
      if (failing) throw new Error('sin base de datos');
      return stored;
    }, { ttlMs: 40, onError: (error) => errors.push(error) });
    await Promise.all([copy.current(), copy.current(), copy.current()]);
    expect(reads).toBe(1);
    stored = { state: 1, allowlist: ['10.0.0.1'] };
    expect(await copy.current()).toEqual({ state: 0, allowlist: [] });
    copy.evictSetting();
    expect(await copy.current()).toEqual(stored);
    expect(await copy.letsIn('10.0.0.2')).toBe(false);
    // A notification lost: the TTL alone brings the change. The first request after it is
    // answered with the copy while the setting is read again, never held by the database.
    stored = { state: 0, allowlist: [] };
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await copy.current()).toEqual({ state: 1, allowlist: ['10.0.0.1'] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await copy.current()).toEqual(stored);
    failing = true;
    copy.evictSetting();
    expect(await copy.current()).toEqual(stored);
    expect(errors).toHaveLength(1);
  });

  it('past its TTL, answers with its copy at once while a read hangs on a busy database', async () => {
    let hang = false;
    const copy = new MaintenanceSwitch(() => (hang ? new Promise<never>(() => undefined) : Promise.resolve({ state: 1, allowlist: [] })), { ttlMs: 10 });
    expect(await copy.current()).toEqual({ state: 1, allowlist: [] });
    hang = true;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const answered = await Promise.race([copy.current(), new Promise((resolve) => setTimeout(() => resolve('held'), 100))]);
    expect(answered).toEqual({ state: 1, allowlist: [] });
  });
});

describe('on two instances sharing one database', () => {
  let a: TestContext;
  let sibling: SiblingHandle;
  let b: FastifyInstance;
  let admin: string;
  let agent: string;
  beforeAll(async () => {
    a = await createTestApp();
    sibling = await openSibling(a.db);
    b = await buildApp({ config: a.config, db: sibling.db, clock: a.clock.now, logger: false, distDir: '/nonexistent-dist' });
    await b.ready();
    admin = await a.signIn('admin@impecable.demo');
    agent = await a.signIn('ana@impecable.demo');
  });
  afterAll(async () => {
    await b.close();
    await sibling.close();
    await a.close();
  });

  const agentOn = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/api/imps', headers: bearer(agent), remoteAddress: AGENT_IP })).statusCode;

  it('a change on one reaches the other at once by NOTIFY, well within the safety net', async () => {
    // B holds its copy (state 0) before the change.
    expect(await agentOn(b)).toBe(200);
    const started = performance.now();
    expect((await turn(a.app, admin, { state: 1, allowlist: [ADMIN_IP] })).statusCode).toBe(200);
    expect(await agentOn(a.app)).toBe(503);
    await invalidationsDelivered(sibling.db);
    expect(await agentOn(b)).toBe(503);
    expect(performance.now() - started).toBeLessThan(MAINTENANCE_TTL_MS);
    expect((await b.inject({ method: 'GET', url: '/api/imps', headers: bearer(agent), remoteAddress: ADMIN_IP })).statusCode).toBe(200);

    expect((await turn(b, admin, { state: 0, allowlist: [] })).statusCode).toBe(200);
    expect(await agentOn(b)).toBe(200);
    await invalidationsDelivered(a.db);
    expect(await agentOn(a.app)).toBe(200);
  });

  it('an operator\'s UPDATE in the database (no app involved) reaches both within the safety net', async () => {
    expect([await agentOn(a.app), await agentOn(b)]).toEqual([200, 200]);
    await writeMaintenance(sibling.db, { state: 1, allowlist: [] });
    await expect.poll(async () => [await agentOn(a.app), await agentOn(b)], { timeout: MAINTENANCE_TTL_MS, interval: 50 }).toEqual([503, 503]);
  });
});
