// Builds the Fastify application: external plugins, then app plugins, then routes, in the
// order below (each step relies on the ones before it). Takes an open, migrated database;
// never opens, migrates or seeds one itself, and never listens (server.ts does).
import { resolve } from 'node:path';
import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { API_BASE } from '#contract/common';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/schema.ts';
import type { AppDeps } from './deps.ts';
import { HttpError } from './http-error.ts';
import { answerClientError, connectionCap, httpServerOptions } from './http-limits.ts';
import { TerminalLogController, terminalStream, type LogFormat } from './logging.ts';
import { firstBannerArt } from '#domain/training';
import { createAttributesRepository } from './modules/attributes/repository.ts';
import { attributesRoutes } from './modules/attributes/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { coachingRoutes } from './modules/coaching/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { logEventsRoutes } from './modules/log-events/routes.ts';
import { navigationRoutes } from './modules/navigation/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { repasoRoutes } from '#server/modules/repaso/routes';
import { orderSummaryRoutes } from './modules/order-summary/routes.ts';
import { pointsRoutes } from './modules/points/routes.ts';
import { quizRoutes } from './modules/quiz/routes.ts';
import { rankingRoutes } from './modules/rankings/routes.ts';
import { ReadCache } from './read-cache.ts';
import { listenForInvalidations } from './modules/auth/session-channel.ts';
import { refacesRoutes } from './modules/refaces/routes.ts';
import { syncGatePlugin } from './modules/sync/gate.ts';
import { syncRoutes } from './modules/sync/routes.ts';
import { LocalGiftCardProvider, type GiftCardProvider } from './modules/rewards/gift-card-provider.ts';
import { rewardsRoutes } from './modules/rewards/routes.ts';
import { firstProductImage } from './modules/rewards/repository.ts';
import { programmeRoutes } from './modules/programme/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { trainingRoutes } from './modules/training/routes.ts';
import { userImportRoutes } from './modules/user-import/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { loadSheddingPlugin } from './plugins/load-shedding.ts';
import { maintenancePlugin } from './plugins/maintenance.ts';
import { occurredAtPlugin } from './plugins/occurred-at.ts';
import { securityPlugin } from './plugins/security.ts';
import { inlineScriptSources, staticAppPlugin } from './plugins/static-app.ts';
import { writeQuotaPlugin } from './plugins/write-quota.ts';
import { mediaRoutes } from './media/routes.ts';
import { createS3MediaStore } from './media/s3-store.ts';
import { secureCookies } from './media/access-cookie.ts';
import { createFolderMediaStore, type MediaStore } from './media/store.ts';
import { enableZodSerialization, enableZodValidation } from './plugins/zod.ts';

/** The largest file any upload route accepts (the reface photo limit of product-spec.md). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  /** Defaults to the real clock; tests pass their own to move time. */
  clock?: () => Date;
  /** The Vite build to serve; defaults to ./dist. */
  distDir?: string;
  /** pino logger: false for none; defaults to LOG_LEVEL on stdout. Tests may pass a stream to read the lines. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** 'json' (the default): pino's lines; 'pretty': short lines for a terminal (logging.ts). */
  logFormat?: LogFormat;
  /** Called for every route as it is added (the authorization matrix lists the real routes this way). */
  onRoute?: (route: RouteOptions) => void;
  /** The gift-card provider; defaults to the local one (tests pass failing or hanging ones). */
  giftCards?: GiftCardProvider;
  /** The media store; defaults to the S3 bucket of MEDIA_S3_*, else the folder DATA_DIR/media (tests pass their own). */
  media?: MediaStore;
}

/** Request log fields; single-use SSO tokens in /sso/{token} page URLs are never logged. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/\/sso\/[^/?#]+/, '/sso/[oculto]'),
    remoteAddress: request.ip,
  };
}

export const REQUEST_ID_HEADER = 'x-request-id';
/** A caller's (a proxy's) id is kept only when it is short and plain; anything else gets a fresh UUID. */
const REQUEST_ID_PATTERN = /^[\w.:-]{8,64}$/;

function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/**
 * Structured logs: one JSON line per event with the request id (reqId), never a credential.
 * Headers and bodies are not logged at all (so no bearer token, Google access token, sync
 * token or photo); the redact list is the second lock, for objects a handler logs by mistake.
 * 'pretty' formats the same redacted lines for a person at a terminal (logging.ts).
 */
