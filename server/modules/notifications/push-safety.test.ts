// Web Push attacked from outside, as an agent with curl would: a subscription whose endpoint is
// not a browser's push service (loopback, the cloud metadata address, a private range, another
// port) or whose keys are no P-256 point, and push services that hang, refuse or redirect. Only
// loopback is ever contacted: that an address is never reached is shown with a loopback
// listener that counts connections; the other addresses are refused before anything is stored.
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationText } from '#domain/notifications';
import { enqueueJob, JobRunner } from '#server/jobs/runner';
import { createAgent, type TestAgent } from '#test-support/server/agents';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '#test-support/server/push-service';
import { freePort, LISTENING, startServerProcess } from '#test-support/server/server-process';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { notificationJobHandlers } from './jobs.ts';
import { notify } from './notify.ts';

const NOW = new Date('2025-06-20T10:00:00Z');
const PUSH_JOB = 'notification-push';
const SUBSCRIPTION_URL = '/api/avisos/push/suscripcion';
const b64 = (bytes: Buffer) => bytes.toString('base64url');

/** A loopback port that only counts the connections made to it (and drops them). */
async function connectionCounter(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const subscribe = (ctx: TestContext, agent: TestAgent, body: object) =>
  ctx.app.inject({ method: 'POST', url: SUBSCRIPTION_URL, headers: bearer(agent.token), payload: body });

const storedFor = (ctx: TestContext, agent: TestAgent) => ctx.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', agent.user.id).execute();

/** A coupon notice for `agent` (pushed at once, whatever the hour): one push job per stored device. */
async function noticeFor(ctx: TestContext, agent: TestAgent, key: string): Promise<void> {
  await notify(ctx.db, {
    kind: 'cupon-listo', eventKey: `cupon-listo:${key}`, text: notificationText({ kind: 'cupon-listo', productName: 'Tarjeta regalo' }),
    recipients: sql`SELECT ${agent.user.id}::int AS user_id`,
  }, ctx.clock.now());
}

/** The push jobs to these devices, in the order of the ids given. */
async function pushJobsOf(ctx: TestContext, subscriptionIds: number[]) {
  const jobs = await ctx.db.selectFrom('jobs').select(['status', 'attempts', 'last_error', 'payload']).where('kind', '=', PUSH_JOB).execute();
  const device = (job: (typeof jobs)[number]) => (job.payload as { subscriptionId: number }).subscriptionId;
  return subscriptionIds.flatMap((id) => jobs.filter((job) => device(job) === id));
}

function runnerFor(ctx: TestContext, extra: Record<string, () => Promise<void>> = {}): JobRunner {
  return new JobRunner(ctx.db, { handlers: { ...notificationJobHandlers({ db: ctx.db, config: ctx.config, clock: ctx.clock.now }), ...extra }, clock: ctx.clock.now });
}

describe('without the tests\' push setting (npm start, DEMO_MODE=false)', () => {
  it.each([['demo mode, the default', {}], ['DEMO_MODE=false', { DEMO_MODE: 'false' }]])('%s: only a browser\'s push service over https on 443 is stored; nothing else is ever contacted', async (_mode, env) => {
    const listener = await connectionCounter();
    const ctx = await createTestApp({ now: NOW, env });
    try {
      const agent = await createAgent(ctx, 'SsrfAna');
      const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      // Loopback first: the listener shows whether the server would connect to it.
      const endpoints = [
        `http://127.0.0.1:${listener.port}/push/x`, `https://127.0.0.1:${listener.port}/push/x`, `http://localhost:${listener.port}/push/x`,
        'http://169.254.169.254/latest/meta-data/', 'https://10.0.0.1/push', 'https://192.168.1.10/push', 'https://[::1]/push',
        'https://fcm.googleapis.com:8443/fcm/send/x', 'http://fcm.googleapis.com/fcm/send/x', 'https://push.example.com/x',
      ];
      for (const endpoint of endpoints) {
        const res = await subscribe(ctx, agent, { endpoint, expirationTime: null, keys });
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json(), endpoint).toMatchObject({ error: expect.stringMatching(/servicios de push de los navegadores/) });
      }
      expect(await storedFor(ctx, agent)).toEqual([]);
      // An event for the agent queues no push, and the server opens no connection.
      await noticeFor(ctx, agent, 'ssrf');
      await runnerFor(ctx).runOnce();
      expect(await ctx.db.selectFrom('jobs').select('id').where('kind', '=', PUSH_JOB).execute()).toEqual([]);
      expect(listener.connections()).toBe(0);
      // A browser's push service is taken (nothing is sent to it here: no event follows).
      expect((await subscribe(ctx, agent, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys })).statusCode).toBe(200);
    } finally {
      await ctx.close();
      await listener.close();
    }
  });
});

