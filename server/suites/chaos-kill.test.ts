import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '#contract/common';
import { REWARDS_PATHS } from '#contract/rewards';
import { SYNC_PATHS, syncAnswerSchema, type SyncAction } from '#contract/sync';
import { TRAINING_PATHS } from '#contract/training';
import { loadConfig } from '#server/config';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import type { Database } from '#server/db/schema';
import { createAuthService } from '#server/modules/auth/service';
import { loadHistory } from '#server/modules/points/movements';
import { createRng } from '#server/seed/prng';
import { seedMinimal } from '#server/seed/index';
import { freePort, LISTENING, startServerProcess, type ServerChild } from '#test-support/server/server-process';
import { bearer, newTestSchema } from '#test-support/server/test-app';

// kill -9 at random moments while agents redeem prizes and sync batches (a real server process,
// on PGlite, or on PostgreSQL with TEST_DATABASE_URL), restarted each time; devices re-send
// whatever got no answer, as the outbox does. Then every key ever sent is sent again at once,
// and again after the old 60-second takeover window: every acknowledged write is there, none is
// there twice (orders, debits and log rows counted by key), and every replay is the first answer.
const AGENTS = 12;
const KILLS = 4;
const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const OLD_STALE_WINDOW_MS = 61_000;
const PRODUCT = 'Tarjeta regalo Librería Alba';

type Write = { key: string; kind: 'redeem' | 'log'; body: unknown };
interface Agent { id: number; token: string; writes: Write[] }

const config = loadConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent' });
const rng = createRng(SEED);
const cleanups: Array<() => Promise<void> | void> = [];
let dataDir = '';
let databaseUrl = '';
let port = 0;
let option: { id: number; valor_rings: number };
const agents: Agent[] = [];
/** The first 2xx answer each key got, by key. */
const acknowledged = new Map<string, string>();

const open = async (): Promise<Kysely<Database>> => (await openDatabase({ databaseUrl: databaseUrl || null, dataDir })).db;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'impecable-chaos-kill-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // A schema of its own, dropped with the test run's (tests/support/global-setup.ts).
  if (process.env.TEST_DATABASE_URL) databaseUrl = await newTestSchema(process.env.TEST_DATABASE_URL);
  const db = await open();
  await migrateToLatest(db);
  const now = new Date();
  await seedMinimal(db, now);
  option = await db.selectFrom('product_values as v').innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.valor_rings']).where('p.nombre', '=', PRODUCT).where('v.position', '=', 0).executeTakeFirstOrThrow();
  const auth = createAuthService({ db, config, clock: () => new Date() });
  for (let i = 0; i < AGENTS; i++) {
    const user = await db.insertInto('users')
      .values({ email: `caos${i}@impecable.demo`, name: `Caos ${i}`, nick_name: `Caos${i}`, brand_id: 2 })
      .returningAll().executeTakeFirstOrThrow();
    await loadHistory(db, [{
      user_id: user.id, amount: 1_000_000, concept: 'Saldo de prueba', source_key: `chaos-credit:${user.id}`, attribute_id: null,
      kind: 'prize', occurred_at: now, expires_at: new Date(now.getTime() + 365 * 86_400_000),
    }]);
    agents.push({ id: user.id, token: (await auth.startSession(user)).token, writes: [] });
  }
  await db.destroy();
  port = await freePort();
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function startServer(): Promise<ServerChild> {
  const server = startServerProcess({
    PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DIST_DIR: '/nonexistent-dist',
    LOG_LEVEL: 'warn', DEMO_MODE: 'true',
  });
  cleanups.push(() => void server.process.kill('SIGKILL'));
  await server.waitFor(LISTENING, 'listening');
  return server;
}

const url = (path: string) => `http://127.0.0.1:${port}${API_BASE}${path}`;
const pathOf = (write: Write) => (write.kind === 'redeem' ? REWARDS_PATHS.redeem : TRAINING_PATHS.logEvent);

function newWrite(): Write {
  return rng.chance(0.3)
    ? { key: randomUUID(), kind: 'redeem', body: { product: option.id, value: option.valor_rings } }
    : { key: randomUUID(), kind: 'log', body: { action: `caos ${randomUUID().slice(0, 8)}` } };
}

/** The last answer that was not a 2xx, by key (what a failed retry reports). */
const lastRefusal = new Map<string, string>();

/** Sends writes as the outbox would: alone or in one batch. Records each 2xx; a dead server answers nothing. */
async function send(agent: Agent, writes: Write[]): Promise<void> {
  try {
    if (writes.length === 1) {
      const [write] = writes as [Write];
      const res = await fetch(url(pathOf(write)), {
        method: 'POST', headers: { ...bearer(agent.token), 'content-type': 'application/json', 'idempotency-key': write.key }, body: JSON.stringify(write.body),
      });
      const text = await res.text();
      if (res.status >= 200 && res.status < 300) record(write.key, text);
      else lastRefusal.set(write.key, `${res.status} ${text}`);
      return;
    }
    const acciones: SyncAction[] = writes.map((w) => ({ id: w.key, method: 'POST', path: pathOf(w), occurredAt: new Date().toISOString(), signature: null, body: w.body }));
    const res = await fetch(url(SYNC_PATHS.batch), {
      method: 'POST', headers: { ...bearer(agent.token), 'content-type': 'application/json' }, body: JSON.stringify({ acciones }),
    });
    if (res.status !== 200) return;
    for (const result of syncAnswerSchema.parse(await res.json()).resultados) {
      if (result.status >= 200 && result.status < 300) record(result.id, JSON.stringify(result.body));
    }
  } catch {
    // Connection reset by the kill: no answer, the device keeps the writes.
  }
}

