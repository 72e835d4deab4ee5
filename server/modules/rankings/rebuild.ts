// Set-based recomputation of the standings and score counts from the ledger, video progress
// and quiz participations: for the seed and bulk loads (everyone), or for one user whose
// profile, brand or site changed. The same rules as the incremental path in standings.ts:
// the monthly windows come from #domain/ranking, the SQL below only filters by them.
// Never call it per request: it reads whole tables.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { monthlyWindow } from '#domain/ranking';
import { QUIZZES_PER_ATTRIBUTE } from '#domain/training';
import type { Database } from '#server/db/schema';
import { trainingVideoCounts, visibleToAgents } from '#server/modules/training/repository';

type Db = Kysely<Database>;

interface Window {
  id: number;
  start: Date;
  end: Date;
  graceEnd: Date;
}

async function windows(db: Db): Promise<Window[]> {
  const rows = await db.selectFrom('attributes').select(['id', 'month_start', 'month_end', 'sync_grace_hours']).where('enabled', '=', true).orderBy('id').execute();
  return rows.flatMap((r) => {
    const w = monthlyWindow(r);
    return w ? [{ id: r.id, ...w }] : [];
  });
}

function windowsValues(list: Window[]): RawBuilder<unknown> {
  const rows = list.map((w) => sql`(${w.id}::int, ${w.start.toISOString()}::timestamptz, ${w.end.toISOString()}::timestamptz, ${w.graceEnd.toISOString()}::timestamptz)`);
  return sql`VALUES ${sql.join(rows)}`;
}

function windowsTable(list: Window[]): RawBuilder<unknown> {
  return sql`(${windowsValues(list)}) AS w (attribute_id, starts, ends, grace)`;
}

const userIs = (column: string, userId: number | null) => (userId === null ? sql`` : sql`AND ${sql.ref(column)} = ${userId}`);

/** The score counts the standings imply, per (ranking, scope, score). */
function scoreCounts(userId: number | null): RawBuilder<unknown> {
  const f = userIs('user_id', userId);
  return sql`
    SELECT attribute_id, 'global' AS scope, 0 AS scope_id, points, count(*)::int AS agents
      FROM ranking_standings WHERE attribute_id = 0 AND points > 0 ${f} GROUP BY attribute_id, points
    UNION ALL
    SELECT attribute_id, 'marca', brand_id, points, count(*)::int
      FROM ranking_standings WHERE attribute_id > 0 AND points > 0 ${f} GROUP BY attribute_id, brand_id, points
    UNION ALL
    SELECT attribute_id, 'plataforma', site_id, points, count(*)::int
      FROM ranking_standings WHERE attribute_id > 0 AND points > 0 AND site_id IS NOT NULL ${f} GROUP BY attribute_id, site_id, points`;
}

async function insertPoints(db: Db, list: Window[], userId: number | null): Promise<void> {
  const f = userIs('u.id', userId);
  await sql`
    INSERT INTO ranking_standings (attribute_id, user_id, brand_id, site_id, points, reached_at)
    SELECT 0, u.id, u.brand_id, u.site_id, sum(l.amount)::int, max(l.occurred_at)
    FROM points_ledger l JOIN users u ON u.id = l.user_id
    WHERE l.kind = 'activity' AND l.amount > 0 AND u.perfil = '' ${f}
    GROUP BY u.id, u.brand_id, u.site_id`.execute(db);
  if (list.length === 0) return;
  // Earned inside the month, arrived before the end of the sync grace (#domain/ranking countsForMonth).
  await sql`
    INSERT INTO ranking_standings (attribute_id, user_id, brand_id, site_id, points, reached_at)
    SELECT l.attribute_id, u.id, u.brand_id, u.site_id, sum(l.amount)::int, max(l.occurred_at)
    FROM points_ledger l JOIN users u ON u.id = l.user_id JOIN ${windowsTable(list)} ON w.attribute_id = l.attribute_id
    WHERE l.kind = 'activity' AND l.amount > 0 AND u.perfil = '' ${f}
      AND l.occurred_at >= w.starts AND l.occurred_at < w.ends AND l.created_at < w.grace
    GROUP BY l.attribute_id, u.id, u.brand_id, u.site_id`.execute(db);
}

/**
 * Per user and attribute: tasks done (all, and those inside the month: #domain/ranking
 * monthlyTasksDone) and the "training finished" moment (trainingFinishedAt). The videos are
 * those of the user's training (training/repository trainingVideoCounts: a hidden one only if
 * the user had seen it), so every seen video is a step; an attribute whose training has no
 * video for the user is not part of it. `visible`: the attribute's visible videos.
 */
