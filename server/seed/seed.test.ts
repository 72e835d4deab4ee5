import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/schema';
import { openTestDatabase } from '#server/testing/test-app';
import { DEMO_USERS } from './demo-users';
import { DEMO_AGENT_COUNT, isDatabaseEmpty, seedDemo } from './index';

const NOW = new Date('2025-06-20T10:00:00Z');
let a: Kysely<Database>;
let b: Kysely<Database>;

async function dump(db: Kysely<Database>) {
  const users = await db.selectFrom('users')
    .select(['id', 'email', 'name', 'nick_name', 'perfil', 'role', 'brand_id', 'site_id', 'platform_id', 'puntos_ring_ring'])
    .orderBy('id').execute();
  const ledger = await db.selectFrom('points_ledger')
    .select(['user_id', 'amount', 'source_key', 'attribute_id', 'occurred_at', 'concept'])
    .orderBy('id').execute();
  const progress = await db.selectFrom('video_progress').selectAll().orderBy('user_id').orderBy('video_id').execute();
  return { users, ledger, progress };
}

beforeAll(async () => {
  [a, b] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  expect(await isDatabaseEmpty(a)).toBe(true);
  await seedDemo(a, NOW);
  await seedDemo(b, NOW);
});
afterAll(async () => {
  await Promise.all([a.destroy(), b.destroy()]);
});

