// Public system routes: GET /api/health (liveness: the process answers; never touches the
// database), GET /api/health/ready (readiness: a database round trip within a short limit, or a
// Spanish 503) and GET /api/config (what the app needs before sign-in). Never exposes secrets.
import type { FastifyInstance } from 'fastify';
import { healthSchema, SYSTEM_PATHS } from '#contract/common';
import { appConfigSchema } from '#contract/session';
import type { AppDeps } from '#server/deps';
import { HttpError } from '#server/http-error';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { DEMO_USERS } from '#server/seed/demo-users';
import { pingDatabase } from './repository.ts';

/** A database slower than this to answer `select 1` is not ready: load balancers ask often. */
export const READY_TIMEOUT_MS = 2_000;
export const DATABASE_NOT_READY = 'La base de datos no responde';

/** Resolves when the database answers within READY_TIMEOUT_MS, rejects otherwise. */
async function databaseAnswers(db: AppDeps['db']): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([pingDatabase(db), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function systemRoutes(app: FastifyInstance, { config, db }: Pick<AppDeps, 'config' | 'db'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const health = { config: { auth: 'public' as const }, schema: { response: replies(healthSchema) } };

  api.get(SYSTEM_PATHS.health, health, async () => ({ status: 'ok' as const }));

  api.get(SYSTEM_PATHS.ready, health, async (request) => {
    try {
      await databaseAnswers(db);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      throw new HttpError(503, DATABASE_NOT_READY);
    }
    return { status: 'ok' as const };
  });

  api.get(SYSTEM_PATHS.config, { config: { auth: 'public' }, schema: { response: replies(appConfigSchema) } }, async () => ({
    googleClientId: config.googleClientId,
    demoMode: config.demoMode,
    demoUsers: config.demoMode ? DEMO_USERS.map(({ email, label }) => ({ email, label })) : [],
    partnerRedeemUrl: config.partnerRedeemUrl,
    supervisorIdleMinutes: config.supervisorIdleMinutes,
    maintenance: config.maintenanceState,
    corporateDomain: config.corporateDomain,
  }));
}
