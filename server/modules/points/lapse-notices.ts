// Expiry you can see (issue 39), the server's side: what lapses next for one user (the unspent
// part of each batch by the FIFO rule, #domain/balance upcomingLapses), and the notices 30 and 7
// days before a batch lapses (#domain/balance lapseNoticeDue). Each notice is keyed by the batch's
// day and its lead (#domain/notifications impsLapsing), so reruns and other instances store and
// push nothing twice; notify() keeps agents only, honours each agent's preferences, and queues
// pushes for the day's hours (quiet hours). IMPs only: Ring Ring points are not in the ledger.
import { sql, type Kysely } from 'kysely';
import type { ImpsLapse } from '#contract/points';
import { lapseNoticeDue, upcomingLapses } from '#domain/balance';
import { notificationEventKeys, notificationText } from '#domain/notifications';
import type { Database } from '#server/db/schema';
import { inTransaction, notify } from '#server/modules/notifications/notify';
import { ledgerState } from './ledger.ts';

type Db = Kysely<Database>;

/** Once a programme day, queued by the hourly notification check (its first run of the day, or at start). */
export const LAPSE_NOTICES_JOB = 'imps-lapse-notices';
const DAY = 86_400_000;
/** How far ahead the job looks: the 30-day notice, and a day of slack for the programme's time zone. */
const LOOK_AHEAD_DAYS = 31;

/** GET imps/caducidades: the user's next batches to lapse, soonest first. */
export async function lapsesOf(db: Db, userId: number, now: Date): Promise<ImpsLapse[]> {
  return upcomingLapses(await ledgerState(db, userId, now), now)
    .map((l) => ({ dia: l.day, caduca_at: l.expiresAt.toISOString(), imps: l.amount }));
}

/**
 * The notices due at `now` for every user with a credit lapsing within the look-ahead (an index
 * range on user_balances.lapse_check_at, the soonest lapse of each balance). Returns how many
 * were stored (0 on a rerun).
 */
export async function notifyLapsingImps(db: Db, now: Date): Promise<number> {
  const horizon = new Date(now.getTime() + LOOK_AHEAD_DAYS * DAY);
  const users = await db.selectFrom('user_balances').innerJoin('users', 'users.id', 'user_balances.user_id')
    .select('user_balances.user_id').where('user_balances.lapse_check_at', '<=', horizon)
    .where(sql<boolean>`btrim(users.perfil) = ''`).orderBy('user_balances.user_id').execute();
  let stored = 0;
  for (const { user_id: userId } of users) {
    const batches = upcomingLapses(await ledgerState(db, userId, now), now, Number.POSITIVE_INFINITY);
    for (const batch of batches) {
      const lead = lapseNoticeDue(batch.day, now);
      if (lead === null) continue;
      stored += await inTransaction(db, (trx) => notify(trx, {
        kind: 'imps-caducan',
        eventKey: notificationEventKeys.impsLapsing(batch.day, lead),
        text: notificationText({ kind: 'imps-caducan', amount: batch.amount, expiresAt: batch.expiresAt, daysBefore: lead }),
        recipients: sql`SELECT ${userId}::int AS user_id`,
      }, now));
    }
  }
  return stored;
}
