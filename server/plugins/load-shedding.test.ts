import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, SYSTEM_PATHS } from '#contract/common';
import { SYNC_PATHS } from '#contract/sync';
import { TRAINING_PATHS } from '#contract/training';
import { createAgent } from '#test-support/server/agents';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { AdmissionGate, OVERLOADED, OVERLOAD_RETRY_AFTER_S } from './load-shedding.ts';

// Overload, over real sockets: the database is held busy (log_events locked by an open
// transaction), so the requests the server takes in cannot finish; what comes after them may
// wait MAX_QUEUE_WAIT_MS for a turn, then is answered 503 at once, while health answers.
let ctx: TestContext;
let base: string;
const HOLD_MS = 1_500;
const WAIT_MS = 200;

beforeAll(async () => {
  ctx = await createTestApp({ env: { MAX_ACTIVE_REQUESTS: '2', MAX_ACTIVE_BATCHES: '1', MAX_QUEUE_WAIT_MS: String(WAIT_MS), MAX_BATCH_QUEUE_WAIT_MS: String(WAIT_MS) } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
});

/** Runs `body` while an open transaction holds log_events (and, on PGlite, the one connection). */
async function whileDatabaseBusy<T>(body: () => Promise<T>): Promise<T> {
  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holding = ctx.db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE log_events IN ACCESS EXCLUSIVE MODE`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  const timer = setTimeout(release, HOLD_MS);
  try {
    return await body();
  } finally {
    await holding;
    clearTimeout(timer);
  }
}

interface Timed {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: unknown;
}

async function timed(path: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(`${base}${API_BASE}${path}`, init);
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, retryAfter: res.headers.get('retry-after'), body: text ? JSON.parse(text) : null };
}

const write = (token: string, text: string) => timed(TRAINING_PATHS.logEvent, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
  body: JSON.stringify({ action: text }),
});

const batch = (token: string, text: string) => timed(SYNC_PATHS.batch, {
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  body: JSON.stringify({ acciones: [{ id: randomUUID(), method: 'POST', path: TRAINING_PATHS.logEvent, occurredAt: new Date().toISOString(), signature: null, body: { action: text } }] }),
});

const storedEvents = (userId: number) => ctx.db.selectFrom('log_events').select('action').where('user_id', '=', userId).execute();

describe('load shedding (real HTTP server)', () => {
  it('answers what it cannot take in 503 with Retry-After at once, keeps health up, and finishes what it took', async () => {
    const agent = await createAgent(ctx, 'Avalancha');
    const { writes, health, ready } = await whileDatabaseBusy(async () => {
      const writes = Promise.all(Array.from({ length: 10 }, (_, i) => write(agent.token, `Escritura ${i}`)));
      // Health is never in line: it answers while every turn is taken.
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS / 2));
      const health = await Promise.all(Array.from({ length: 5 }, () => timed(SYSTEM_PATHS.health)));
      const ready = Promise.all(Array.from({ length: 5 }, () => timed(SYSTEM_PATHS.ready)));
      return { writes: await writes, health, ready: await ready };
    });

    const shed = writes.filter((w) => w.status === 503);
    const accepted = writes.filter((w) => w.status === 200);
    expect(writes.map((w) => w.status).sort()).toEqual([...Array(2).fill(200), ...Array(8).fill(503)]);
    for (const answer of shed) {
      expect(answer.retryAfter).toBe(String(OVERLOAD_RETRY_AFTER_S));
      expect(answer.body).toEqual({ success: false, error: OVERLOADED });
      // Told at once, not after the database came back.
      expect(answer.ms).toBeLessThan(HOLD_MS / 2);
    }
    for (const answer of accepted) expect(answer.ms).toBeGreaterThanOrEqual(HOLD_MS - 100);
    for (const answer of health) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(HOLD_MS / 2);
    }
    // Readiness waits for the database like a balancer's probe would, but is never turned away.
    expect(ready.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(await storedEvents(agent.user.id)).toHaveLength(accepted.length);
  });

  it('takes batches in their own line: one at a time here, the next ones 503 with Retry-After', async () => {
    const agent = await createAgent(ctx, 'Lotes');
    const answers = await whileDatabaseBusy(() => Promise.all(Array.from({ length: 3 }, (_, i) => batch(agent.token, `Lote ${i}`))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 503, 503]);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.retryAfter).toBe(String(OVERLOAD_RETRY_AFTER_S));
      expect(answer.ms).toBeLessThan(HOLD_MS / 2);
    }
    expect(answers.find((a) => a.status === 200)!.body).toMatchObject({ resultados: [{ status: 200 }] });
    expect(await storedEvents(agent.user.id)).toHaveLength(1);
  });

  it('serves the static app and the API again once the load is gone', async () => {
    const agent = await createAgent(ctx, 'Despues');
    expect((await write(agent.token, 'Con calma')).status).toBe(200);
    const page = await fetch(`${base}/home`);
    expect(page.status).not.toBe(503);
  });
});

describe('AdmissionGate', () => {
  it('admits up to its limit, lines up the next ones in order, and turns away those whose wait runs out', async () => {
    const gate = new AdmissionGate(1, 50);
    const first = await gate.enter();
    expect(first).toEqual(expect.any(Function));
    const order: string[] = [];
    const second = gate.enter().then((release) => (order.push('second'), release));
    const third = gate.enter().then((release) => (order.push('third'), release));
    expect(gate.waiting).toBe(2);
    first!();
    const secondRelease = await second;
    expect(secondRelease).toEqual(expect.any(Function));
    // The third waited its 50 ms while the second held the only turn.
    expect(await third).toBeNull();
    expect(order).toEqual(['second', 'third']);
    secondRelease!();
    expect(gate.active).toBe(0);
    expect(await new AdmissionGate(0, 0).enter()).toBeNull();
  });

  it('takes a client that hung up out of the line', async () => {
    const gate = new AdmissionGate(1, 10_000);
    const held = await gate.enter();
    const hungUp = new AbortController();
    const waiting = gate.enter(hungUp.signal);
    expect(gate.waiting).toBe(1);
    hungUp.abort();
    expect(await waiting).toBeNull();
    expect(gate.waiting).toBe(0);
    held!();
    expect(gate.active).toBe(0);
  });
});
