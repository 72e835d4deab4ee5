// What the server stored for a replay (the outbox in Chromium, the floor reconnect), read from
// the database once the server stopped (PGlite is one process): each queued action landed
// exactly once. Reads only.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import type { QueueMix } from '../outbox.ts';

export interface RecordCheck {
  logEvents: number;
  expectedLogEvents: number;
  progressAt100: number;
  /**
   * +5 credits of these videos: at most one each. Fewer is not a loss: a viewing pays only when
   * plausible (#domain/video-progress), and the server clamps a report's moment to its
   * session's start, so a session younger than the viewing earns nothing.
   */
  videoCredits: number;
  expectedVideos: number;
  quizAnswers: number;
  expectedQuizAnswers: number;
  /** Ledger rows beyond one per (user, source key): a doubled credit. */
  duplicateCredits: number;
  exactlyOnce: boolean;
}

/** Reads what the server stored for a run (after it stopped: PGlite is one process). */
export async function countRecords(db: Kysely<Database>, mix: QueueMix, runTag: string, userIds: number[]): Promise<RecordCheck> {
  const events = await sql<{ n: number }>`SELECT count(*)::int AS n FROM log_events WHERE action LIKE ${`${runTag} %`}`.execute(db);
  const progress = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM video_progress WHERE user_id IN (${sql.join(userIds)}) AND porcentaje = 100`.execute(db);
  const ledger = await sql<{ videos: number; duplicates: number }>`
    SELECT count(*) FILTER (WHERE source_key LIKE 'video:%')::int AS videos,
           (count(*) - count(DISTINCT (user_id, source_key)))::int AS duplicates
    FROM points_ledger WHERE user_id IN (${sql.join(userIds)})`.execute(db);
  const answers = mix.participationIds.length
    ? (await sql<{ n: number }>`SELECT count(*)::int AS n FROM quiz_answers WHERE participation_id IN (${sql.join(mix.participationIds)})`.execute(db)).rows[0]!.n
    : 0;
  const check = {
    logEvents: events.rows[0]!.n,
    expectedLogEvents: mix.logEvents,
    progressAt100: progress.rows[0]!.n,
    videoCredits: ledger.rows[0]!.videos,
    expectedVideos: mix.videos,
    quizAnswers: answers,
    expectedQuizAnswers: mix.quizAnswers,
    duplicateCredits: ledger.rows[0]!.duplicates,
  };
  const exactlyOnce =
    check.logEvents === check.expectedLogEvents &&
    check.progressAt100 === check.expectedVideos &&
    check.videoCredits <= check.expectedVideos &&
    check.quizAnswers === check.expectedQuizAnswers &&
    check.duplicateCredits === 0;
  return { ...check, exactlyOnce };
}

/** What the overload step stored, against the batch actions the server acknowledged (2xx). */
export interface AcknowledgedCheck {
  acknowledged: number;
  /** Distinct keys of the run found in log_events. */
  stored: number;
  /** Acknowledged, not stored. */
  lost: number;
  /** Stored more than once. */
  doubled: number;
  /** Stored but never acknowledged: the answer was shed with its batch's end or cut by the run's end (no loss). */
  storedUnacknowledged: number;
  exactlyOnce: boolean;
}

/** Each overload log event names its key after the run tag (bench/overload.ts): count them per key. */
export async function countAcknowledged(db: Kysely<Database>, runTag: string, acknowledged: ReadonlySet<string>): Promise<AcknowledgedCheck> {
  const { rows } = await sql<{ action: string; n: number }>`
    SELECT action, count(*)::int AS n FROM log_events WHERE action LIKE ${`${runTag} %`} GROUP BY action`.execute(db);
  const stored = new Map(rows.map((row) => [row.action.slice(runTag.length + 1), row.n]));
  const lost = [...acknowledged].filter((key) => !stored.has(key)).length;
  const doubled = rows.filter((row) => row.n > 1).length;
  const storedUnacknowledged = [...stored.keys()].filter((key) => !acknowledged.has(key)).length;
  return { acknowledged: acknowledged.size, stored: stored.size, lost, doubled, storedUnacknowledged, exactlyOnce: lost === 0 && doubled === 0 };
}
