import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '#server/modules/auth/service';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { authPlugin } from './auth';
import { errorsPlugin } from './errors';
import { idempotencyPlugin } from './idempotency';
import { enableZodValidation } from './zod';

let ctx: TestContext;
let app: FastifyInstance;
let token: string;
let calls = 0;
let release: () => void = () => undefined;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await ctx.signIn('ana@impecable.demo');
  const deps = { db: ctx.db, config: ctx.config, clock: ctx.clock.now };
  app = Fastify();
  enableZodValidation(app);
  await app.register(errorsPlugin);
  await app.register(authPlugin, { auth: createAuthService(deps) });
  await app.register(idempotencyPlugin, deps);
  // Fails with a 500 the first time, succeeds afterwards.
  app.post('/flaky', { config: { idempotent: true } }, async () => {
    calls++;
    if (calls === 1) throw new Error('database exploded: SELECT secret FROM x');
    return { ok: true, calls };
  });
  // Waits until the test releases it: a request "in flight".
  app.post('/slow', { config: { idempotent: true } }, async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { done: true };
  });
  app.post('/plain', async () => ({ calls: ++calls }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const post = (url: string, key?: string, payload: object = { a: 1 }) => app.inject({
  method: 'POST', url, payload, headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
});

describe('idempotency plugin', () => {
  it('does not store a 5xx, so the retry runs and its answer is stored', async () => {
    const failed = await post('/flaky', 'k-5xx');
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ success: false, error: 'Error interno del servidor' });
    const retry = await post('/flaky', 'k-5xx');
    expect(retry.statusCode).toBe(200);
    const replay = await post('/flaky', 'k-5xx');
    expect(replay.body).toBe(retry.body);
    expect(calls).toBe(2);
  });

  it('answers 409 to a duplicate while the first is in flight, then replays it', async () => {
    const first = post('/slow', 'k-slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const duplicate = await post('/slow', 'k-slow');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ success: false, error: 'Esta petición ya se está procesando' });
    release();
    expect((await first).statusCode).toBe(200);
    const replay = await post('/slow', 'k-slow');
    expect([replay.statusCode, replay.body]).toEqual([200, '{"done":true}']);
  });

  it('treats the same body with keys in another order as the same request', async () => {
    const a = await post('/flaky', 'k-order', { x: 1, y: { b: 2, a: 1 } });
    const b = await post('/flaky', 'k-order', { y: { a: 1, b: 2 }, x: 1 });
    expect(b.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
  });

  it('ignores the header on routes that are not idempotent, and requests without it', async () => {
    const before = calls;
    await post('/plain', 'k-plain');
    await post('/plain', 'k-plain');
    await post('/flaky');
    await post('/flaky');
    expect(calls).toBe(before + 4);
  });
});