/** The first answer a key got; every later one must be the same. */
function record(key: string, body: string): void {
  const first = acknowledged.get(key);
  if (first === undefined) acknowledged.set(key, body);
  else expect(JSON.parse(body), `replay of ${key}`).toEqual(JSON.parse(first));
}

/** One device's traffic until the server dies: new writes, and the unanswered ones again. */
async function storm(agent: Agent, alive: () => boolean): Promise<void> {
  while (alive()) {
    const fresh = Array.from({ length: rng.int(1, 6) }, newWrite);
    agent.writes.push(...fresh);
    const pending = agent.writes.filter((w) => !acknowledged.has(w.key)).slice(0, 20);
    await send(agent, pending.length > 0 ? pending : fresh);
  }
}

async function retryEverything(): Promise<void> {
  // Every key of every agent at once, each alone (its own route) until it has an answer; a key
  // still held by the killed instance is "en curso" until that instance is known to be gone.
  const deadline = Date.now() + 60_000;
  await Promise.all(agents.flatMap((agent) => agent.writes.map(async (write) => {
    while (Date.now() < deadline) {
      const before = acknowledged.get(write.key);
      await send(agent, [write]);
      const after = acknowledged.get(write.key);
      if (after !== undefined && (before === undefined || after === before)) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`no answer for ${write.key}: ${lastRefusal.get(write.key)}`);
  })));
}

async function countEffects(): Promise<{ orders: Map<string, number>; logs: Map<string, number>; debits: number }> {
  const db = await open();
  try {
    const ids = agents.map((a) => a.id);
    const orders = await db.selectFrom('orders').select(['idempotency_key']).where('user_id', 'in', ids).execute();
    const logs = await db.selectFrom('log_events').select(['idempotency_key']).where('user_id', 'in', ids).execute();
    const debits = await db.selectFrom('points_ledger').select('id').where('user_id', 'in', ids).where('amount', '<', 0).where('kind', '=', 'redemption').execute();
    const tally = (rows: { idempotency_key: string | null }[]) => rows.reduce((map, row) => map.set(row.idempotency_key ?? '', (map.get(row.idempotency_key ?? '') ?? 0) + 1), new Map<string, number>());
    return { orders: tally(orders), logs: tally(logs), debits: debits.length };
  } finally {
    await db.destroy();
  }
}

describe(`an answer sent, then kill -9 on an idle server (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('is still the answer after the restart: the retry replays it and places no second order', async () => {
    const agent = agents[0]!;
    const write: Write = { key: randomUUID(), kind: 'redeem', body: { product: option.id, value: option.valor_rings } };
    const orders = async () => ((await (await fetch(url(REWARDS_PATHS.orders), { headers: bearer(agent.token) })).json()) as { data: { ordenes: unknown[] } }).data.ordenes.length;
    const first = await startServer();
    const before = await orders();
    await send(agent, [write]);
    expect(acknowledged.has(write.key)).toBe(true);
    // Idle: nothing else is written that would flush the answer along with it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    first.process.kill('SIGKILL');
    await first.exited;

    const again = await startServer();
    const res = await fetch(url(REWARDS_PATHS.redeem), {
      method: 'POST', headers: { ...bearer(agent.token), 'content-type': 'application/json', 'idempotency-key': write.key }, body: JSON.stringify(write.body),
    });
    expect([res.status, await res.text()]).toEqual([200, acknowledged.get(write.key)]);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(await orders()).toBe(before + 1);
    again.process.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    agent.writes.push(write);
  }, 120_000);
});

describe(`kill -9 during redemptions and batches (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, seed ${SEED})`, () => {
  it('loses no acknowledged write and runs none twice, at once and after the old stale window', async () => {
    for (let round = 0; round < KILLS; round++) {
      const server = await startServer();
      let alive = true;
      const traffic = Promise.all(agents.map((agent) => storm(agent, () => alive)));
      await new Promise((resolve) => setTimeout(resolve, rng.int(300, 1_500)));
      server.process.kill('SIGKILL');
      await server.exited;
      alive = false;
      await traffic;
    }
    const acknowledgedBeforeRetry = new Set(acknowledged.keys());
    let running: ServerChild;

    // Counted with the server stopped (PGlite is one process's folder).
    const stopped = async (server: ServerChild) => {
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    };
    const writes = agents.flatMap((a) => a.writes);
    const check = async () => {
      const { orders, logs, debits } = await countEffects();
      for (const write of writes) {
        const count = (write.kind === 'redeem' ? orders : logs).get(write.key) ?? 0;
        expect(count, `${write.kind} ${write.key}`).toBe(1);
      }
      const redeems = writes.filter((w) => w.kind === 'redeem').length;
      expect(debits).toBe(redeems);
      expect([...orders.values()].reduce((a, b) => a + b, 0)).toBe(redeems);
    };
    running = await startServer();
    await retryEverything();
    await stopped(running);
    await check();
    expect(acknowledgedBeforeRetry.size).toBeGreaterThan(0);

    // Past the old takeover window, the server idle all along: the same again, nothing new.
    running = await startServer();
    await new Promise((resolve) => setTimeout(resolve, OLD_STALE_WINDOW_MS));
    await retryEverything();
    await stopped(running);
    await check();
  }, 300_000);
});
