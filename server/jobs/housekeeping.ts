// Daily housekeeping job: forgets idempotency answers old enough that no outbox can still
// replay them, SSO jtis whose tokens expired long ago, and sessions that ended long ago
// (every sign-in writes two rows). Reschedules itself for the next day through a per-day
// unique key, so several instances schedule it once.
import type { Kysely } from 'kysely';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import { createAuthService } from '#server/modules/auth/service';
import { enqueueJob, type JobHandler } from './runner.ts';

export const HOUSEKEEPING_JOB = 'housekeeping';
/** Queued actions older than 30 days are clamped anyway; keep answers a little longer. */
const IDEMPOTENCY_RETENTION_DAYS = 45;
const DAY = 86_400_000;

export async function scheduleHousekeeping(db: Kysely<Database>, now: Date): Promise<void> {
  const next = new Date(Math.floor(now.getTime() / DAY) * DAY + DAY + 3 * 3_600_000);
  await enqueueJob(db, { kind: HOUSEKEEPING_JOB, runAt: next, uniqueKey: `${HOUSEKEEPING_JOB}:${next.toISOString().slice(0, 10)}` });
}

export function housekeepingHandler(db: Kysely<Database>, clock: () => Date, config: Config): JobHandler {
  const auth = createAuthService({ db, config, clock });
  return async () => {
    const now = clock();
    await db.deleteFrom('idempotency_records').where('created_at', '<', new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * DAY)).execute();
    await db.deleteFrom('sso_used_tokens').where('expires_at', '<', new Date(now.getTime() - DAY)).execute();
    await auth.purgeEndedSessions(now);
    await scheduleHousekeeping(db, now);
  };
}
