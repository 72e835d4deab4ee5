// Entry point: load the configuration, open the database (PGlite unless DATABASE_URL; its
// folder is locked to this process, so a second server on it refuses to start), migrate, seed
// the demo when the database is empty (demo mode only), start the job runner, listen, and
// print the URL, that it is ready, whether maintenance is on (start-banner.ts), who may use
// demo access and, last, one SSO sign-in link per demo user (so they stay at the bottom of the terminal).
// SIGTERM/SIGINT shut down gracefully (lifecycle.ts): no new requests, in-flight requests and
// the running job finish, then the database closes. WORKERS=n (PostgreSQL only): this process
// migrates and seeds, then forks n workers that share the port, each with its own pool, app and
// job runner, restarts one that dies and passes the signal on to them at shutdown.
// Tests run this file as a child process (server/suites).
import cluster from 'node:cluster';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MaintenanceSetting } from '#domain/programme-settings';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DatabaseOpenError, openDatabase, SERVER_PID_FILE, type OpenedDatabase } from './db/open.ts';
import { assertMediaBucketReachable, MediaBucketError } from './media/s3-store.ts';
import { HOUSEKEEPING_JOB, housekeepingHandler, scheduleHousekeeping } from './jobs/housekeeping.ts';
import { POINTS_EXPIRY_JOB, pointsExpiryHandler, schedulePointsExpiry } from './jobs/points-expiry.ts';
import { JobRunner } from './jobs/runner.ts';
import { shutDown, superviseWorkers } from './lifecycle.ts';
import { chooseLogFormat } from './logging.ts';
import { demoAccessNotice } from './modules/auth/demo-access.ts';
import { readMaintenance } from './modules/programme/settings/repository.ts';
import { videoJobHandlers } from './modules/programme/videos/processing.ts';
import { signSsoToken } from './modules/auth/sso-token.ts';
import { LocalGiftCardProvider } from './modules/rewards/gift-card-provider.ts';
import { LocalRefaceProvider } from './modules/refaces/local-provider.ts';
import { REFACE_JOB, refaceJobHandler } from './modules/refaces/processor.ts';
import { RANKING_MONTH_END_JOB, rankingMonthEndHandler, scheduleRankingMonthEnd } from './modules/rankings/month-end.ts';
import { notificationJobHandlers, startNotifications } from './modules/notifications/jobs.ts';
import { repasoReminderHandlers, scheduleRepasoReminders } from '#server/modules/repaso/reminders';
import { RECONCILE_ORDER_JOB, reconcileOrderHandler } from './modules/rewards/jobs.ts';
import { prepareDatabase, preparedNotice } from './prepare-database.ts';
import { DEMO_USERS } from './seed/demo-users.ts';
import { startBanner } from './start-banner.ts';

function configOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/**
 * The maintenance setting at start, for the banner; null if the database does not answer it
 * within 2 s (the banner, and with WORKERS=n the workers, must not wait on it).
 */
async function maintenanceAtStart(opened: OpenedDatabase): Promise<MaintenanceSetting | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), 2_000);
  });
  const read = readMaintenance(opened.db).then((stored) => stored.setting, () => null);
  return Promise.race([read, late]).finally(() => clearTimeout(timer));
}

async function printBanner(config: Config, opened: OpenedDatabase, maintenance: MaintenanceSetting | null): Promise<void> {
  const processes = config.workers > 1 ? `, ${config.workers} procesos` : '';
  const where = opened.kind === 'pglite' ? `PGlite en ${opened.pgliteDir}` : `PostgreSQL${processes}`;
  const links = config.demoMode
    ? await Promise.all(DEMO_USERS.map(async (user) => ({ label: user.label, url: `${config.publicUrl}/sso/${await signSsoToken(config.ssoSecret, user.email)}` })))
    : [];
  const demo = config.demoMode ? { notice: demoAccessNotice(config), links } : null;
  console.log(startBanner({ publicUrl: config.publicUrl, where, maintenance, maintenanceForcedOff: config.maintenanceForceOff, demo }));
}

/** SIGTERM and SIGINT run `close` once; a later, deliberate second signal forces the exit. */
function onStopSignals(close: (signal: string) => Promise<number>): void {
  let closingSince = 0;
  const handle = (signal: string) => {
    // Ctrl-C reaches both `npm start`'s wrapper and this process, so the same signal can
    // arrive twice at once; only a later, deliberate second signal forces the exit.
    if (closingSince > 0) {
      if (Date.now() - closingSince > 2_000) process.exit(1);
      return;
    }
    closingSince = Date.now();
    void close(signal).then((code) => process.exit(code));
  };
  process.on('SIGTERM', () => handle('SIGTERM'));
  process.on('SIGINT', () => handle('SIGINT'));
  // A worker whose primary is gone can receive no more connections: it closes too.
  if (cluster.isWorker) process.on('disconnect', () => handle('disconnect'));
}

