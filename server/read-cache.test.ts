import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidationsDelivered } from './modules/auth/session-channel.ts';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { ReadCache } from './read-cache.ts';

// The read cache against what clients rely on: a hot ranking page is answered without the
// database, and any change a ranking shows (points, a nick name, a closing) is in the next
// page read once the change's notification has arrived, on PGlite and on PostgreSQL.

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('ReadCache', () => {
  it('asks every time until its invalidation channel is live', async () => {
    const cache = new ReadCache();
    let calls = 0;
    await cache.read('k', async () => ++calls);
    await cache.read('k', async () => ++calls);
    expect(calls).toBe(2);
    cache.setLive(true);
    expect(await cache.read('k', async () => ++calls)).toBe(3);
    expect(await cache.read('k', async () => ++calls)).toBe(3);
  });

  it('shares one query between concurrent reads, and forgets everything on any change', async () => {
    const cache = new ReadCache();
    cache.setLive(true);
    let calls = 0;
    const [a, b] = await Promise.all([cache.read('k', async () => ++calls), cache.read('k', async () => ++calls)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    cache.evictReads();
    expect(await cache.read('k', async () => ++calls)).toBe(2);
    cache.evictUser();
    expect(await cache.read('k', async () => ++calls)).toBe(3);
    cache.evictSession();
    expect(await cache.read('k', async () => ++calls)).toBe(3);
  });

  it('never keeps an answer whose query began before a change, nor a failed one', async () => {
    const cache = new ReadCache();
    cache.setLive(true);
    const slow = deferred<string>();
    const before = cache.read('k', () => slow.promise);
    cache.evictReads();
    slow.resolve('old');
    expect(await before).toBe('old');
    expect(await cache.read('k', async () => 'new')).toBe('new');

    await expect(cache.read('bad', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.read('bad', async () => 'up')).toBe('up');
  });

  it('holds at most its bound, dropping the oldest, and lets entries age out', async () => {
    let now = 0;
    const cache = new ReadCache({ maxEntries: 2, ttlMs: 1_000, now: () => now });
    cache.setLive(true);
    for (const key of ['a', 'b', 'c']) await cache.read(key, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.read('a', async () => 'a again')).toBe('a again');
    now = 1_000;
    expect(await cache.read('c', async () => 'c again')).toBe('c again');
  });
});

describe('cached ranking reads', () => {
  let ctx: TestContext;
  let token: string;
  const NOW = new Date();

  beforeAll(async () => {
    ctx = await createTestApp({ now: NOW });
    token = await ctx.signIn('ana@impecable.demo');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const globalPage = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ranking/global?per_page=100', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: { user_id: number; nick_name: string | null; puntos_totales: number }[]; total: number };
  };

  it('answers a hot page without the database', async () => {
    const first = await globalPage();
    await sql`ALTER TABLE ranking_standings RENAME TO ranking_standings_fuera`.execute(ctx.db);
    try {
      expect(await globalPage()).toEqual(first);
    } finally {
      await sql`ALTER TABLE ranking_standings_fuera RENAME TO ranking_standings`.execute(ctx.db);
    }
    // The renames themselves are changes the cache hears of.
    await invalidationsDelivered(ctx.db);
  });

  it('shows new points and a new nick name on the next read, whoever wrote them', async () => {
    const before = await globalPage();
    const row = before.data[0]!;
    await sql`UPDATE ranking_standings SET points = points + 1000 WHERE attribute_id = 0 AND user_id = ${row.user_id}`.execute(ctx.db);
    await invalidationsDelivered(ctx.db);
    expect((await globalPage()).data.find((r) => r.user_id === row.user_id)?.puntos_totales).toBe(row.puntos_totales + 1000);

    await sql`UPDATE users SET nick_name = 'RenombradoCache' WHERE id = ${row.user_id}`.execute(ctx.db);
    await invalidationsDelivered(ctx.db);
    expect((await globalPage()).data.find((r) => r.user_id === row.user_id)?.nick_name).toBe('RenombradoCache');
  });
});
