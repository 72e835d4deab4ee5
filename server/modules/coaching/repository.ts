// SQL for Seguimiento's reads: sums of the precomputed counters (coaching_counts,
// coaching_day_points, coaching_population, coaching_answer_counts) inside a narrowing, one
// primary-key range each, and the nudges page of one site. Never writes (aggregates.ts does)
// and never decides who may see what (the service builds the narrowing from the scope).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CALENDAR_COLUMNS, type Database } from '#server/db/schema';
import { inTraining } from '#server/modules/training/repository';

type Db = Kysely<Database>;

/** Which placements a read covers: null means "any". Built by the service, never from raw input. */
export interface Narrowing {
  brandIds: readonly number[] | null;
  platformIds: readonly number[] | null;
  siteId: number | null;
}

/** The narrowing over a counter table aliased `c` (platform and site are 0 for none). */
function within(n: Narrowing, alias = 'c'): RawBuilder<boolean> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const ids = (list: readonly number[]) => sql.join(list.length === 0 ? [-1] : [...list]);
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (n.brandIds !== null) parts.push(sql`${col('brand_id')} IN (${ids(n.brandIds)})`);
  if (n.platformIds !== null) parts.push(sql`${col('platform_id')} IN (${ids(n.platformIds)})`);
  if (n.siteId !== null) parts.push(sql`${col('site_id')} = ${n.siteId}`);
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

export type GroupKey = 'site_id' | 'platform_id';

export interface FigureRow {
  attribute_id: number;
  key: number;
  agents: number;
  points: number;
  started: number;
  finished: number;
  reface: number;
  quizzes: number;
  quiz_points: number;
}

export interface NudgeRow {
  id: number;
  nick_name: string | null;
  name: string;
  last_activity_at: Date | null;
  videos_seen: number | null;
  /** The videos of the agent's training (training/repository inTraining: the visible ones, and hidden ones it had seen). */
  videos_total: number;
  quiz_mask: number | null;
  reface: boolean | null;
}

