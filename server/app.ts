// Builds the Fastify application: external plugins, then app plugins, then routes, in the
// order below (each step relies on the ones before it). Takes an open, migrated database;
// never opens, migrates or seeds one itself, and never listens (server.ts does).
import { resolve } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { AppDeps } from './deps.ts';
import { HttpError } from './http-error.ts';
import { attributesRoutes } from './modules/attributes/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { logEventsRoutes } from './modules/log-events/routes.ts';
import { pointsRoutes } from './modules/points/routes.ts';
import { LocalGiftCardProvider, type GiftCardProvider } from './modules/rewards/gift-card-provider.ts';
import { rewardsRoutes } from './modules/rewards/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { trainingRoutes } from './modules/training/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { maintenancePlugin } from './plugins/maintenance.ts';
import { occurredAtPlugin } from './plugins/occurred-at.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticAppPlugin } from './plugins/static-app.ts';
import { enableZodValidation } from './plugins/zod.ts';

/** The largest file any upload route accepts (the reface photo limit of product-spec.md). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** Defaults to the real clock; tests pass their own to move time. */
  clock?: () => Date;
  /** The Vite build to serve; defaults to ./dist. */
  distDir?: string;
  /** pino logger options; defaults to LOG_LEVEL. Tests pass false. */
  logger?: boolean | { level: string };
  /** The gift-card provider; defaults to the local one (tests pass failing or hanging ones). */
  giftCards?: GiftCardProvider;
}

/** Request log fields; single-use SSO tokens in /sso/{token} page URLs are never logged. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/\/sso\/[^/?#]+/, '/sso/[oculto]'),
    remoteAddress: request.ip,
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const deps: AppDeps = { config, db, clock: options.clock ?? (() => new Date()) };
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, serializers: { req: serializeRequest } },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  enableZodValidation(app);

  // 1. Cross-cutting plugins that must see every request, API or not.
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(maintenancePlugin, { config });

  // 2. The API: its own context so authentication and idempotency never touch static files.
  const auth = createAuthService(deps);
  await app.register(async (api) => {
    // 2a. App plugins, in dependency order: who you are, when it happened, replay guard.
    await api.register(authPlugin, { auth });
    await api.register(occurredAtPlugin, { clock: deps.clock });
    await api.register(idempotencyPlugin, deps);
    // Uploads (reface photos, user imports): one file per request, read with request.file();
    // routes may lower these limits. An oversize file fails with 413 before it is stored.
    await api.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 }, throwFileSizeLimit: true });

    // 2b. Routes (paths as in product-spec.md section 7).
    await api.register(systemRoutes, deps);
    await api.register(authRoutes, { ...deps, auth });
    await api.register(usersRoutes, deps);
    await api.register(attributesRoutes, deps);
    await api.register(pointsRoutes, deps);
    await api.register(rewardsRoutes, { ...deps, giftCards: options.giftCards ?? new LocalGiftCardProvider({ clock: deps.clock }) });
    await api.register(trainingRoutes, deps);
    await api.register(logEventsRoutes, deps);

    api.setNotFoundHandler(async () => {
      throw new HttpError(404, 'Recurso no encontrado');
    });
  }, { prefix: '/api' });

  // 3. The built app with its SPA fallback, last: it owns every path the API does not.
  await app.register(staticAppPlugin, { distDir: options.distDir ?? resolve('dist') });

  return app;
}
