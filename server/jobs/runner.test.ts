import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/schema';
import { createClock, openTestDatabase } from '#test-support/server/test-app';
import { backoffMs, cancelJob, cancelQueuedJobs, enqueueJob, JobRunner, renewJobLock } from './runner';

let db: Kysely<Database>;
const clock = createClock(new Date('2025-06-20T10:00:00Z'));

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db.destroy();
});
beforeEach(async () => {
  await db.deleteFrom('jobs').execute();
});

const job = (id: number) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('JobRunner', () => {
  it('claims each due job exactly once across two concurrent runners', async () => {
    for (let i = 0; i < 30; i++) await enqueueJob(db, { kind: 'count', payload: { i }, runAt: clock.now() });
    const seen: number[] = [];
    const handlers = {
      count: async (payload: unknown) => {
        seen.push((payload as { i: number }).i);
        await new Promise((resolve) => setTimeout(resolve, 1));
      },
    };
    const one = new JobRunner(db, { handlers, clock: clock.now });
    const two = new JobRunner(db, { handlers, clock: clock.now });
    const [ranOne, ranTwo] = await Promise.all([one.runOnce(), two.runOnce()]);
    expect(ranOne + ranTwo).toBe(30);
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const statuses = await db.selectFrom('jobs').select('status').distinct().execute();
    expect(statuses).toEqual([{ status: 'done' }]);
  });

  it('leaves future jobs and kinds without a handler alone', async () => {
    await enqueueJob(db, { kind: 'count', runAt: new Date(clock.now().getTime() + 60_000) });
    await enqueueJob(db, { kind: 'other', runAt: clock.now() });
    const runner = new JobRunner(db, { handlers: { count: async () => undefined }, clock: clock.now });
    expect(await runner.runOnce()).toBe(0);
  });

  it('retries a failing job with backoff, then marks it done', async () => {
    let attempts = 0;
    const id = (await enqueueJob(db, { kind: 'flaky', runAt: clock.now() })) ?? 0;
    const runner = new JobRunner(db, {
      clock: clock.now,
      handlers: {
        flaky: async () => {
          attempts++;
          if (attempts < 3) throw new Error(`fallo ${attempts}`);
        },
      },
    });
    await runner.runOnce();
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 1, last_error: 'fallo 1' });
    expect((await job(id)).run_at.getTime()).toBe(clock.now().getTime() + backoffMs(1));
    expect(await runner.runOnce()).toBe(0); // not due yet
    clock.advance(backoffMs(1));
    await runner.runOnce();
    clock.advance(backoffMs(2));
    await runner.runOnce();
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 3, last_error: null });
  });

  it('gives up after maxAttempts', async () => {
    const id = (await enqueueJob(db, { kind: 'broken', runAt: clock.now() })) ?? 0;
    const runner = new JobRunner(db, { clock: clock.now, maxAttempts: 2, handlers: { broken: async () => Promise.reject(new Error('siempre')) } });
    await runner.runOnce();
    clock.advance(backoffMs(1));
    await runner.runOnce();
    expect(await job(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'siempre' });
  });

  it('reclaims a job whose runner died (stale lock)', async () => {
    const id = (await enqueueJob(db, { kind: 'count', runAt: clock.now() })) ?? 0;
    await db.updateTable('jobs').set({ status: 'running', locked_at: new Date(clock.now().getTime() - 16 * 60_000), attempts: 1 }).where('id', '=', id).execute();
    const runner = new JobRunner(db, { clock: clock.now, handlers: { count: async () => undefined } });
    expect(await runner.runOnce()).toBe(1);
    expect(await job(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a renewed lock is never stale: another runner leaves a long job alone while its handler lives', async () => {
    const id = (await enqueueJob(db, { kind: 'count', runAt: clock.now() })) ?? 0;
    await db.updateTable('jobs').set({ status: 'running', locked_at: new Date(clock.now().getTime() - 16 * 60_000), attempts: 1 }).where('id', '=', id).execute();
    await renewJobLock(db, id, clock.now());
    const runner = new JobRunner(db, { clock: clock.now, handlers: { count: async () => undefined } });
    expect(await runner.runOnce()).toBe(0);
    expect(await job(id)).toMatchObject({ status: 'running', attempts: 1 });
    // A finished job's lock is not brought back.
    await db.updateTable('jobs').set({ status: 'done', locked_at: null }).where('id', '=', id).execute();
    await renewJobLock(db, id, clock.now());
    expect(await job(id)).toMatchObject({ status: 'done', locked_at: null });
  });

  it('cancels the queued jobs of one kind, never a running one or another kind', async () => {
    const queued = (await enqueueJob(db, { kind: 'video', runAt: clock.now() })) ?? 0;
    const running = (await enqueueJob(db, { kind: 'video', runAt: clock.now() })) ?? 0;
    const other = (await enqueueJob(db, { kind: 'count', runAt: clock.now() })) ?? 0;
    await db.updateTable('jobs').set({ status: 'running', locked_at: clock.now() }).where('id', '=', running).execute();
    await cancelQueuedJobs(db, 'video');
    expect((await db.selectFrom('jobs').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([running, other]);
    expect(queued).toBeGreaterThan(0);
  });

  it('enqueues a unique key once', async () => {
    expect(await enqueueJob(db, { kind: 'count', uniqueKey: 'diario:2025-06-20' })).not.toBeNull();
    expect(await enqueueJob(db, { kind: 'count', uniqueKey: 'diario:2025-06-20' })).toBeNull();
  });

  it('cancels a queued job by its key, never one already running or another key', async () => {
    const queued = (await enqueueJob(db, { kind: 'count', uniqueKey: 'pedido:1' })) ?? 0;
    const running = (await enqueueJob(db, { kind: 'count', uniqueKey: 'pedido:2' })) ?? 0;
    const other = (await enqueueJob(db, { kind: 'count', uniqueKey: 'pedido:3' })) ?? 0;
    await db.updateTable('jobs').set({ status: 'running', locked_at: clock.now() }).where('id', '=', running).execute();
    await cancelJob(db, 'pedido:1');
    await cancelJob(db, 'pedido:2');
    const left = await db.selectFrom('jobs').select('id').orderBy('id').execute();
    expect(left.map((j) => j.id)).toEqual([running, other]);
    expect(left.map((j) => j.id)).not.toContain(queued);
  });

  it('starts polling and stops after the job in progress', async () => {
    const done: number[] = [];
    const runner = new JobRunner(db, { pollIntervalMs: 10, handlers: { count: async (p) => void done.push((p as { n: number }).n) } });
    runner.start();
    await enqueueJob(db, { kind: 'count', payload: { n: 1 } });
    for (let i = 0; i < 100 && done.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await runner.stop();
    expect(done).toEqual([1]);
  });
});
