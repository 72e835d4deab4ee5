// Entry point: load the configuration, open the database (PGlite unless DATABASE_URL; its
// folder is locked to this process, so a second server on it refuses to start), migrate, seed
// the demo when the database is empty (demo mode only), start the job runner, listen, and
// print the URL, who may use demo access, that it is ready and, last, one SSO sign-in link
// per demo user (so they stay at the bottom of the terminal).
// SIGTERM/SIGINT shut down gracefully (lifecycle.ts): no new requests, in-flight requests and
// the running job finish, then the database closes. Tests run this file as a child process (server/suites).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DatabaseOpenError, openDatabase, SERVER_PID_FILE, type OpenedDatabase } from './db/open.ts';
import { HOUSEKEEPING_JOB, housekeepingHandler, scheduleHousekeeping } from './jobs/housekeeping.ts';
import { POINTS_EXPIRY_JOB, pointsExpiryHandler, schedulePointsExpiry } from './jobs/points-expiry.ts';
import { JobRunner } from './jobs/runner.ts';
import { shutDown } from './lifecycle.ts';
import { chooseLogFormat } from './logging.ts';
import { demoAccessNotice } from './modules/auth/demo-access.ts';
import { signSsoToken } from './modules/auth/sso-token.ts';
import { LocalGiftCardProvider } from './modules/rewards/gift-card-provider.ts';
import { LocalRefaceProvider } from './modules/refaces/local-provider.ts';
import { REFACE_JOB, refaceJobHandler } from './modules/refaces/processor.ts';
import { RANKING_MONTH_END_JOB, rankingMonthEndHandler, scheduleRankingMonthEnd } from './modules/rankings/month-end.ts';
import { RECONCILE_ORDER_JOB, reconcileOrderHandler } from './modules/rewards/jobs.ts';
import { DEMO_USERS } from './seed/demo-users.ts';
import { isDatabaseEmpty, seedDemo } from './seed/index.ts';

function configOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function prepareDatabase(config: Config, opened: OpenedDatabase): Promise<void> {
  await migrateToLatest(opened.db);
  if (!(await isDatabaseEmpty(opened.db))) return;
  if (!config.demoMode) {
    console.log('La base de datos no tiene usuarios: impórtalos desde /importar-usuarios o con la API.');
    return;
  }
  const started = Date.now();
  const summary = await seedDemo(opened.db, new Date());
  console.log(`Datos de demostración cargados: ${summary.users} usuarios, ${summary.ledgerRows} movimientos (${Date.now() - started} ms)`);
}

async function printBanner(config: Config, opened: OpenedDatabase): Promise<void> {
  const where = opened.kind === 'pglite' ? `PGlite en ${opened.pgliteDir}` : 'PostgreSQL';
  const lines = [`\n+impecable escuchando en ${config.publicUrl} (${where})`];
  // It listens only once the database is migrated (and seeded), so it is ready now.
  lines.push('Servidor listo: la base de datos responde.');
  if (config.demoMode) {
    lines.push(demoAccessNotice(config) ?? '');
    lines.push('Enlaces de acceso SSO (un solo uso, válidos 5 minutos; otro con `npm run sso-link -- <email>`):');
    for (const user of DEMO_USERS) {
      lines.push(`  ${user.label.padEnd(42)} ${config.publicUrl}/sso/${await signSsoToken(config.ssoSecret, user.email)}`);
    }
  }
  // One write, so log lines never land between the links.
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  const config = configOrExit();
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = opened;
  const pidFile = opened.pgliteDir ? join(opened.pgliteDir, SERVER_PID_FILE) : null;
  if (pidFile) writeFileSync(pidFile, String(process.pid));
  await prepareDatabase(config, opened);

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
    [RANKING_MONTH_END_JOB]: rankingMonthEndHandler(db, clock, { tiers: config.rankingPrizes, brand: config.brandPrize }),
  };
  const runner = new JobRunner(db, { handlers, logger: app.log });
  await scheduleHousekeeping(db, clock());
  await schedulePointsExpiry(db, clock());
  await scheduleRankingMonthEnd(db, clock());
  runner.start();

  let closingSince = 0;
  const close = async (signal: string) => {
    // Ctrl-C reaches both `npm start`'s wrapper and this process, so the same signal can
    // arrive twice at once; only a later, deliberate second signal forces the exit.
    if (closingSince > 0) {
      if (Date.now() - closingSince > 2_000) process.exit(1);
      return;
    }
    closingSince = Date.now();
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
    process.exit(code);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  await printBanner(config, opened);
}

main().catch((error: unknown) => {
  // A problem the operator must fix (the data folder) is one Spanish sentence, not a stack trace.
  if (error instanceof DatabaseOpenError) console.error(`No se pudo arrancar el servidor: ${error.message}`);
  else console.error('No se pudo arrancar el servidor:', error);
  process.exit(1);
});