const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createCoachingRepository(db: Db) {
  return {
    /**
     * The figures' sums of `attributeIds` in a narrowing, per group (`by` null: the whole
     * narrowing, key 0), in one statement: agents (population), the counters and the points.
     */
    async figures(attributeIds: readonly number[], n: Narrowing, by: GroupKey | null): Promise<FigureRow[]> {
      const key = by === null ? sql`0` : sql.ref(`c.${by}`);
      const ids = sql.join([...attributeIds]);
      const { rows } = await sql<FigureRow>`
        WITH pop AS (SELECT ${key} AS key, sum(agents)::int AS agents FROM coaching_population c WHERE ${within(n)} GROUP BY 1),
        cnt AS (
          SELECT c.attribute_id, ${key} AS key, sum(started)::int AS started, sum(finished)::int AS finished, sum(reface)::int AS reface,
            sum(quizzes)::int AS quizzes, sum(quiz_points)::int AS quiz_points
          FROM coaching_counts c WHERE c.attribute_id IN (${ids}) AND ${within(n)} GROUP BY 1, 2),
        pts AS (
          SELECT c.attribute_id, ${key} AS key, sum(points)::int AS points
          FROM coaching_day_points c WHERE c.attribute_id IN (${ids}) AND ${within(n)} GROUP BY 1, 2),
        a (attribute_id) AS (VALUES ${sql.join(attributeIds.map((id) => sql`(${id}::int)`))}),
        k AS (SELECT key FROM pop UNION SELECT key FROM cnt UNION SELECT key FROM pts ${by === null ? sql`UNION SELECT 0` : sql``})
        SELECT a.attribute_id, k.key, coalesce(pop.agents, 0) AS agents, coalesce(cnt.started, 0) AS started,
          coalesce(cnt.finished, 0) AS finished, coalesce(cnt.reface, 0) AS reface, coalesce(cnt.quizzes, 0) AS quizzes,
          coalesce(cnt.quiz_points, 0) AS quiz_points, coalesce(pts.points, 0) AS points
        FROM a CROSS JOIN k
          LEFT JOIN pop ON pop.key = k.key
          LEFT JOIN cnt ON cnt.attribute_id = a.attribute_id AND cnt.key = k.key
          LEFT JOIN pts ON pts.attribute_id = a.attribute_id AND pts.key = k.key`.execute(db);
      return rows;
    },

    async pointsPerDay(attributeId: number, n: Narrowing): Promise<{ day: string; points: number }[]> {
      const { rows } = await sql<{ day: string; points: number }>`
        SELECT day, sum(points)::int AS points FROM coaching_day_points c
        WHERE c.attribute_id = ${attributeId} AND ${within(n)} GROUP BY day ORDER BY day`.execute(db);
      return rows;
    },

    async answerCounts(attributeId: number, n: Narrowing): Promise<{ question_id: number; option_id: number; answers: number }[]> {
      const { rows } = await sql<{ question_id: number; option_id: number; answers: number }>`
        SELECT question_id, option_id, sum(answers)::int AS answers FROM coaching_answer_counts c
        WHERE c.attribute_id = ${attributeId} AND ${within(n)} GROUP BY 1, 2`.execute(db);
      return rows;
    },

    /** Repaso's first reviews (the "second sight") of the attribute's questions, by agents in the narrowing. */
    async firstReviews(attributeId: number, n: Narrowing): Promise<{ question_id: number; seen: number; right: number }[]> {
      const { rows } = await sql<{ question_id: number; seen: number; right: number }>`
        SELECT r.question_id, count(*)::int AS seen, count(*) FILTER (WHERE r.correct)::int AS right
        FROM repaso_answers r
        JOIN quiz_questions q ON q.id = r.question_id AND q.attribute_id = ${attributeId}
        JOIN users u ON u.id = r.user_id
        WHERE r.review = 1 AND ${within(n, 'u')} GROUP BY 1`.execute(db);
      return rows;
    },

    async questions(attributeId: number) {
      return db.selectFrom('quiz_questions as q').innerJoin('quiz_options as o', 'o.question_id', 'q.id')
        .select(['q.id', 'q.quiz', 'q.position', 'q.text', 'o.id as option_id', 'o.text as option_text', 'o.correct'])
        .where('q.attribute_id', '=', attributeId).orderBy('q.quiz').orderBy('q.position').orderBy('o.position').execute();
    },

    /** The placements with agents in a narrowing, for the scope's lists. */
    async placements(n: Narrowing): Promise<{ brand_id: number; platform_id: number; site_id: number }[]> {
      const { rows } = await sql<{ brand_id: number; platform_id: number; site_id: number }>`
        SELECT brand_id, platform_id, site_id FROM coaching_population c WHERE agents > 0 AND ${within(n)}`.execute(db);
      return rows;
    },

    async brands() {
      return db.selectFrom('brands').select(['id', 'name']).orderBy('id').execute();
    },
    async platforms() {
      return db.selectFrom('platforms').select(['id', 'name']).orderBy('name').execute();
    },
    async sites() {
      return db.selectFrom('sites').select(['id', 'name', 'platform_id']).orderBy('name').execute();
    },
    async findBrand(id: number) {
      return db.selectFrom('brands').select('id').where('id', '=', id).executeTakeFirst();
    },
    async findPlatform(id: number) {
      return db.selectFrom('platforms').select('id').where('id', '=', id).executeTakeFirst();
    },
    async findSite(id: number) {
      return db.selectFrom('sites').select(['id', 'platform_id']).where('id', '=', id).executeTakeFirst();
    },
    async calendar() {
      return db.selectFrom('attributes').select(CALENDAR_COLUMNS).orderBy('id').execute();
    },
    /**
     * Agents of the narrowing's site (brand and platform as narrowed) who have not started
     * the attribute, or started, did not finish and had no activity since `stalledBefore`:
     * not started first, then the longest idle, then nickname. `limit` null: all of them. Each
     * with the videos of its training (what is left is counted against them).
     */
    async nudges(attributeId: number, n: Narrowing, q: { stalledBefore: Date; search: string | null; limit: number | null; offset: number }) {
      const filter = sql`u.perfil = '' AND ${within(n, 'u')}
        AND (p.user_id IS NULL OR (NOT p.finished AND p.last_activity_at <= ${q.stalledBefore.toISOString()}::timestamptz))
        ${q.search ? sql`AND (lower(u.nick_name) LIKE ${likePrefix(q.search)} OR lower(u.name) LIKE ${likePrefix(q.search)})` : sql``}`;
      // The progress row sits in the agent's current site (aggregates.ts moves it with the agent).
      const site = n.siteId === null ? sql`u.site_id` : sql`${n.siteId}`;
      const from = sql`FROM users u LEFT JOIN coaching_progress p ON p.attribute_id = ${attributeId} AND p.site_id = ${site} AND p.user_id = u.id`;
      const { rows } = await sql<NudgeRow>`
        SELECT u.id, u.nick_name, u.name, p.last_activity_at, p.videos_seen, p.quiz_mask, p.reface,
          (SELECT count(*)::int FROM videos v LEFT JOIN video_progress vp ON vp.video_id = v.id AND vp.user_id = u.id
            WHERE v.attribute_id = ${attributeId} AND ${inTraining('v', 'vp')}) AS videos_total
        ${from} WHERE ${filter}
        ORDER BY p.last_activity_at ASC NULLS FIRST, lower(u.nick_name) ASC NULLS LAST, u.id ASC
        ${q.limit === null ? sql`` : sql`LIMIT ${q.limit}`} OFFSET ${q.offset}`.execute(db);
      const total = await sql<{ n: number }>`SELECT count(*)::int AS n ${from} WHERE ${filter}`.execute(db);
      return { rows, total: total.rows[0]?.n ?? 0 };
    },
  };
}

export type CoachingRepository = ReturnType<typeof createCoachingRepository>;