function trainingSteps(list: Window[], userId: number | null): RawBuilder<unknown> {
  return sql`
    w (attribute_id, starts, ends, grace) AS (${windowsValues(list)}),
    totals AS (SELECT x.attribute_id, (count(*) FILTER (WHERE ${visibleToAgents('x')}))::int AS n FROM videos x GROUP BY x.attribute_id),
    own AS (${trainingVideoCounts(userId)}),
    moments AS (
      SELECT p.user_id, v.attribute_id, p.seen_at AS at, 'video' AS kind
      FROM video_progress p JOIN videos v ON v.id = p.video_id
      WHERE p.seen_at IS NOT NULL ${userIs('p.user_id', userId)}
      UNION ALL
      SELECT q.user_id, q.attribute_id, q.completed_at, 'quiz'
      FROM quiz_participations q
      WHERE q.completed_at IS NOT NULL ${userIs('q.user_id', userId)}),
    steps AS (
      SELECT m.user_id, m.attribute_id, w.ends, t.n AS visible,
        count(*)::int AS tasks,
        (count(*) FILTER (WHERE m.at < w.ends))::int AS tasks_in_month,
        CASE WHEN count(*) FILTER (WHERE m.kind = 'video') >= coalesce(o.total, t.n) AND count(*) FILTER (WHERE m.kind = 'quiz') >= ${QUIZZES_PER_ATTRIBUTE}
          THEN max(m.at) END AS finished
      FROM moments m JOIN totals t ON t.attribute_id = m.attribute_id JOIN w ON w.attribute_id = m.attribute_id
        LEFT JOIN own o ON o.user_id = m.user_id AND o.attribute_id = m.attribute_id
      WHERE coalesce(o.total, t.n) > 0
      GROUP BY m.user_id, m.attribute_id, t.n, o.total, w.ends)`;
}

async function updateTraining(db: Db, list: Window[], userId: number | null): Promise<void> {
  if (list.length === 0) return;
  await sql`
    WITH ${trainingSteps(list, userId)}
    INSERT INTO ranking_standings (attribute_id, user_id, brand_id, site_id, tasks, finished_at)
    SELECT st.attribute_id, u.id, u.brand_id, u.site_id, st.tasks_in_month, CASE WHEN st.finished < st.ends THEN st.finished END
    FROM steps st JOIN users u ON u.id = st.user_id
    WHERE u.perfil = ''
    ON CONFLICT (attribute_id, user_id) DO UPDATE SET tasks = excluded.tasks, finished_at = excluded.finished_at`.execute(db);
  // Global: every enabled attribute with videos in the user's training finished, at the last of
  // those moments: those with a visible video, and those whose only videos are hidden ones the
  // user had seen (in steps with no visible video).
  const withVideos = await db.selectFrom('videos').select('attribute_id').distinct()
    .where('attribute_id', 'in', list.map((w) => w.id)).where('hidden', '=', false).where('processing', '=', 'ready').execute();
  await sql`
    WITH ${trainingSteps(list, userId)}
    INSERT INTO ranking_standings (attribute_id, user_id, brand_id, site_id, tasks, finished_at)
    SELECT 0, u.id, u.brand_id, u.site_id, sum(st.tasks)::int,
      CASE WHEN count(st.finished) = ${withVideos.length} + count(*) FILTER (WHERE st.visible = 0) THEN max(st.finished) END
    FROM steps st JOIN users u ON u.id = st.user_id
    WHERE u.perfil = ''
    GROUP BY u.id, u.brand_id, u.site_id
    ON CONFLICT (attribute_id, user_id) DO UPDATE SET tasks = excluded.tasks, finished_at = excluded.finished_at`.execute(db);
}

/** Everyone (userId null) or one user: standings and score counts recomputed. Run in a transaction. */
export async function rebuildAll(db: Db, userId: number | null): Promise<void> {
  const list = await windows(db);
  if (userId === null) {
    await sql`DELETE FROM ranking_score_counts`.execute(db);
    await sql`DELETE FROM ranking_standings`.execute(db);
  } else {
    await sql`
      UPDATE ranking_score_counts c SET agents = c.agents - x.agents FROM (${scoreCounts(userId)}) AS x
      WHERE c.attribute_id = x.attribute_id AND c.scope = x.scope AND c.scope_id = x.scope_id AND c.points = x.points`.execute(db);
    await db.deleteFrom('ranking_standings').where('user_id', '=', userId).execute();
  }
  await insertPoints(db, list, userId);
  await updateTraining(db, list, userId);
  await sql`
    INSERT INTO ranking_score_counts (attribute_id, scope, scope_id, points, agents) ${scoreCounts(userId)}
    ON CONFLICT (attribute_id, scope, scope_id, points) DO UPDATE SET agents = ranking_score_counts.agents + excluded.agents`.execute(db);
}
