import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidationsDelivered } from './modules/auth/session-channel.ts';
import { createAgent, sessionToken } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { earn } from './modules/points/movements.ts';
import { balanceKey, ReadCache } from './read-cache.ts';

// The read cache against what clients rely on: a hot ranking page is answered without the
// database, and any change a ranking shows (points, a nick name, a closing) is in the next
// page read once the change's notification has arrived, on PGlite and on PostgreSQL.

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

/** Runs `check` while `table` is renamed away: a read that reached the database would fail. */
async function withoutTable(ctx: TestContext, table: string, check: () => Promise<void>): Promise<void> {
  await sql.raw(`ALTER TABLE ${table} RENAME TO ${table}_fuera`).execute(ctx.db);
  try {
    await check();
  } finally {
    await sql.raw(`ALTER TABLE ${table}_fuera RENAME TO ${table}`).execute(ctx.db);
  }
}

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

  it("forgets one user's balance when that user's changes, and every balance when nobody is named", async () => {
    const cache = new ReadCache();
    cache.setLive(true);
    let calls = 0;
    for (const key of [balanceKey(1), balanceKey(2), 'ranking']) await cache.read(key, async () => ++calls);
    cache.evictBalance(1);
    expect(await cache.read(balanceKey(1), async () => ++calls)).toBe(4);
    expect(await cache.read(balanceKey(2), async () => ++calls)).toBe(2);
    expect(await cache.read('ranking', async () => ++calls)).toBe(3);
    cache.evictBalance(null);
    expect(await cache.read(balanceKey(2), async () => ++calls)).toBe(5);
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
    await withoutTable(ctx, 'ranking_standings', async () => expect(await globalPage()).toEqual(first));
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

describe('the cached balance (GET /api/imps)', () => {
  const DAY = 86_400_000;
  let ctx: TestContext;
  let token: string;
  let agentId: number;
  const NOW = new Date();

  beforeAll(async () => {
    ctx = await createTestApp({ now: NOW });
    // An agent with no history, so a lapse is not hidden by an older redemption (FIFO),
    // signed in an hour ago so its video reports can be spread over that time.
    const agent = await createAgent(ctx, 'SaldoCache', { signedInAt: new Date(NOW.getTime() - 3_600_000) });
    agentId = agent.user.id;
    token = agent.token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const balance = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return (res.json() as { imps: number }).imps;
  };
  const credit = (amount: number, key: string, at: Date) =>
    ctx.db.transaction().execute((trx) => earn(trx, { userId: agentId, amount, concept: 'Prueba de caché', sourceKey: key, attributeId: null, kind: 'prize', occurredAt: at, receivedAt: at }));

  it('answers a repeated read without the database', async () => {
    const first = await balance();
    await withoutTable(ctx, 'user_balances', async () => expect(await balance()).toBe(first));
  });

  it('shows a credit written elsewhere (another instance, a job) on the next read once its notification arrives', async () => {
    const before = await balance();
    await credit(7, 'cache-otra-instancia', ctx.clock.now());
    await invalidationsDelivered(ctx.db);
    expect(await balance()).toBe(before + 7);
  });

  it("shows the caller's own write on its very next read, with no wait", async () => {
    const before = await balance();
    const video = await ctx.db.selectFrom('videos').select('id').where('available_from', '<=', ctx.clock.now().toISOString().slice(0, 10)).orderBy('id').executeTakeFirstOrThrow();
    const report = (porcentaje: number, minutesAgo: number) => ctx.app.inject({
      method: 'POST', url: `/api/video/${video.id}/porcentaje`, payload: { porcentaje },
      headers: { ...bearer(token), 'x-occurred-at': new Date(ctx.clock.now().getTime() - minutesAgo * 60_000).toISOString() },
    });
    for (const porcentaje of [10, 20, 30, 40, 50, 60, 70, 80, 90]) expect((await report(porcentaje, 100 - porcentaje)).statusCode).toBe(200);
    expect(await balance()).toBe(before);
    const res = await report(100, 0);
    expect(res.json()).toMatchObject({ imps_awarded: 5 });
    const stored = await ctx.db.selectFrom('user_balances').select('balance').where('user_id', '=', agentId).executeTakeFirstOrThrow();
    expect(stored.balance).toBe(before + 5);
    expect(await balance()).toBe(before + 5);
  });

  it('leaves out a credit that lapsed since it was cached, before any job settles it', async () => {
    const before = await balance();
    const lastYear = new Date(ctx.clock.now().getTime() - 364 * DAY);
    await credit(11, 'cache-caduca', lastYear);
    await invalidationsDelivered(ctx.db);
    expect(await balance()).toBe(before + 11);
    ctx.clock.advance(3 * DAY);
    token = await sessionToken(ctx, (await ctx.db.selectFrom('users').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow()));
    expect(await balance()).toBe(before);
  });
});
