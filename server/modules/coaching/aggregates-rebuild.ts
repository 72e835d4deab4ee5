// Set-based recomputation of Seguimiento's aggregates from the facts (users, video progress,
// quiz participations and answers, refaces, the ledger): everyone after the seed or a bulk
// load, or one user's points and answers when an import moves them. The same rules as the
// incremental path in aggregates.ts (#domain/coaching, #domain/ranking's monthly window); the
// SQL below only mirrors them. Reads whole tables: never call it per request.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PROGRAMME_TIME_ZONE } from '#domain/calendar';
import { monthlyWindow } from '#domain/ranking';
import { QUIZZES_PER_ATTRIBUTE } from '#domain/training';
import type { Database } from '#server/db/schema';
import { trainingVideoCounts, visibleToAgents } from '#server/modules/training/repository';

type Db = Kysely<Database>;

/** Where an agent is counted: 0 stands for no platform / no site. */
export interface CoachingPlacement {
  brand_id: number;
  platform_id: number;
  site_id: number;
}

/** Everyone's placement from users (agents only), or one user's given placement. */
interface Target {
  cols: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
  sign: 1 | -1;
}

const everyone: Target = {
  cols: sql`u.brand_id, coalesce(u.platform_id, 0), coalesce(u.site_id, 0)`,
  where: sql`u.perfil = ''`,
  sign: 1,
};

const oneUser = (userId: number, placement: CoachingPlacement, sign: 1 | -1): Target => ({
  cols: sql`${placement.brand_id}::int, ${placement.platform_id}::int, ${placement.site_id}::int`,
  where: sql`u.id = ${userId}`,
  sign,
});

async function monthWindows(db: Db): Promise<RawBuilder<unknown> | null> {
  const rows = await db.selectFrom('attributes').select(['id', 'month_start', 'month_end', 'sync_grace_hours']).where('enabled', '=', true).orderBy('id').execute();
  const values = rows.flatMap((r) => {
    const w = monthlyWindow(r);
    return w ? [sql`(${r.id}::int, ${w.start.toISOString()}::timestamptz, ${w.end.toISOString()}::timestamptz, ${w.graceEnd.toISOString()}::timestamptz)`] : [];
  });
  return values.length === 0 ? null : sql`(VALUES ${sql.join(values)}) AS w (attribute_id, starts, ends, grace)`;
}

/** Monthly ranking points per day: earned inside the month, arrived before the grace's end. */
async function dayPoints(db: Db, target: Target): Promise<void> {
  const windows = await monthWindows(db);
  if (windows === null) return;
  await sql`
    INSERT INTO coaching_day_points (attribute_id, brand_id, platform_id, site_id, day, points)
    SELECT l.attribute_id, ${target.cols}, (l.occurred_at AT TIME ZONE ${PROGRAMME_TIME_ZONE})::date, (${target.sign} * sum(l.amount))::int
    FROM points_ledger l JOIN users u ON u.id = l.user_id JOIN ${windows} ON w.attribute_id = l.attribute_id
    WHERE l.kind = 'activity' AND l.amount > 0 AND ${target.where}
      AND l.occurred_at >= w.starts AND l.occurred_at < w.ends AND l.created_at < w.grace
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (attribute_id, brand_id, platform_id, site_id, day) DO UPDATE SET points = coaching_day_points.points + excluded.points`.execute(db);
}

/** First answers per option (quiz_answers holds only first answers). */
async function answerCounts(db: Db, target: Target): Promise<void> {
  await sql`
    INSERT INTO coaching_answer_counts (attribute_id, brand_id, platform_id, site_id, question_id, option_id, answers)
    SELECT p.attribute_id, ${target.cols}, a.question_id, a.option_id, (${target.sign} * count(*))::int
    FROM quiz_answers a JOIN quiz_participations p ON p.id = a.participation_id JOIN users u ON u.id = p.user_id
    WHERE ${target.where}
    GROUP BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (attribute_id, brand_id, platform_id, site_id, question_id, option_id)
      DO UPDATE SET answers = coaching_answer_counts.answers + excluded.answers`.execute(db);
}

/**
 * Every started agent's state (#domain/coaching coachingState, in SQL). The training's videos
 * are the agent's (training/repository trainingVideoCounts: a hidden one only if seen); with no
 * progress row on the attribute, its visible ones (`t`).
 */
