// Standings: the precomputed ranking rows (ranking_standings) and per-score agent counts
// (ranking_score_counts), kept up to date in the same transaction as each activity credit
// (earnActivity: points' earn, then recordCredit; rankings follow the ledger, the points
// module never calls rankings) and each finished training step
// (recordTrainingStep), so ranking pages and positions read an index and never add up the
// ledger. Only agents (empty perfil) have rows; prizes, redemptions and expiries never move a
// ranking. The rules come from #domain/ranking; rebuild.ts recomputes everything set-based.
import { sql, type Kysely } from 'kysely';
import {
  allTrainingsFinishedAt, countsForMonth, monthlyFinishedAt, monthlyTasksDone, monthlyWindow, tasksDone, trainingFinishedAt,
  type TrainingSteps,
} from '#domain/ranking';
import { takesPartInRankings } from '#domain/ranking-scope';
import { QUIZZES_PER_ATTRIBUTE } from '#domain/training';
import type { Database, RankingScopeName } from '#server/db/schema';
import { recordCoachingCredit } from '#server/modules/coaching/aggregates';
import { earn, type Earning } from '#server/modules/points/movements';
import { inTraining } from '#server/modules/training/repository';
import { rebuildAll } from './rebuild.ts';

type Db = Kysely<Database>;

/** attribute_id of the global ranking's rows. */
export const GLOBAL_RANKING = 0;

interface Placement {
  brand_id: number;
  site_id: number | null;
}

/** The scopes a standing of `attributeId` belongs to: global, or its brand and its site. */
export function scopesOf(attributeId: number, placement: Placement): { scope: RankingScopeName; scopeId: number }[] {
  if (attributeId === GLOBAL_RANKING) return [{ scope: 'global', scopeId: 0 }];
  const scopes: { scope: RankingScopeName; scopeId: number }[] = [{ scope: 'marca', scopeId: placement.brand_id }];
  if (placement.site_id !== null) scopes.push({ scope: 'plataforma', scopeId: placement.site_id });
  return scopes;
}

async function agentPlacement(db: Db, userId: number): Promise<Placement | null> {
  const user = await db.selectFrom('users').select(['perfil', 'brand_id', 'site_id']).where('id', '=', userId).executeTakeFirst();
  return user && takesPartInRankings(user.perfil) ? { brand_id: user.brand_id, site_id: user.site_id } : null;
}

/**
 * Moves an agent from score `before` to `after` in the per-score counts of its scopes. One
 * statement, rows in key order: concurrent credits lock count rows in the same order.
 */
async function moveScore(db: Db, attributeId: number, placement: Placement, before: number, after: number): Promise<void> {
  const rows = scopesOf(attributeId, placement).flatMap(({ scope, scopeId }) => [
    ...(before > 0 ? [{ attribute_id: attributeId, scope, scope_id: scopeId, points: before, agents: -1 }] : []),
    ...(after > 0 ? [{ attribute_id: attributeId, scope, scope_id: scopeId, points: after, agents: 1 }] : []),
  ]).sort((a, b) => a.scope.localeCompare(b.scope) || a.scope_id - b.scope_id || a.points - b.points);
  if (rows.length === 0) return;
  await db.insertInto('ranking_score_counts').values(rows)
    .onConflict((oc) => oc.columns(['attribute_id', 'scope', 'scope_id', 'points'])
      .doUpdateSet({ agents: sql<number>`ranking_score_counts.agents + excluded.agents` }))
    .execute();
}

/** Adds `amount` to an agent's standing in one ranking; `occurredAt` may be the new "reached" moment. */
async function addPoints(db: Db, attributeId: number, userId: number, placement: Placement, amount: number, occurredAt: Date): Promise<void> {
  const row = await db.insertInto('ranking_standings')
    .values({ attribute_id: attributeId, user_id: userId, brand_id: placement.brand_id, site_id: placement.site_id, points: amount, reached_at: occurredAt })
    .onConflict((oc) => oc.columns(['attribute_id', 'user_id']).doUpdateSet({
      points: sql<number>`ranking_standings.points + excluded.points`,
      // Points only grow, so the score was reached by the latest credit that counts.
      reached_at: sql<Date>`greatest(ranking_standings.reached_at, excluded.reached_at)`,
    }))
    .returning(['points', 'brand_id', 'site_id'])
    .executeTakeFirstOrThrow();
  await moveScore(db, attributeId, row, row.points - amount, row.points);
}

async function calendarEntry(db: Db, attributeId: number) {
  return db.selectFrom('attributes').select(['id', 'enabled', 'month_start', 'month_end', 'sync_grace_hours']).where('id', '=', attributeId).executeTakeFirst();
}

/**
 * The one way an activity (video, quiz answer, reface) pays: the ledger credit, once per
 * source key, and the rankings it moves, in the caller's transaction. True when it paid now.
 */
export async function earnActivity(trx: Db, credit: Earning): Promise<boolean> {
  const paid = await earn(trx, credit);
  if (paid) await recordCredit(trx, credit);
  if (paid) await recordCoachingCredit(trx, credit);
  return paid;
}

