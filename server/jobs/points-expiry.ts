// Daily points-expiry job: writes the 'expiry' ledger rows of credits that lapsed (365 days
// after crediting, oldest spent first: #domain/balance) and moves the stored balance with
// them, one user at a time under the user's row lock, each user in one transaction. Its work
// list is the balance rows whose lapse check has come (user_balances.lapse_check_at), however
// long ago. Idempotent: each credit's expiry row has a unique source key, so a rerun or a
// second instance writes nothing. Reschedules itself for the next day through a per-day key.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { usersDueForExpiry } from '#server/modules/points/ledger';
import { expireLapsed } from '#server/modules/points/movements';
import { enqueueJob, type JobHandler } from './runner.ts';

export const POINTS_EXPIRY_JOB = 'points-expiry';
const DAY = 86_400_000;

export async function schedulePointsExpiry(db: Kysely<Database>, now: Date): Promise<void> {
  // 01:00 UTC: after midnight in Madrid, before the shop floors open.
  const next = new Date(Math.floor(now.getTime() / DAY) * DAY + DAY + 3_600_000);
  await enqueueJob(db, { kind: POINTS_EXPIRY_JOB, runAt: next, uniqueKey: `${POINTS_EXPIRY_JOB}:${next.toISOString().slice(0, 10)}` });
}

/** Writes every pending expiry as of `now`; returns the users touched and the IMPs expired. */
export async function expireLapsedCredits(db: Kysely<Database>, now: Date): Promise<{ users: number; imps: number }> {
  let imps = 0;
  const users = await usersDueForExpiry(db, now);
  for (const userId of users) imps += await expireLapsed(db, userId, now);
  return { users: users.length, imps };
}

export function pointsExpiryHandler(db: Kysely<Database>, clock: () => Date): JobHandler {
  return async () => {
    const now = clock();
    await expireLapsedCredits(db, now);
    await schedulePointsExpiry(db, now);
  };
}