describe('seedDemo', () => {
  it('is deterministic: the same `now` gives the same data', async () => {
    const [first, second] = await Promise.all([dump(a), dump(b)]);
    expect(second).toEqual(first);
    expect(await isDatabaseEmpty(a)).toBe(false);
  });

  it('has the organisation and the calendar', async () => {
    const count = async (table: 'brands' | 'platforms' | 'sites' | 'attributes' | 'videos') =>
      (await a.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(await count('brands')).toBe(2);
    expect(await count('platforms')).toBeGreaterThanOrEqual(4);
    expect(await count('sites')).toBeGreaterThanOrEqual(10);
    expect(await count('attributes')).toBe(7);
    expect(await count('videos')).toBe(9);
  });

  it('has the seven demo users exactly as decisions.md lists them', async () => {
    const rows = await a.selectFrom('users').select(['email', 'perfil', 'brand_id', 'nick_name', 'puntos_ring_ring', 'platform_id'])
      .where('email', 'like', '%@impecable.demo').where('email', 'not like', '%.%@%').orderBy('id').execute();
    expect(rows.map((r) => [r.email, r.perfil, r.brand_id])).toEqual(DEMO_USERS.map((u) => [u.email, u.perfil, u.brandId]));
    expect(rows.find((r) => r.email.startsWith('nuevo@'))?.nick_name).toBeNull();
    expect(rows.find((r) => r.email.startsWith('bruno@'))?.puntos_ring_ring).toBe(1250);
    expect(rows.find((r) => r.email.startsWith('plataforma@'))?.platform_id).not.toBeNull();
  });

  it('has hundreds of agents across both brands and every site, with unique nicknames', async () => {
    const agents = await a.selectFrom('users').select(['email', 'nick_name', 'brand_id', 'site_id']).where('perfil', '=', '').execute();
    expect(agents.length).toBeGreaterThanOrEqual(DEMO_AGENT_COUNT);
    expect(agents.every((u) => u.email.endsWith('@impecable.demo'))).toBe(true);
    const nicks = agents.map((u) => u.nick_name?.toLowerCase()).filter(Boolean);
    expect(new Set(nicks).size).toBe(nicks.length);
    for (const brand of [1, 2]) expect(agents.filter((u) => u.brand_id === brand).length).toBeGreaterThan(100);
    const sites = await a.selectFrom('sites').select('id').execute();
    for (const site of sites) expect(agents.filter((u) => u.site_id === site.id).length).toBeGreaterThan(5);
  });

  it('spreads activity over the three enabled months, never after now', async () => {
    const { rows } = await sql<{ attribute_id: number; n: number; last: Date; kinds: string }>`
      SELECT attribute_id, count(*)::int AS n, max(occurred_at) AS last, string_agg(DISTINCT split_part(source_key, ':', 1), ',' ORDER BY split_part(source_key, ':', 1)) AS kinds
      FROM points_ledger WHERE kind = 'activity' GROUP BY attribute_id ORDER BY attribute_id`.execute(a);
    expect(rows.map((r) => [r.attribute_id, r.kinds])).toEqual([
      [1, 'quiz-answer,reface,video'], [2, 'quiz-answer,reface,video'], [3, 'quiz-answer,reface,video'],
    ]);
    for (const row of rows) {
      expect(row.n).toBeGreaterThan(500);
      expect(row.last.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    const amounts = await sql<{ amount: number }>`SELECT DISTINCT amount FROM points_ledger WHERE kind = 'activity' ORDER BY amount`.execute(a);
    expect(amounts.rows.map((r) => r.amount)).toEqual([1, 2, 3, 4, 5, 10]);
  });

  it('gives supervisors and the new agent no points', async () => {
    const { rows } = await sql<{ email: string }>`
      SELECT DISTINCT u.email FROM points_ledger l JOIN users u ON u.id = l.user_id
      WHERE u.perfil <> '' OR u.email = 'nuevo@impecable.demo'`.execute(a);
    expect(rows).toEqual([]);
  });

  it('contains real ties, globally and in a monthly site ranking', async () => {
    const global = await sql<{ ties: number }>`
      SELECT count(*)::int AS ties FROM (
        SELECT total FROM (SELECT user_id, sum(amount) AS total FROM points_ledger GROUP BY user_id) t
        GROUP BY total HAVING count(*) > 1) x`.execute(a);
    expect(global.rows[0]?.ties).toBeGreaterThan(10);
    const monthly = await sql<{ ties: number }>`
      SELECT count(*)::int AS ties FROM (
        SELECT u.site_id, t.total FROM (
          SELECT l.user_id, sum(l.amount) AS total FROM points_ledger l JOIN attributes at ON at.id = l.attribute_id
          WHERE l.attribute_id = 1 AND l.occurred_at < (at.month_end + 1)::timestamptz GROUP BY l.user_id) t
        JOIN users u ON u.id = t.user_id GROUP BY u.site_id, t.total HAVING count(*) > 1) x`.execute(a);
    expect(monthly.rows[0]?.ties).toBeGreaterThan(0);
  });

  it('includes late activity for a closed month (counts globally only)', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM points_ledger l JOIN attributes at ON at.id = l.attribute_id
      WHERE at.id = 1 AND l.occurred_at > (at.month_end + 1)::timestamptz`.execute(a);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('gives every video credit a seen progress row, and some agents partial progress', async () => {
    const { rows } = await sql<{ credits: number; matched: number; partial: number; orphan_seen: number }>`
      SELECT
        (SELECT count(*)::int FROM points_ledger WHERE source_key LIKE 'video:%') AS credits,
        (SELECT count(*)::int FROM points_ledger l JOIN video_progress p
           ON p.user_id = l.user_id AND 'video:' || p.video_id = l.source_key
           WHERE p.porcentaje = 100 AND p.seen_at = l.occurred_at AND p.first_partial_at < p.seen_at) AS matched,
        (SELECT count(*)::int FROM video_progress WHERE seen_at IS NULL AND porcentaje BETWEEN 1 AND 99) AS partial,
        (SELECT count(*)::int FROM video_progress p WHERE seen_at IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM points_ledger l WHERE l.user_id = p.user_id AND l.source_key = 'video:' || p.video_id)) AS orphan_seen`.execute(a);
    const row = rows[0];
    expect(row?.credits).toBeGreaterThan(500);
    expect(row?.matched).toBe(row?.credits);
    expect(row?.partial).toBeGreaterThan(20);
    expect(row?.orphan_seen).toBe(0);
    const late = await sql<{ n: number }>`SELECT count(*)::int AS n FROM video_progress WHERE updated_at > ${NOW}`.execute(a);
    expect(late.rows[0]?.n).toBe(0);
  });

  it('shows Ana a mix of seen, in-progress and unstarted videos', async () => {
    const { rows } = await sql<{ slug: string; position: number; porcentaje: number | null; seen: boolean }>`
      SELECT at.slug, v.position, p.porcentaje, p.seen_at IS NOT NULL AS seen
      FROM videos v JOIN attributes at ON at.id = v.attribute_id
      LEFT JOIN video_progress p ON p.video_id = v.id AND p.user_id = (SELECT id FROM users WHERE email = 'ana@impecable.demo')
      ORDER BY at.id, v.position`.execute(a);
    expect(rows.map((r) => [r.slug, r.position, r.porcentaje, r.seen])).toEqual([
      ['devalor', 0, 100, true], ['devalor', 1, 100, true], ['devalor', 2, 100, true],
      ['resolutivo', 0, 100, true], ['resolutivo', 1, 40, false], ['resolutivo', 2, 100, true],
      ['accesible', 0, 100, true], ['accesible', 1, null, false], ['accesible', 2, null, false],
    ]);
    // Quiz 2 of Accesible follows its last formative video, which Ana has not seen.
    const quiz2 = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM points_ledger l JOIN users u ON u.id = l.user_id
      WHERE u.email = 'ana@impecable.demo' AND l.source_key LIKE 'quiz-answer:seed-%-3-2:%'`.execute(a);
    expect(quiz2.rows[0]?.n).toBe(0);
  });

  it('stores the demo clips with their duration and captions', async () => {
    const videos = await a.selectFrom('videos').select(['url', 'captions_url', 'duration_seconds']).execute();
    expect(videos.every((v) => v.duration_seconds === 6 && v.captions_url === v.url.replace(/\.mp4$/, '.vtt'))).toBe(true);
  });
});
