// Avisos for Repaso (issue 39): an hourly job tells each agent with a round due, once per round
// (the event key is the first day its questions were due: a round left waiting is never told
// again; the next one, after answering, is). Through notify(): agents only, a kind the agent
// switched off never, pushes held to the day's hours (quiet hours, #domain/notifications
// pushSendAt). The job reschedules itself through a per-hour unique key, so n instances queue it once.
import { sql, type Kysely } from 'kysely';
import { calendarDay } from '#domain/calendar';
import { notificationEventKeys, notificationText } from '#domain/notifications';
import { REPASO_ROUND_SIZE, REPASO_TIME_ZONE } from '#domain/repaso';
import type { Database } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { enqueueJob, purgeFinishedJobs, type JobHandler } from '#server/jobs/runner';
import { inTransaction, notify } from '#server/modules/notifications/notify';
import { createRepasoRepository } from './repository.ts';

type Db = Kysely<Database>;

export const REPASO_REMINDERS_JOB = 'repaso-reminders';
const HOUR = 3_600_000;
const RECIPIENTS_PER_NOTICE = 1_000;
/** Finished runs are forgotten after a week, at 03:00 UTC (the notices' own keys stop repeats). */
const PURGE_HOUR_UTC = 3;
const KEEP_FINISHED_MS = 7 * 24 * HOUR;

export async function scheduleRepasoReminders(db: Db, runAt: Date): Promise<void> {
  await enqueueJob(db, { kind: REPASO_REMINDERS_JOB, runAt, uniqueKey: `${REPASO_REMINDERS_JOB}:${runAt.toISOString().slice(0, 13)}` });
}

/** Tells every agent whose round is due and not told yet; returns how many notices were stored. */
export async function notifyRepasoDue(db: Db, now: Date): Promise<number> {
  const due = await createRepasoRepository(db).dueAgents(calendarDay(now, REPASO_TIME_ZONE));
  // One notice per (round's first day, questions in the round): a handful of groups.
  const groups = new Map<string, { since: string; questions: number; users: number[] }>();
  for (const { user_id, since, questions } of due) {
    const n = Math.min(questions, REPASO_ROUND_SIZE);
    const group = groups.get(`${since}|${n}`) ?? { since, questions: n, users: [] };
    group.users.push(user_id);
    groups.set(`${since}|${n}`, group);
  }
  let stored = 0;
  for (const { since, questions, users } of groups.values()) {
    for (let i = 0; i < users.length; i += RECIPIENTS_PER_NOTICE) {
      const ids = users.slice(i, i + RECIPIENTS_PER_NOTICE);
      stored += await inTransaction(db, (trx) => notify(trx, {
        kind: 'repaso',
        eventKey: notificationEventKeys.repasoDue(since),
        text: notificationText({ kind: 'repaso', questions }),
        recipients: sql`SELECT id AS user_id FROM users WHERE id IN (${sql.join(ids)})`,
      }, now));
    }
  }
  return stored;
}

export function repasoReminderHandlers({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Record<string, JobHandler> {
  return {
    [REPASO_REMINDERS_JOB]: async () => {
      const now = clock();
      await notifyRepasoDue(db, now);
      if (now.getUTCHours() === PURGE_HOUR_UTC) await purgeFinishedJobs(db, [REPASO_REMINDERS_JOB], new Date(now.getTime() - KEEP_FINISHED_MS));
      await scheduleRepasoReminders(db, new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR + 120_000));
    },
  };
}