/** One instance: the app, its job runner and the schedules (unique keys: n instances queue each once). */
async function serve(config: Config, opened: OpenedDatabase, pidFile: string | null): Promise<void> {
  const { db } = opened;
  // One provider for the API and the reconcile job: the local one answers a repeated order id from memory.
  const giftCards = new LocalGiftCardProvider();
  // Short lines for a person at a terminal, JSON for anything else (logging.ts).
  const logFormat = chooseLogFormat(config.logFormat, config.isProduction, process.stdout.isTTY === true);
  const app = await buildApp({ config, db, giftCards, distDir: config.distDir, logFormat });
  const clock = () => new Date();
  const handlers = {
    [HOUSEKEEPING_JOB]: housekeepingHandler(db, clock, config),
    [POINTS_EXPIRY_JOB]: pointsExpiryHandler(db, clock),
    [RECONCILE_ORDER_JOB]: reconcileOrderHandler({ db, clock }, giftCards),
    [REFACE_JOB]: refaceJobHandler({ db, clock }, new LocalRefaceProvider(), app.log),
    [RANKING_MONTH_END_JOB]: rankingMonthEndHandler(db, clock, app.log),
    ...notificationJobHandlers({ db, config, clock }, app.log),
    ...repasoReminderHandlers({ db, clock }),
    // One transcoding at a time beside the loop (issue 36), into the store the app serves from.
    ...videoJobHandlers({ db, media: app.media, logger: app.log }),
  };
  // Claims are FOR UPDATE SKIP LOCKED (jobs/runner.ts): every process runs one runner safely.
  const runner = new JobRunner(db, { handlers, logger: app.log });
  await scheduleHousekeeping(db, clock());
  await schedulePointsExpiry(db, clock());
  await scheduleRankingMonthEnd(db, clock());
  await startNotifications({ db, config }, clock());
  await scheduleRepasoReminders(db, clock());
  runner.start();

  onStopSignals(async (signal) => {
    app.log.info({ signal }, 'closing: no new requests; finishing requests in flight and the running job');
    let code = 0;
    try {
      const outcome = await shutDown({ app, runner, db });
      if (outcome === 'timed-out') {
        app.log.error({ signal }, 'shutdown timed out: exiting with work unfinished');
        code = 1;
      } else app.log.info({ signal }, 'closed');
    } catch (error) {
      console.error('Error al cerrar:', error);
      code = 1;
    }
    if (pidFile) rmSync(pidFile, { force: true });
    return code;
  });

  await app.listen({ port: config.port, host: config.host });
  // With WORKERS=n the primary prints the banner once every worker listens.
  if (cluster.isPrimary) await printBanner(config, opened, await maintenanceAtStart(opened));
}

async function main(): Promise<void> {
  const config = configOrExit();
  // A worker (WORKERS=n): the primary already migrated and seeded; it opens its own pool.
  if (cluster.isWorker) return serve(config, await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }), null);
  // The S3 media bucket must exist and take the credentials before anything opens (else the first upload fails).
  if (config.mediaS3) await assertMediaBucketReachable(config.mediaS3);

  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const pidFile = opened.pgliteDir ? join(opened.pgliteDir, SERVER_PID_FILE) : null;
  if (pidFile) writeFileSync(pidFile, String(process.pid));
  const notice = preparedNotice(await prepareDatabase(config, opened));
  if (notice) console.log(notice);
  if (config.workers === 1) return serve(config, opened, pidFile);
  // Read before this process lets go of its pool: the workers print no banner.
  const maintenance = await maintenanceAtStart(opened);

  // WORKERS=n (PostgreSQL only, config.ts): n processes share the port; this one only supervises.
  await opened.db.destroy();
  const supervisor = superviseWorkers(cluster, {
    workers: config.workers,
    onReady: () => void printBanner(config, opened, maintenance),
    say: (line) => console.log(line),
    onGiveUp: (code) => process.exit(code),
  });
  onStopSignals(async (signal) => {
    console.log(`Cerrando (${signal}): cada proceso termina sus peticiones y su tarea en curso.`);
    const code = await supervisor.stop(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    console.log(code === 0 ? 'Servidor cerrado.' : 'Servidor cerrado con trabajo sin terminar.');
    return code;
  });
}

main().catch((error: unknown) => {
  // A problem the operator must fix (the data folder, the S3 media bucket) is one Spanish sentence, not a stack trace.
  if (error instanceof DatabaseOpenError || error instanceof MediaBucketError) console.error(`No se pudo arrancar el servidor: ${error.message}`);
  else console.error('No se pudo arrancar el servidor:', error);
  process.exit(1);
});
