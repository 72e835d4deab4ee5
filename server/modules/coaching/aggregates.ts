// The one writer of Seguimiento's aggregates (migration 0014): an agent's state per attribute
// (coaching_progress) and the counters the reads sum (coaching_counts, coaching_day_points,
// coaching_answer_counts, coaching_population), moved in the transaction of the fact they
// count (video progress, quiz start and answers, refaces, activity credits, imports). Only
// agents (empty perfil) are counted. The rules are #domain/coaching's; aggregates-rebuild.ts
// recomputes the same figures set-based. Never called from a read.
import { sql, type Kysely } from 'kysely';
import { isAgentProfile } from '#domain/profiles';
import { coachingState, creditDay, quizzesDone, type CoachingState } from '#domain/coaching';
import { countsForMonth, monthlyWindow } from '#domain/ranking';
import type { Database } from '#server/db/schema';
import type { Earning } from '#server/modules/points/movements';
import { inTraining } from '#server/modules/training/repository';
import { rebuildCoachingUser, type CoachingPlacement } from './aggregates-rebuild.ts';

export type { CoachingPlacement };

type Db = Kysely<Database>;

/** A user as the counters need them (before or after an import changed them). */
export interface CoachedUser {
  perfil: string | null;
  brand_id: number;
  platform_id: number | null;
  site_id: number | null;
}

export const placementOf = (user: CoachedUser): CoachingPlacement | null =>
  (isAgentProfile(user.perfil) ? { brand_id: user.brand_id, platform_id: user.platform_id ?? 0, site_id: user.site_id ?? 0 } : null);

/** The agent's placement, taking the user's row lock so two facts of one agent count in turn. */
async function lockedPlacement(db: Db, userId: number): Promise<CoachingPlacement | null> {
  const user = await db.selectFrom('users').select(['perfil', 'brand_id', 'platform_id', 'site_id'])
    .where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
  return user ? placementOf(user) : null;
}

/** A time read out of a JSON column (json_build_object writes timestamps as ISO text). */
const jsonTime = (value: string | null): Date | null => (value === null ? null : new Date(value));

interface FactsRow {
  videos_total: number;
  videos: { porcentaje: number | null; seen_at: string | null; updated_at: string }[];
  quizzes: { quiz: number; issued_at: string; completed_at: string | null; points: number; last_answer_at: string | null }[];
  reface: { image_id: number | null; requested_at: string } | null;
}

/**
 * The agent's facts on the attribute, in one round trip (a floor of reports runs this per
 * report). The videos total is the agent's training's (training/repository inTraining: a
 * hidden video only if the agent had seen it); every progress row is a fact (a hidden video
 * watched still started the attribute), and every seen one is in the training.
 */
async function factsOf(db: Db, userId: number, attributeId: number) {
  const { rows } = await sql<FactsRow>`
    SELECT
      (SELECT count(*)::int FROM videos v LEFT JOIN video_progress p ON p.video_id = v.id AND p.user_id = ${userId}
        WHERE v.attribute_id = ${attributeId} AND ${inTraining('v', 'p')}) AS videos_total,
      (SELECT coalesce(json_agg(json_build_object('porcentaje', p.porcentaje, 'seen_at', p.seen_at, 'updated_at', p.updated_at)), '[]')
         FROM video_progress p JOIN videos v ON v.id = p.video_id
        WHERE p.user_id = ${userId} AND v.attribute_id = ${attributeId}) AS videos,
      (SELECT coalesce(json_agg(json_build_object('quiz', q.quiz, 'issued_at', q.issued_at, 'completed_at', q.completed_at,
                'points', a.points, 'last_answer_at', a.last_answer_at)), '[]')
         FROM quiz_participations q
         CROSS JOIN LATERAL (SELECT coalesce(sum(points), 0)::int AS points, max(occurred_at) AS last_answer_at
                               FROM quiz_answers WHERE participation_id = q.id) a
        WHERE q.user_id = ${userId} AND q.attribute_id = ${attributeId}) AS quizzes,
      (SELECT json_build_object('image_id', r.image_id, 'requested_at', r.requested_at)
         FROM refaces r WHERE r.user_id = ${userId} AND r.attribute_id = ${attributeId}) AS reface`.execute(db);
  const facts = rows[0]!;
  return coachingState({
    videosTotal: facts.videos_total,
    videos: facts.videos.map((v) => ({ porcentaje: v.porcentaje ?? 0, seenAt: jsonTime(v.seen_at), updatedAt: new Date(v.updated_at) })),
    quizzes: facts.quizzes.map((q) => ({
      quiz: q.quiz, issuedAt: new Date(q.issued_at), completedAt: jsonTime(q.completed_at), points: Number(q.points),
      lastAnswerAt: jsonTime(q.last_answer_at),
    })),
    reface: facts.reface ? { completed: facts.reface.image_id !== null, requestedAt: new Date(facts.reface.requested_at) } : null,
  });
}