describe('with the tests\' push stand-in allowed (PUSH_TEST_ORIGIN)', () => {
  let ctx: TestContext;
  let push: PushServiceStandIn;
  let listener: Awaited<ReturnType<typeof connectionCounter>>;

  beforeAll(async () => {
    push = await startPushService();
    listener = await connectionCounter();
    ctx = await createTestApp({ now: NOW, env: { PUSH_TEST_ORIGIN: push.origin } });
  });
  afterAll(async () => {
    await ctx.close();
    await push.close();
    await listener.close();
  });

  async function subscribed(agent: TestAgent): Promise<StandInSubscription & { id: number }> {
    const key = (await ctx.app.inject({ method: 'GET', url: '/api/avisos/push/clave' })).json() as { vapid_public_key: string };
    const device = push.subscribe({ applicationServerKey: key.vapid_public_key });
    expect((await subscribe(ctx, agent, device)).statusCode).toBe(200);
    const row = await ctx.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', device.endpoint).executeTakeFirstOrThrow();
    return { ...device, id: row.id };
  }

  it('still refuses any other origin, its own port included', async () => {
    const agent = await createAgent(ctx, 'SsrfOtherPort');
    const device = push.subscribe();
    for (const endpoint of [`http://127.0.0.1:${listener.port}/push/x`, `${push.origin.replace('http:', 'https:')}/push/x`, `http://localhost:${new URL(push.origin).port}/push/x`]) {
      expect((await subscribe(ctx, agent, { ...device, endpoint })).statusCode, endpoint).toBe(400);
    }
    expect(await storedFor(ctx, agent)).toEqual([]);
  });

  it('refuses keys that are not a P-256 point or a 16-byte auth secret: 400, nothing stored', async () => {
    const agent = await createAgent(ctx, 'BadKeys');
    const device = push.subscribe();
    const point = Buffer.from(device.keys.p256dh, 'base64url');
    const offTheCurve = Buffer.from(point);
    offTheCurve[64] = (offTheCurve[64] ?? 0) ^ 1;
    const bad = {
      'a point off the curve': { ...device.keys, p256dh: b64(offTheCurve) },
      'zeros after 0x04': { ...device.keys, p256dh: b64(Buffer.concat([Buffer.from([4]), Buffer.alloc(64)])) },
      'random bytes after 0x04': { ...device.keys, p256dh: b64(Buffer.concat([Buffer.from([4]), randomBytes(64)])) },
      'a compressed point': { ...device.keys, p256dh: b64(Buffer.concat([Buffer.from([2]), point.subarray(1, 33)])) },
      'an auth secret of 17 bytes': { ...device.keys, auth: b64(randomBytes(17)) },
    };
    for (const [what, keys] of Object.entries(bad)) {
      const res = await subscribe(ctx, agent, { ...device, keys });
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ error: expect.stringMatching(/P-256/) });
    }
    expect(await storedFor(ctx, agent)).toEqual([]);
    expect((await subscribe(ctx, agent, device)).statusCode).toBe(200);
  });

  it('a row stored before these checks (another address, bad keys) is removed, never contacted, never retried', async () => {
    const agent = await createAgent(ctx, 'OldRows');
    const device = push.subscribe();
    const offTheCurve = b64(Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]));
    const rows = await ctx.db.insertInto('push_subscriptions').values([
      { user_id: agent.user.id, endpoint: `http://127.0.0.1:${listener.port}/push/old`, p256dh: device.keys.p256dh, auth: device.keys.auth },
      { user_id: agent.user.id, endpoint: device.endpoint, p256dh: offTheCurve, auth: device.keys.auth },
    ]).returning('id').execute();
    await noticeFor(ctx, agent, 'old-rows');
    await runnerFor(ctx).runOnce();
    expect(listener.connections()).toBe(0);
    expect(push.requests).not.toContain(device.endpoint);
    expect(await storedFor(ctx, agent)).toEqual([]);
    const jobs = await pushJobsOf(ctx, rows.map((r) => r.id));
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual([['done', 1], ['done', 1]]);
  });

  it('a refusal or a redirect is tried once and never followed; 429 and 5xx are tried again later', async () => {
    const agent = await createAgent(ctx, 'Refused');
    const [forbidden, tooLarge, redirected, busy, down] = [await subscribed(agent), await subscribed(agent), await subscribed(agent), await subscribed(agent), await subscribed(agent)];
    push.answerWith(forbidden.endpoint, 403);
    push.answerWith(tooLarge.endpoint, 413);
    push.answerWith(redirected.endpoint, 307);
    push.answerWith(busy.endpoint, 429);
    push.answerWith(down.endpoint, 503);
    const runner = runnerFor(ctx);
    await noticeFor(ctx, agent, 'refused');
    await runner.runOnce();
    ctx.clock.advance(3_600_000);
    await runner.runOnce();
    ctx.clock.set(NOW);
    const times = (endpoint: string) => push.requests.filter((url) => url === endpoint).length;
    expect([forbidden, tooLarge, redirected].map((d) => times(d.endpoint))).toEqual([1, 1, 1]);
    expect(push.requests).not.toContain(`${push.origin}/push/redirected`);
    expect([busy, down].map((d) => times(d.endpoint))).toEqual([2, 2]);
    const jobs = await pushJobsOf(ctx, [forbidden.id, tooLarge.id, redirected.id, busy.id, down.id]);
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual([['done', 1], ['done', 1], ['done', 1], ['queued', 2], ['queued', 2]]);
    // Refusals keep the device (only 404/410 say it is gone).
    expect(await storedFor(ctx, agent)).toHaveLength(5);
  });

  it('ten push services that never answer hold up no other job, and each push gives up after a few seconds', async () => {
    const agent = await createAgent(ctx, 'Hanging');
    const devices: (StandInSubscription & { id: number })[] = [];
    for (let i = 0; i < 10; i++) devices.push(await subscribed(agent));
    for (const device of devices) push.answerWith(device.endpoint, 'never');
    let otherJobAfterMs: number | null = null;
    const started = Date.now();
    const runner = runnerFor(ctx, { 'other-work': async () => void (otherJobAfterMs = Date.now() - started) });
    await noticeFor(ctx, agent, 'hanging');
    // Queued after the ten pushes: it still runs at once.
    await enqueueJob(ctx.db, { kind: 'other-work', runAt: ctx.clock.now() });
    await runner.runOnce();
    const tookMs = Date.now() - started;
    expect(otherJobAfterMs).not.toBeNull();
    expect(otherJobAfterMs).toBeLessThan(2_000);
    expect(devices.every((d) => push.requests.includes(d.endpoint))).toBe(true);
    // Eight at once, then the last two: two rounds of the 5 s timeout, not ten.
    expect(tookMs).toBeLessThan(15_000);
    const jobs = await pushJobsOf(ctx, devices.map((d) => d.id));
    expect(jobs).toHaveLength(10);
    for (const job of jobs) expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringMatching(/did not answer within 5000 ms/) });
  });
});

describe('starting in production', () => {
  it('refuses PUSH_TEST_ORIGIN with a Spanish error, and never listens', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'impecable-push-'));
    const child = startServerProcess({
      NODE_ENV: 'production', SSO_SECRET: 'x'.repeat(40), PUSH_TEST_ORIGIN: 'http://127.0.0.1:4000',
      HOST: '127.0.0.1', PORT: String(await freePort()), DATA_DIR: dataDir, DIST_DIR: '/nonexistent-dist', LOG_LEVEL: 'warn',
    });
    try {
      const code = await Promise.race([child.exited, child.waitFor(LISTENING, 'listening').then(() => 'listening')]);
      expect(code).toBe(1);
      expect(child.lines.join('\n')).toMatch(/Configuración no válida:[\s\S]*PUSH_TEST_ORIGIN es solo para las pruebas .*no puede usarse en producción/);
    } finally {
      child.process.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
