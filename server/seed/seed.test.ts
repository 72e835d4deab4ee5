import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/schema';
import { openTestDatabase } from '#test-support/server/test-app';
import { DEMO_USERS } from './demo-users';
import { DEMO_AGENT_COUNT, isDatabaseEmpty, seedDemo, TINY_CLIP } from './index';

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
  const answers = await db.selectFrom('quiz_answers').selectAll().orderBy('participation_id').orderBy('question_id').execute();
  return { users, ledger, progress, answers };
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
  });

  it('shows Ana completed quizzes and one in progress, none behind an unseen video', async () => {
    const { rows } = await sql<{ slug: string; quiz: number; answered: number; completed: boolean }>`
      SELECT at.slug, p.quiz, (SELECT count(*)::int FROM quiz_answers qa WHERE qa.participation_id = p.id) AS answered,
        p.completed_at IS NOT NULL AS completed
      FROM quiz_participations p JOIN attributes at ON at.id = p.attribute_id
      WHERE p.user_id = (SELECT id FROM users WHERE email = 'ana@impecable.demo')
      ORDER BY at.id, p.quiz`.execute(a);
    // Accesible: Quiz 2 follows its last formative video, which Ana has not seen.
    expect(rows.map((r) => [r.slug, r.quiz, r.answered, r.completed])).toEqual([
      ['devalor', 1, 10, true], ['devalor', 2, 10, true], ['resolutivo', 1, 10, true], ['resolutivo', 2, 10, true], ['accesible', 1, 7, false],
    ]);
  });

  it('backs every quiz credit with a real answer, scored by the rule, with no credit for wrong answers', async () => {
    const { rows } = await sql<{ credits: number; matched: number; placeholders: number; wrong_credited: number; misscored: number; answers: number }>`
      SELECT
        (SELECT count(*)::int FROM points_ledger WHERE source_key LIKE 'quiz-answer:%') AS credits,
        (SELECT count(*)::int FROM points_ledger l JOIN quiz_participations p ON p.user_id = l.user_id
           JOIN quiz_answers qa ON qa.participation_id = p.id
             AND l.source_key = 'quiz-answer:' || p.id || ':' || qa.question_id
           WHERE qa.correct AND qa.points = l.amount AND qa.occurred_at = l.occurred_at AND l.attribute_id = p.attribute_id) AS matched,
        (SELECT count(*)::int FROM points_ledger WHERE source_key LIKE 'quiz-answer:seed-%') AS placeholders,
        (SELECT count(*)::int FROM quiz_answers qa JOIN quiz_participations p ON p.id = qa.participation_id
           JOIN points_ledger l ON l.source_key = 'quiz-answer:' || p.id || ':' || qa.question_id WHERE NOT qa.correct) AS wrong_credited,
        (SELECT count(*)::int FROM quiz_answers qa WHERE qa.correct <> (qa.option_id = (SELECT o.id FROM quiz_options o WHERE o.question_id = qa.question_id AND o.correct))
           OR qa.points <> CASE WHEN NOT qa.correct THEN 0 WHEN qa.elapsed_ms < 20000 THEN 5 WHEN qa.elapsed_ms < 31000 THEN 4
             WHEN qa.elapsed_ms < 41000 THEN 3 WHEN qa.elapsed_ms < 51000 THEN 2 ELSE 1 END) AS misscored,
        (SELECT count(*)::int FROM quiz_answers) AS answers`.execute(a);
    const row = rows[0];
    expect(row?.credits).toBeGreaterThan(1000);
    expect(row?.matched).toBe(row?.credits);
    expect([row?.placeholders, row?.wrong_credited, row?.misscored]).toEqual([0, 0, 0]);
    expect(row?.answers).toBeGreaterThan(row?.credits ?? 0);
  });

  it('never has a quiz issued before its video was seen, nor impossible timings', async () => {
    const { rows } = await sql<{ participations: number; completed: number; unseen: number; impossible: number; incomplete_marked: number }>`
      WITH quiz_video AS (
        SELECT v.attribute_id, 1 AS quiz, v.id FROM videos v WHERE v.position = 0
        UNION ALL
        SELECT v.attribute_id, 2, v.id FROM videos v WHERE v.position = (SELECT max(position) FROM videos w WHERE w.attribute_id = v.attribute_id)
      ), stats AS (
        SELECT p.id, p.issued_at, p.completed_at, count(qa.*)::int AS answered, sum(qa.elapsed_ms)::bigint AS elapsed,
          max(qa.occurred_at) AS last, min(qa.occurred_at - qa.elapsed_ms * interval '1 millisecond') AS first_shown
        FROM quiz_participations p JOIN quiz_answers qa ON qa.participation_id = p.id GROUP BY p.id
      )
      SELECT
        (SELECT count(*)::int FROM quiz_participations) AS participations,
        (SELECT count(*)::int FROM quiz_participations WHERE completed_at IS NOT NULL) AS completed,
        (SELECT count(*)::int FROM quiz_participations p JOIN quiz_video qv ON qv.attribute_id = p.attribute_id AND qv.quiz = p.quiz
           WHERE NOT EXISTS (SELECT 1 FROM video_progress vp WHERE vp.user_id = p.user_id AND vp.video_id = qv.id AND vp.seen_at < p.issued_at)) AS unseen,
        (SELECT count(*)::int FROM stats WHERE first_shown < issued_at OR elapsed > extract(epoch FROM last - issued_at) * 1000 OR last > ${NOW}) AS impossible,
        (SELECT count(*)::int FROM stats WHERE (answered = 10) <> (completed_at IS NOT NULL) OR completed_at <> last) AS incomplete_marked`.execute(a);
    const row = rows[0];
    expect(row?.participations).toBeGreaterThan(300);
    expect(row?.completed).toBeGreaterThan((row?.participations ?? 0) * 0.9);
    expect([row?.unseen, row?.impossible, row?.incomplete_marked]).toEqual([0, 0, 0]);
  });

  it('names its generated clips, subtitles and prize images in the media store, with the duration ffprobe read', async () => {
    const videos = await a.selectFrom('videos').select(['url', 'captions_url', 'duration_seconds', 'processing']).execute();
    expect(videos.every((v) => v.duration_seconds === TINY_CLIP.seconds && v.processing === 'ready')).toBe(true);
    const urls = [...videos.flatMap((v) => [v.url, v.captions_url]), ...(await a.selectFrom('products').select('imagen').execute()).map((p) => p.imagen)];
    expect(urls.filter((url) => !/^\/media\/u\/[0-9a-f]{64}\.(mp4|vtt|svg)$/.test(url ?? ''))).toEqual([]);
    const indexed = await a.selectFrom('media_files').select('key').execute();
    expect(new Set(indexed.map((f) => `/media/u/${f.key}`))).toEqual(new Set(urls));
  });
});