async function progress(db: Db): Promise<void> {
  await sql`
    WITH v AS (
      SELECT p.user_id, v.attribute_id, count(p.seen_at)::int AS seen, max(p.updated_at) AS last
      FROM video_progress p JOIN videos v ON v.id = p.video_id
      WHERE p.porcentaje > 0 OR p.seen_at IS NOT NULL GROUP BY 1, 2),
    a AS (SELECT participation_id, sum(points)::int AS points, max(occurred_at) AS last FROM quiz_answers GROUP BY 1),
    q AS (
      SELECT q.user_id, q.attribute_id,
        bit_or(CASE WHEN q.completed_at IS NOT NULL THEN 1 << (q.quiz - 1) ELSE 0 END)::int AS mask,
        (coalesce(sum(a.points) FILTER (WHERE q.completed_at IS NOT NULL), 0))::int AS points,
        greatest(max(q.issued_at), max(a.last)) AS last
      FROM quiz_participations q LEFT JOIN a ON a.participation_id = q.id GROUP BY 1, 2),
    r AS (SELECT user_id, attribute_id, image_id IS NOT NULL AS done, requested_at AS last FROM refaces),
    t AS (SELECT x.attribute_id, (count(*) FILTER (WHERE ${visibleToAgents('x')}))::int AS n FROM videos x GROUP BY 1),
    o AS (${trainingVideoCounts(null)}),
    k AS (SELECT user_id, attribute_id FROM v UNION SELECT user_id, attribute_id FROM q UNION SELECT user_id, attribute_id FROM r)
    INSERT INTO coaching_progress (attribute_id, user_id, brand_id, platform_id, site_id, last_activity_at, videos_seen, quiz_mask, quiz_points, reface, finished)
    SELECT k.attribute_id, k.user_id, ${everyone.cols}, greatest(v.last, q.last, r.last), coalesce(v.seen, 0), coalesce(q.mask, 0),
      coalesce(q.points, 0), coalesce(r.done, false),
      coalesce(o.total, t.n, 0) > 0 AND coalesce(v.seen, 0) >= coalesce(o.total, t.n) AND coalesce(q.mask, 0) = ${(1 << QUIZZES_PER_ATTRIBUTE) - 1}
    FROM k JOIN users u ON u.id = k.user_id
      LEFT JOIN v ON v.user_id = k.user_id AND v.attribute_id = k.attribute_id
      LEFT JOIN q ON q.user_id = k.user_id AND q.attribute_id = k.attribute_id
      LEFT JOIN r ON r.user_id = k.user_id AND r.attribute_id = k.attribute_id
      LEFT JOIN t ON t.attribute_id = k.attribute_id
      LEFT JOIN o ON o.user_id = k.user_id AND o.attribute_id = k.attribute_id
    WHERE ${everyone.where}`.execute(db);
  await sql`
    INSERT INTO coaching_counts (attribute_id, brand_id, platform_id, site_id, started, finished, reface, quizzes, quiz_points)
    SELECT attribute_id, brand_id, platform_id, site_id, count(*)::int, (count(*) FILTER (WHERE finished))::int,
      (count(*) FILTER (WHERE reface))::int, sum((quiz_mask & 1) + ((quiz_mask >> 1) & 1))::int, sum(quiz_points)::int
    FROM coaching_progress GROUP BY 1, 2, 3, 4`.execute(db);
}

async function rebuild(db: Db): Promise<void> {
  for (const table of ['coaching_answer_counts', 'coaching_day_points', 'coaching_counts', 'coaching_progress', 'coaching_population'] as const) {
    await db.deleteFrom(table).execute();
  }
  await sql`
    INSERT INTO coaching_population (brand_id, platform_id, site_id, agents)
    SELECT ${everyone.cols}, count(*)::int FROM users u WHERE ${everyone.where} GROUP BY 1, 2, 3`.execute(db);
  await progress(db);
  await dayPoints(db, everyone);
  await answerCounts(db, everyone);
}

/** Recomputes every aggregate from the facts (seed, bench generator, repairs). */
export async function rebuildCoaching(db: Db): Promise<void> {
  await (db.isTransaction ? rebuild(db) : db.transaction().execute(rebuild));
}

/** One user's points and answers leave `before` and join `after` (either may be null: not an agent). */
export async function rebuildCoachingUser(db: Db, userId: number, before: CoachingPlacement | null, after: CoachingPlacement | null): Promise<void> {
  if (before) {
    await dayPoints(db, oneUser(userId, before, -1));
    await answerCounts(db, oneUser(userId, before, -1));
  }
  if (after) {
    await dayPoints(db, oneUser(userId, after, 1));
    await answerCounts(db, oneUser(userId, after, 1));
  }
}