type Counted = Pick<CoachingState, 'finished' | 'reface' | 'quizMask' | 'quizPoints'>;

const sameCounted = (a: Counted, b: Counted): boolean =>
  a.finished === b.finished && a.reface === b.reface && a.quizMask === b.quizMask && a.quizPoints === b.quizPoints;

/** Adds (sign 1) or takes away (sign -1) one agent's contribution to its placement's counters. */
async function countState(db: Db, attributeId: number, placement: CoachingPlacement, state: Counted, sign: 1 | -1): Promise<void> {
  await db.insertInto('coaching_counts').values({
    attribute_id: attributeId, ...placement, started: sign, finished: state.finished ? sign : 0, reface: state.reface ? sign : 0,
    quizzes: sign * quizzesDone(state.quizMask), quiz_points: sign * state.quizPoints,
  }).onConflict((oc) => oc.columns(['attribute_id', 'brand_id', 'platform_id', 'site_id']).doUpdateSet({
    started: sql`coaching_counts.started + excluded.started`,
    finished: sql`coaching_counts.finished + excluded.finished`,
    reface: sql`coaching_counts.reface + excluded.reface`,
    quizzes: sql`coaching_counts.quizzes + excluded.quizzes`,
    quiz_points: sql`coaching_counts.quiz_points + excluded.quiz_points`,
  })).execute();
}

/**
 * A fact of (user, attribute) changed (a video report, a quiz started or answered, a reface
 * uploaded, completed or failed): recompute the agent's state from the facts and move the
 * counters by the difference. Call inside the fact's transaction, after writing it.
 */
export async function refreshCoachingProgress(db: Db, userId: number, attributeId: number): Promise<void> {
  // The user's row lock (as lockedPlacement) and the agent's counted state, in one round trip.
  const locked = await db.selectFrom('users as u')
    .leftJoin('coaching_progress as c', (join) => join.onRef('c.user_id', '=', 'u.id').on('c.attribute_id', '=', attributeId))
    .select(['u.perfil', 'u.brand_id as user_brand_id', 'u.platform_id as user_platform_id', 'u.site_id as user_site_id'])
    .select(['c.user_id', 'c.brand_id', 'c.platform_id', 'c.site_id', 'c.finished', 'c.reface', 'c.quiz_mask', 'c.quiz_points'])
    .where('u.id', '=', userId).forNoKeyUpdate('u').executeTakeFirst();
  const placement = locked ? placementOf({ perfil: locked.perfil, brand_id: locked.user_brand_id, platform_id: locked.user_platform_id, site_id: locked.user_site_id }) : null;
  const before = locked?.user_id == null ? undefined : {
    brand_id: locked.brand_id!, platform_id: locked.platform_id!, site_id: locked.site_id!,
    finished: locked.finished!, reface: locked.reface!, quiz_mask: locked.quiz_mask!, quiz_points: locked.quiz_points!,
  };
  const after = placement === null ? null : await factsOf(db, userId, attributeId);
  const was: Counted | null = before ? { finished: before.finished, reface: before.reface, quizMask: before.quiz_mask, quizPoints: before.quiz_points } : null;
  // Most facts (a video's next 10 %) move nothing counted: leave the site's counter row alone,
  // so a floor of agents of one site never queues on it.
  const countsMove = !(before && after && placement && sameCounted(was!, after)
    && before.brand_id === placement.brand_id && before.platform_id === placement.platform_id && before.site_id === placement.site_id);
  if (before && countsMove) {
    const where = { brand_id: before.brand_id, platform_id: before.platform_id, site_id: before.site_id };
    await countState(db, attributeId, where, was!, -1);
  }
  if (after === null || placement === null) {
    if (before) await db.deleteFrom('coaching_progress').where('attribute_id', '=', attributeId).where('user_id', '=', userId).execute();
    return;
  }
  const row = {
    ...placement, last_activity_at: after.lastActivityAt, videos_seen: after.videosSeen, quiz_mask: after.quizMask,
    quiz_points: after.quizPoints, reface: after.reface, finished: after.finished,
  };
  await db.insertInto('coaching_progress').values({ attribute_id: attributeId, user_id: userId, ...row })
    .onConflict((oc) => oc.columns(['attribute_id', 'user_id']).doUpdateSet(row)).execute();
  if (countsMove) await countState(db, attributeId, placement, after, 1);
}

