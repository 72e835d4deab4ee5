// Public system routes: GET /api/health (liveness: the process answers; never touches the
// database), GET /api/health/ready (readiness: the database answers and takes a write, within a
// short limit, or a Spanish 503) and GET /api/config (what the app needs before sign-in). Never
// exposes secrets.
import type { FastifyInstance } from 'fastify';
import { healthSchema, SYSTEM_PATHS } from '#contract/common';
import { appConfigSchema } from '#contract/session';
import type { AppDeps } from '#server/deps';
import { HttpError } from '#server/http-error';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { prizesInForce } from '#server/modules/programme/prizes/repository';
import { DEMO_USERS } from '#server/seed/demo-users';
import { pingDatabase, probeWrite } from './repository.ts';

/** A database slower than this to answer is not ready: load balancers ask often. */
export const READY_TIMEOUT_MS = 2_000;
/** A write that worked is trusted this long: a balancer polling readiness costs at most one write a second. */
export const WRITE_PROBE_EVERY_MS = 1_000;
export const DATABASE_NOT_READY = 'La base de datos no responde';
export const DATABASE_READ_ONLY = 'La base de datos no acepta escrituras';

/** Resolves with `promise`, or rejects once READY_TIMEOUT_MS have passed. */
async function withinReadyTimeout(promise: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** probeWrite, run again only once the last success is WRITE_PROBE_EVERY_MS old; callers meanwhile share one run. */
function writeProbe(db: AppDeps['db']): () => Promise<void> {
  let succeededAt = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | null = null;
  return () => {
    if (performance.now() - succeededAt < WRITE_PROBE_EVERY_MS) return Promise.resolve();
    running ??= probeWrite(db)
      .then(() => {
        succeededAt = performance.now();
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
}

export async function systemRoutes(app: FastifyInstance, { config, db, clock }: Pick<AppDeps, 'config' | 'db' | 'clock'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const health = { config: { auth: 'public' as const }, schema: { response: replies(healthSchema) } };

  api.get(SYSTEM_PATHS.health, health, async () => ({ status: 'ok' as const }));

  const writesWork = writeProbe(db);
  api.get(SYSTEM_PATHS.ready, health, async (request) => {
    try {
      await withinReadyTimeout(pingDatabase(db));
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      throw new HttpError(503, DATABASE_NOT_READY);
    }
    try {
      await withinReadyTimeout(writesWork());
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not take a write');
      throw new HttpError(503, DATABASE_READ_ONLY);
    }
    return { status: 'ok' as const };
  });

  api.get(SYSTEM_PATHS.config, { config: { auth: 'public' }, schema: { response: replies(appConfigSchema) } }, async () => ({
    googleClientId: config.googleClientId,
    demoMode: config.demoMode,
    demoUsers: config.demoMode ? DEMO_USERS.map(({ email, label }) => ({ email, label })) : [],
    partnerRedeemUrl: config.partnerRedeemUrl,
    supervisorIdleMinutes: config.supervisorIdleMinutes,
    // The setting every instance applies (plugins/maintenance.ts); 0 while MAINTENANCE_FORCE_OFF.
    maintenance: app.maintenance.forcedOff ? 0 : (await app.maintenance.current()).state,
    corporateDomain: config.corporateDomain,
    premios: await prizesInForce(db, clock()),
  }));
}