/**
 * A credit was just earned (points' earn answered true): move the agent's global standing
 * and, if the credit counts for its attribute's month (#domain/ranking countsForMonth), the
 * monthly one. Only 'activity' counts. Call inside the credit's transaction, so a ranking
 * never disagrees with the ledger.
 */
export async function recordCredit(db: Db, credit: Earning): Promise<void> {
  if (credit.kind !== 'activity' || credit.amount <= 0) return;
  const placement = await agentPlacement(db, credit.userId);
  if (!placement) return;
  const { occurredAt } = credit;
  await addPoints(db, GLOBAL_RANKING, credit.userId, placement, credit.amount, occurredAt);
  if (credit.attributeId === null) return;
  const entry = await calendarEntry(db, credit.attributeId);
  if (entry?.enabled && countsForMonth(monthlyWindow(entry), { occurredAt, createdAt: credit.receivedAt })) {
    await addPoints(db, credit.attributeId, credit.userId, placement, credit.amount, occurredAt);
  }
}

/**
 * One user's training steps per enabled attribute (videos seen, quizzes completed, with
 * moments). The videos are those of the user's training (training/repository inTraining: a
 * hidden one only if the user had seen it).
 */
async function trainingStepsOf(db: Db, userId: number): Promise<Map<number, TrainingSteps>> {
  const videos = await db.selectFrom('videos as v')
    .innerJoin('attributes as a', 'a.id', 'v.attribute_id')
    .leftJoin('video_progress as p', (join) => join.onRef('p.video_id', '=', 'v.id').on('p.user_id', '=', userId))
    .select(['v.attribute_id', 'p.seen_at'])
    .where('a.enabled', '=', true)
    .where(inTraining('v', 'p'))
    .execute();
  const quizzes = await db.selectFrom('quiz_participations')
    .select(['attribute_id', 'completed_at'])
    .where('user_id', '=', userId).where('completed_at', 'is not', null)
    .execute();
  const steps = new Map<number, { videosTotal: number; videoSeenAts: Date[]; quizzesTotal: number; quizCompletedAts: Date[] }>();
  const of = (id: number) => {
    let found = steps.get(id);
    if (!found) steps.set(id, (found = { videosTotal: 0, videoSeenAts: [], quizzesTotal: QUIZZES_PER_ATTRIBUTE, quizCompletedAts: [] }));
    return found;
  };
  for (const v of videos) {
    const s = of(v.attribute_id);
    s.videosTotal++;
    if (v.seen_at) s.videoSeenAts.push(v.seen_at);
  }
  for (const q of quizzes) if (q.completed_at && steps.has(q.attribute_id)) of(q.attribute_id).quizCompletedAts.push(q.completed_at);
  return steps;
}

async function setTraining(db: Db, attributeId: number, userId: number, placement: Placement, tasks: number, finishedAt: Date | null): Promise<void> {
  await db.insertInto('ranking_standings')
    .values({ attribute_id: attributeId, user_id: userId, brand_id: placement.brand_id, site_id: placement.site_id, tasks, finished_at: finishedAt })
    .onConflict((oc) => oc.columns(['attribute_id', 'user_id']).doUpdateSet({ tasks, finished_at: finishedAt }))
    .execute();
}

/**
 * A training step of (user, attribute) finished (a video seen, a quiz completed): refresh the
 * tasks done and the "training finished" moment the tie-break reads, for the attribute's
 * monthly ranking (steps inside the month) and the global one. Call inside the step's transaction.
 * Steps count by when they happened, not when they arrived, so `_arrivedAt` is not needed; it
 * is accepted because callers know it.
 */
export async function recordTrainingStep(db: Db, userId: number, attributeId: number, _arrivedAt?: Date): Promise<void> {
  const placement = await agentPlacement(db, userId);
  if (!placement) return;
  const steps = await trainingStepsOf(db, userId);
  const own = steps.get(attributeId);
  const entry = await calendarEntry(db, attributeId);
  if (own && entry?.enabled) {
    const window = monthlyWindow(entry);
    await setTraining(db, attributeId, userId, placement, monthlyTasksDone(own, window), monthlyFinishedAt(trainingFinishedAt(own), window));
  }
  const all = [...steps.values()];
  await setTraining(db, GLOBAL_RANKING, userId, placement, all.reduce((n, s) => n + tasksDone(s), 0),
    allTrainingsFinishedAt(all.map(trainingFinishedAt)));
}

/** Recomputes every standing from the ledger and training tables (seed, bulk loads). */
export async function rebuildStandings(db: Db): Promise<void> {
  await (db.isTransaction ? rebuildAll(db, null) : db.transaction().execute((trx) => rebuildAll(trx, null)));
}

/**
 * Recomputes one user's standings (after an import changed the user's profile, brand or site):
 * a user who is no longer an agent leaves every ranking.
 */
export async function refreshUserStandings(db: Db, userId: number): Promise<void> {
  await (db.isTransaction ? rebuildAll(db, userId) : db.transaction().execute((trx) => rebuildAll(trx, userId)));
}