function loggerOptions(options: BuildAppOptions['logger'], level: string, format: LogFormat) {
  if (options === false) return false;
  const chosen = typeof options === 'object' ? options : { level };
  return {
    ...chosen,
    ...(format === 'pretty' ? { stream: terminalStream(chosen.stream ?? process.stdout) } : {}),
    serializers: { req: serializeRequest },
    redact: {
      paths: [
        // @fastify/multipart logs its busboy options, request headers included, at trace level.
        'busboyOptions.headers.authorization', 'busboyOptions.headers.cookie', '*.headers.authorization', '*.headers.cookie',
        'req.headers.authorization', 'headers.authorization', 'headers.cookie', 'authorization', 'token', 'sync_token', 'access_token',
        '*.token', '*.sync_token', '*.access_token', 'data.token', 'data.sync_token', 'photo', '*.photo', 'bytes', '*.bytes',
      ],
      censor: '[oculto]',
    },
  };
}
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const deps: AppDeps = { config, db, clock: options.clock ?? (() => new Date()) };
  const media = options.media ?? (config.mediaS3 ? createS3MediaStore(config.mediaS3) : createFolderMediaStore(resolve(config.dataDir, 'media')));
  const logFormat = options.logFormat ?? 'json';
  const logger = loggerOptions(options.logger ?? true, config.logLevel, logFormat);
  // On a terminal, one short line for a failed or slow request instead of two JSON lines for each.
  const terminalLog = logger && logFormat === 'pretty' ? new TerminalLogController() : null;
  const app = Fastify({
    ...(logger ? { logger } : { logger: false }),
    ...(terminalLog ? { logController: terminalLog } : {}),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Slow and idle clients are cut off (slowloris, trickled bodies, parked sockets): http-limits.ts.
    ...httpServerOptions(config.httpLimits),
    clientErrorHandler: answerClientError,
    // Every log line of a request carries its id, and the response says it (X-Request-Id), so a
    // user's report ("it failed at 10:02") and the server's log meet on one value.
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Malformed URLs (bad percent-encoding, over-long path parameters) are refused by the
    // router before any hook runs: answer them in the API's own shape and language.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // The generic reply type of this hook carries no route schema: plain FastifyReply is what it is.
      void (reply as FastifyReply).code(tooLong ? 414 : 400).send({ success: false, error: tooLong ? 'La dirección es demasiado larga' : 'La dirección no es válida' });
    },
  });
  // Connections over the cap are dropped at once, before they can exhaust file descriptors.
  app.server.maxConnections = connectionCap(config.httpLimits);
  // The media store, also for this process's jobs (the video processing: programme/videos/processing.ts).
  app.decorate('media', media);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  terminalLog?.summarizeEvery(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  enableZodValidation(app);
  // Answers are written with their route's contract schema, and checked against it outside production.
  enableZodSerialization(app, { strict: config.checkResponses });

  // 1. Cross-cutting plugins that must see every request, API or not.
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, { config, db, clock: deps.clock, inlineScripts: inlineScriptSources(resolve(options.distDir ?? 'dist')) });
  await app.register(maintenancePlugin, { config, db });
  // Overload: API requests past what this process works on at once wait briefly, then get 503.
  await app.register(loadSheddingPlugin, { limits: config.admission });

  // Ranking and Seguimiento reads, balances and the page's first banner are cached per process
  // (read-cache.ts) while it hears every instance's changes by NOTIFY.
  const readCache = new ReadCache();
  const readInvalidations = await listenForInvalidations(deps.db, readCache);
  app.addHook('onClose', async () => {
    await readInvalidations.stop();
  });

  // 2. The API: its own context so authentication and idempotency never touch static files.
  const auth = createAuthService(deps);
  await app.register(async (api) => {
    // 2a. App plugins, in dependency order: who you are, when it happened, replay guard.
    // Batch sync's gate first: an action of a batch that no idempotent route takes ends before any session lookup.
    await api.register(syncGatePlugin);
    await api.register(authPlugin, { auth, secureCookies: secureCookies(config.publicUrl) });
    await api.register(occurredAtPlugin, { clock: deps.clock });
    // Before the replay guard: a write refused by the quota leaves no stored answer behind.
    await api.register(writeQuotaPlugin, { db: deps.db, clock: deps.clock, quota: config.writeQuota });
    await api.register(idempotencyPlugin, deps);
    // Uploads (reface photos, user imports): one file per request, read with request.file();
    // routes may lower these limits. An oversize file fails with 413 before it is stored.
    await api.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 }, throwFileSizeLimit: true });
    // A write answered here that moves rankings also empties this process's read cache before
    // its answer leaves, so the writer's very next read sees it.
    api.addHook('onSend', async (request, reply, payload) => {
      const route = request.routeOptions.config;
      if (reply.statusCode < 400 && (route.earnsPoints === true || route.changesReads === true)) readCache.evictReads();
      // Whatever the caller wrote may have moved its own balance (earning, redeeming, a batch).
      if (reply.statusCode < 400 && request.method !== 'GET' && request.user) readCache.evictBalance(request.user.id);
      return payload;
    });

    // 2b. Routes (paths as in product-spec.md section 7).
    await api.register(systemRoutes, deps);
    await api.register(authRoutes, { ...deps, auth });
    await api.register(usersRoutes, deps);
    await api.register(attributesRoutes, deps);
    await api.register(pointsRoutes, { ...deps, cache: readCache });
    await api.register(rewardsRoutes, { ...deps, giftCards: options.giftCards ?? new LocalGiftCardProvider({ clock: deps.clock }) });
    await api.register(trainingRoutes, deps);
    await api.register(quizRoutes, deps);
    await api.register(rankingRoutes, { ...deps, cache: readCache });
    await api.register(logEventsRoutes, deps);
    await api.register(navigationRoutes, deps);
    await api.register(coachingRoutes, { ...deps, cache: readCache });
    await api.register(orderSummaryRoutes, deps);
    await api.register(userImportRoutes, deps);
    await api.register(refacesRoutes, deps);
    await api.register(notificationsRoutes, deps);
    await api.register(repasoRoutes, deps);
    await api.register(programmeRoutes, { ...deps, media });
    await api.register(syncRoutes, { batchTimeBudgetMs: config.admission.batchTimeBudgetMs });

    api.setNotFoundHandler(async () => {
      throw new HttpError(404, 'Recurso no encontrado');
    });
  }, { prefix: API_BASE });

  // 3. The media store's files (outside /api: <video>, <img> and the service worker fetch them).
  await app.register(mediaRoutes, { db: deps.db, media, auth, secureCookies: secureCookies(config.publicUrl) });

  // 4. The built app with its SPA fallback, last: it owns every path the API does not.
  const attributes = createAttributesRepository(deps.db);
  await app.register(staticAppPlugin, {
    distDir: resolve(options.distDir ?? 'dist'),
    firstBanner: () => readCache.read('page.firstBanner', async () => firstBannerArt(await attributes.list())),
    firstPrize: () => readCache.read('page.firstPrize', () => firstProductImage(deps.db)),
  });

  return app;
}
