// Runs the forward-only migrations, in file order, from a static list (no folder scan, so
// bundling or a missing file can never silently skip one). Never seeds data.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as foundation from './migrations/0001-foundation.ts';
import * as training from './migrations/0002-training.ts';
import * as rewards from './migrations/0003-rewards.ts';
import * as quiz from './migrations/0004-quiz.ts';
import * as rankings from './migrations/0005-rankings.ts';
import * as admin from './migrations/0006-admin.ts';
import * as refaces from './migrations/0007-refaces.ts';
import * as robustness from './migrations/0008-robustness.ts';
import * as importAudit from './migrations/0009-import-audit.ts';
import * as impersonationSessions from './migrations/0010-impersonation-sessions.ts';
import * as serverObserved from './migrations/0011-server-observed.ts';
import * as balanceAndSessionCache from './migrations/0012-balance-and-session-cache.ts';
import * as rateLimits from './migrations/0013-rate-limits.ts';
import * as coaching from './migrations/0014-coaching.ts';
import * as notifications from './migrations/0015-notifications.ts';
import * as readCache from './migrations/0016-read-cache.ts';
import * as balanceCache from './migrations/0017-balance-cache.ts';
import * as progressNotCached from './migrations/0018-progress-not-cached.ts';
import * as exactlyOnce from './migrations/0019-exactly-once.ts';
import * as deviceClocks from './migrations/0020-device-clocks.ts';
import * as readinessProbe from './migrations/0021-readiness-probe.ts';
import * as adminAudit from './migrations/0022-admin-audit.ts';
import * as programme from './migrations/0023-programme.ts';
import * as settingsNotify from './migrations/0028-settings-notify.ts';
import * as programmeAttributes from './migrations/0030-programme-attributes.ts';
import * as videoProcessing from './migrations/0031-video-processing.ts';
import * as videoRenditions from './migrations/0032-video-renditions.ts';
import * as repaso from './migrations/0040-repaso.ts';
import * as timeAccommodation from './migrations/0043-time-accommodation.ts';
import type { Database } from './schema.ts';

/** Add each new migration here, named by its file; names sort in the order they run. */
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-training': training,
  '0003-rewards': rewards,
  '0004-quiz': quiz,
  '0005-rankings': rankings,
  '0006-admin': admin,
  '0007-refaces': refaces,
  '0008-robustness': robustness,
  '0009-import-audit': importAudit,
  '0010-impersonation-sessions': impersonationSessions,
  '0011-server-observed': serverObserved,
  '0012-balance-and-session-cache': balanceAndSessionCache,
  '0013-rate-limits': rateLimits,
  '0014-coaching': coaching,
  '0015-notifications': notifications,
  '0016-read-cache': readCache,
  '0017-balance-cache': balanceCache,
  '0018-progress-not-cached': progressNotCached,
  '0019-exactly-once': exactlyOnce,
  '0020-device-clocks': deviceClocks,
  '0021-readiness-probe': readinessProbe,
  '0022-admin-audit': adminAudit,
  '0023-programme': programme,
  '0028-settings-notify': settingsNotify,
  '0030-programme-attributes': programmeAttributes,
  '0031-video-processing': videoProcessing,
  '0032-video-renditions': videoRenditions,
  '0040-repaso': repaso,
  '0043-time-accommodation': timeAccommodation,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Kysely looks for its bookkeeping table in every schema unless told which one: name the
  // current schema, so another schema's migrations (a shared database) are never mistaken for ours.
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const migrator = new Migrator({ db, provider, migrationTableSchema: rows[0]?.schema ?? 'public' });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'desconocida';
    throw new Error(`La migración ${failed} ha fallado`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
