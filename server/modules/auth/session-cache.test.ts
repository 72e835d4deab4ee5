import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import type { Database, UserRow } from '#server/db/schema';
import { seedMinimal } from '#server/seed/index';
import { bearer, createTestApp, newTestSchema, type TestContext } from '#test-support/server/test-app';
import { SessionCache, type CachedSession } from './session-cache.ts';
import { invalidationsDelivered } from './session-channel.ts';

// The session cache against what clients rely on: a revoked, signed-out, changed or idle
// session is refused on the very next request, on this instance and on another one sharing
// the database (PostgreSQL with TEST_DATABASE_URL: two pools, two caches, NOTIFY between
// them; PGlite: two apps on the one in-process database).

const NOW = new Date('2025-06-20T10:00:00Z');
const HOUR = 3_600_000;

/** Two handles on one fresh, migrated, seeded database: separate pools on PostgreSQL, the same PGlite otherwise. */
async function sharedDatabase(): Promise<[Kysely<Database>, Kysely<Database>]> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const { db } = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrateToLatest(db);
    await seedMinimal(db, NOW);
    return [db, db];
  }
  const withSchema = await newTestSchema(url);
  const first = (await openDatabase({ databaseUrl: withSchema, dataDir: null })).db;
  await migrateToLatest(first);
  await seedMinimal(first, NOW);
  return [first, (await openDatabase({ databaseUrl: withSchema, dataDir: null })).db];
}

let one: TestContext;
let two: TestContext;
let dbTwo: Kysely<Database>;

beforeAll(async () => {
  const [a, b] = await sharedDatabase();
  dbTwo = b;
  one = await createTestApp({ db: a, now: NOW });
  two = await createTestApp({ db: b, now: NOW });
});
afterAll(async () => {
  await two.app.close();
  if (dbTwo !== one.db) await dbTwo.destroy();
  await one.close();
});

const imps = (ctx: TestContext, token: string) => ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(token) });

/** A hot read answers from the cache: even with the sessions table out of reach it signs the caller in. */
async function expectCached(ctx: TestContext, token: string): Promise<void> {
  expect((await imps(ctx, token)).statusCode).toBe(200);
  await sql`ALTER TABLE sessions RENAME TO sessions_fuera`.execute(ctx.db);
  try {
    expect((await imps(ctx, token)).statusCode).toBe(200);
  } finally {
    await sql`ALTER TABLE sessions_fuera RENAME TO sessions`.execute(ctx.db);
  }
}