/**
 * An activity credit was just paid: if it counts for its attribute's monthly ranking (enabled,
 * #domain/ranking countsForMonth), its points go on its day. Call in the credit's transaction.
 */
export async function recordCoachingCredit(db: Db, credit: Earning): Promise<void> {
  if (credit.kind !== 'activity' || credit.amount <= 0 || credit.attributeId === null) return;
  const entry = await db.selectFrom('attributes').select(['enabled', 'month_start', 'month_end', 'sync_grace_hours']).where('id', '=', credit.attributeId).executeTakeFirst();
  if (!entry?.enabled || !countsForMonth(monthlyWindow(entry), { occurredAt: credit.occurredAt, createdAt: credit.receivedAt })) return;
  const placement = await lockedPlacement(db, credit.userId);
  if (placement === null) return;
  await db.insertInto('coaching_day_points')
    .values({ attribute_id: credit.attributeId, ...placement, day: creditDay(credit.occurredAt), points: credit.amount })
    .onConflict((oc) => oc.columns(['attribute_id', 'brand_id', 'platform_id', 'site_id', 'day'])
      .doUpdateSet({ points: sql`coaching_day_points.points + excluded.points` }))
    .execute();
}

/** A first answer was stored: count its option, then refresh the agent's quiz state. */
export async function recordCoachingAnswer(db: Db, answer: { userId: number; attributeId: number; questionId: number; optionId: number }): Promise<void> {
  const placement = await lockedPlacement(db, answer.userId);
  if (placement !== null) {
    await db.insertInto('coaching_answer_counts')
      .values({ attribute_id: answer.attributeId, ...placement, question_id: answer.questionId, option_id: answer.optionId, answers: 1 })
      .onConflict((oc) => oc.columns(['attribute_id', 'brand_id', 'platform_id', 'site_id', 'question_id', 'option_id'])
        .doUpdateSet({ answers: sql`coaching_answer_counts.answers + 1` }))
      .execute();
  }
  await refreshCoachingProgress(db, answer.userId, answer.attributeId);
}

/** Adds (or takes away) one agent to its placement's population. */
async function countAgent(db: Db, placement: CoachingPlacement, sign: 1 | -1): Promise<void> {
  await db.insertInto('coaching_population').values({ ...placement, agents: sign })
    .onConflict((oc) => oc.columns(['brand_id', 'platform_id', 'site_id']).doUpdateSet({ agents: sql`coaching_population.agents + excluded.agents` }))
    .execute();
}

/** Users just created (an import): the agents among them join their placements' population. */
export async function countNewUsers(db: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await sql`
    INSERT INTO coaching_population (brand_id, platform_id, site_id, agents)
    SELECT brand_id, coalesce(platform_id, 0), coalesce(site_id, 0), count(*)::int FROM users
    WHERE perfil = '' AND id IN (${sql.join([...userIds])})
    GROUP BY brand_id, coalesce(platform_id, 0), coalesce(site_id, 0)
    ON CONFLICT (brand_id, platform_id, site_id) DO UPDATE SET agents = coaching_population.agents + excluded.agents`.execute(db);
}

/**
 * An import changed a user's perfil, brand, platform or site (the row is already written;
 * `before` is what it was): the user leaves the old placement's figures and, if an agent,
 * joins the new one's, recounted from the facts (as refreshUserStandings re-files standings).
 */
export async function moveCoachingUser(db: Db, userId: number, before: CoachedUser): Promise<void> {
  const old = placementOf(before);
  const current = await lockedPlacement(db, userId);
  if (old) await countAgent(db, old, -1);
  if (current) await countAgent(db, current, 1);
  await rebuildCoachingUser(db, userId, old, current);
  const attributes = await db.selectFrom('attributes').select('id').orderBy('id').execute();
  for (const { id } of attributes) await refreshCoachingProgress(db, userId, id);
}