describe('session cache, one instance', () => {
  it('serves a hot read without the session lookup', async () => {
    await expectCached(one, await one.signIn('ana@impecable.demo'));
  });

  it('a logout takes effect on the very next request', async () => {
    const token = await one.signIn('ana@impecable.demo');
    await expectCached(one, token);
    expect((await one.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    expect((await imps(one, token)).statusCode).toBe(401);
  });

  it('a cached session still expires when idle, unless another instance saw it used', async () => {
    const idle = await one.signIn('ana@impecable.demo');
    const kept = await one.signIn('ana@impecable.demo');
    await expectCached(one, idle);
    await expectCached(one, kept);
    const limit = one.config.sessionIdleHours * HOUR;
    // The other instance serves `kept` near the end of its idle limit and records that use.
    two.clock.set(new Date(NOW.getTime() + limit - HOUR));
    expect((await imps(two, kept)).statusCode).toBe(200);
    one.clock.set(new Date(NOW.getTime() + limit + 1));
    expect((await imps(one, idle)).statusCode).toBe(401);
    expect((await imps(one, kept)).statusCode).toBe(200);
    one.clock.set(NOW);
    two.clock.set(NOW);
  });
});

describe('session cache, two instances on one database', () => {
  it('a logout on one instance is refused by the other on its next request', async () => {
    const token = await one.signIn('ana@impecable.demo');
    await expectCached(two, token);
    expect((await one.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
    await invalidationsDelivered(dbTwo);
    expect((await imps(two, token)).statusCode).toBe(401);
  });

  it('a revocation written anywhere (another process, an operator) reaches every cache', async () => {
    const token = await one.signIn('bruno@impecable.demo');
    await expectCached(one, token);
    await expectCached(two, token);
    await sql`UPDATE sessions SET revoked_at = ${NOW} WHERE user_id = (SELECT id FROM users WHERE email = 'bruno@impecable.demo')`.execute(one.db);
    // Not the auth service's own write: both instances hear of it only through NOTIFY.
    await Promise.all([invalidationsDelivered(one.db), invalidationsDelivered(dbTwo)]);
    expect((await imps(one, token)).statusCode).toBe(401);
    expect((await imps(two, token)).statusCode).toBe(401);
  });

  it('a change to the user (profile, placement, points) shows on the next request everywhere', async () => {
    const token = await one.signIn('nuevo@impecable.demo');
    await expectCached(two, token);
    await one.db.updateTable('users').set({ puntos_ring_ring: 777 }).where('email', '=', 'nuevo@impecable.demo').execute();
    await invalidationsDelivered(dbTwo);
    expect((await imps(two, token)).json()).toMatchObject({ puntos_ring_ring: 777 });
  });
});

describe('session cache, losing its listening connection (PostgreSQL)', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('reconnects, and never serves what it held while it could not hear', async () => {
    const revoked = await one.signIn('ana@impecable.demo');
    await expectCached(two, revoked);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND query = 'LISTEN impecable_session_cache'`.execute(one.db);
    // Written while the instances may not be listening: its NOTIFY can be lost.
    await sql`UPDATE sessions SET revoked_at = ${NOW} WHERE revoked_at IS NULL AND user_id = (SELECT id FROM users WHERE email = 'ana@impecable.demo')`.execute(one.db);
    const fresh = await one.signIn('bruno@impecable.demo');
    // Listening again once a fresh session is cached again (reconnection is retried with backoff).
    await vi.waitFor(() => expectCached(two, fresh), { timeout: 15_000, interval: 50 });
    expect((await imps(two, revoked)).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const entry = (sessionId: number, userId: number): CachedSession => ({
    session: { id: sessionId, impersonator_user_id: null, scope: 'full', last_seen_at: NOW, created_at: NOW, action_key: null },
    user: { id: userId } as UserRow,
  });

  it('serves nothing until live, and forgets everything when it stops being live', async () => {
    const cache = new SessionCache();
    await cache.load('a', async () => entry(1, 1));
    expect(cache.get('a')).toBeUndefined();
    cache.setLive(true);
    await cache.load('a', async () => entry(1, 1));
    expect(cache.get('a')?.session.id).toBe(1);
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('never stores a lookup that began before an eviction', async () => {
    const cache = new SessionCache();
    cache.setLive(true);
    let answer!: (value: CachedSession) => void;
    const loading = cache.load('a', () => new Promise((resolve) => (answer = resolve)));
    cache.evictSession(1);
    answer(entry(1, 1));
    expect((await loading)?.session.id).toBe(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts by session and by user, expires by age and keeps its bound', async () => {
    let now = 0;
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 3, now: () => now });
    cache.setLive(true);
    for (const [token, session, user] of [['a', 1, 10], ['b', 2, 10], ['c', 3, 20]] as const) await cache.load(token, async () => entry(session, user));
    cache.evictUser(10);
    expect([cache.get('a'), cache.get('b'), cache.get('c')?.session.id]).toEqual([undefined, undefined, 3]);
    cache.evictSession(3);
    expect(cache.size).toBe(0);
    for (const [i, token] of ['d', 'e', 'f', 'g'].entries()) await cache.load(token, async () => entry(10 + i, 30));
    expect(cache.size).toBe(3);
    expect(cache.get('d')).toBeUndefined();
    now = 1000;
    expect(cache.get('g')).toBeUndefined();
  });
});
