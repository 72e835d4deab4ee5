// The per-user write quota: queued writes (routes with `config.idempotent`) and the actions of
// a batch (POST /api/sync, `config.carriesActions`, each action one write) draw from one
// allowance per user: a burst (a device back online with its whole outbox), then a sustained
// rate. Past it: 429 with Retry-After and a Spanish error, and nothing is stored. A batch is
// counted whole before it runs (one statement), its actions are not counted again at their
// routes; an answer replayed from its Idempotency-Key, or a 5xx that stored nothing, is given
// back. Counters live in the database (rate_limit_hits, as the sign-in limits), so every
// instance on it spends one allowance per user.
//
// The allowance is a generic cell rate algorithm: one timestamp per user, the moment their
// bucket would be full again (`window_ends_at`). A write costs 60 000 / perMinute ms of it; a
// request is taken while that moment stays within `burst` writes' worth of time from now.
// Rows whose moment has passed (a full bucket, the same as no row) are deleted lazily.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { WriteQuota } from '#server/config';
import type { Database } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { isBatchAction } from '#server/modules/sync/gate';
import { appPlugin } from './plugin.ts';

export const TOO_MANY_WRITES = 'Demasiadas acciones en poco tiempo. Espera un momento y se enviarán solas.';
/** rate_limit_hits.route_key of the quota (the sign-in limits use "METHOD /url"). */
const QUOTA_KEY = 'writes';
const SWEEP_EVERY_MS = 5 * 60_000;
/**
 * A FROM item that lets the statement commit without waiting for its own WAL flush (as the
 * idempotency records do): a count lost to a database crash only lets a user write a little
 * more, and a write costs no fsync for its quota.
 */
const asynchronousCommit = sql`(SELECT set_config('synchronous_commit', 'off', true)) AS asynchronous_commit`;

declare module 'fastify' {
  interface FastifyRequest {
    /** Writes this request took from its user's quota (given back if nothing was stored). */
    quotaCharged: number;
  }
}

export interface WriteQuotaOptions {
  db: Kysely<Database>;
  clock: () => Date;
  quota: WriteQuota;
}

/** The quota's two statements: take `writes` (or say how long until they fit) and give them back. */
export function createWriteQuota({ db, clock, quota }: WriteQuotaOptions) {
  const costMs = 60_000 / quota.perMinute;
  let sweptAt = 0;

  async function sweep(now: Date): Promise<void> {
    if (Math.abs(now.getTime() - sweptAt) < SWEEP_EVERY_MS) return;
    sweptAt = now.getTime();
    await db.deleteFrom('rate_limit_hits').where('route_key', '=', QUOTA_KEY).where('window_ends_at', '<', now).execute();
  }

  return {
    /** Takes `writes` from the user's allowance: null when taken, else the seconds until they fit. */
    async take(userId: number, writes: number): Promise<number | null> {
      const now = clock();
      await sweep(now);
      const spent = sql`(excluded.window_ends_at - ${now})`;
      const next = sql<Date>`GREATEST(r.window_ends_at, ${now}) + ${spent}`;
      const limit = new Date(now.getTime() + quota.burst * costMs);
      const { rows } = await sql<{ window_ends_at: Date }>`
        INSERT INTO rate_limit_hits AS r (route_key, client_key, hits, window_ends_at)
        SELECT ${QUOTA_KEY}, ${String(userId)}, ${writes}::int, ${new Date(now.getTime() + writes * costMs)}::timestamptz FROM ${asynchronousCommit}
        ON CONFLICT (route_key, client_key) DO UPDATE SET hits = r.hits + excluded.hits, window_ends_at = ${next}
        WHERE ${next} <= ${limit}
        RETURNING r.window_ends_at`.execute(db);
      if (rows.length > 0) return null;
      const full = await db.selectFrom('rate_limit_hits').select('window_ends_at')
        .where('route_key', '=', QUOTA_KEY).where('client_key', '=', String(userId)).executeTakeFirst();
      const from = Math.max(now.getTime(), full ? new Date(full.window_ends_at).getTime() : 0);
      return Math.max(1, Math.ceil((from + writes * costMs - limit.getTime()) / 1000));
    },

    /** Gives `writes` back (a replayed answer, a failure that stored nothing). */
    async giveBack(userId: number, writes: number): Promise<void> {
      const now = clock();
      await sql`
        UPDATE rate_limit_hits SET hits = GREATEST(hits - ${writes}, 0),
          window_ends_at = GREATEST(window_ends_at - ${writes * costMs} * interval '1 millisecond', ${now})
        FROM ${asynchronousCommit}
        WHERE route_key = ${QUOTA_KEY} AND client_key = ${String(userId)}`.execute(db);
    },
  };
}

/** How many actions a batch's answer has a result for (0 when it is not a batch answer). */
function resultsIn(payload: unknown): number {
  if (typeof payload !== 'string') return 0;
  try {
    const results = (JSON.parse(payload) as { resultados?: unknown }).resultados;
    return Array.isArray(results) ? results.length : 0;
  } catch {
    return 0;
  }
}

function refuse(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new HttpError(429, TOO_MANY_WRITES);
}

export const writeQuotaPlugin = appPlugin<WriteQuotaOptions>('write-quota', async (app: FastifyInstance, options) => {
  const quota = createWriteQuota(options);
  app.decorateRequest('quotaCharged', 0);
  // Writes that actions of a running batch stored nothing for (replays, 5xx), per user: their
  // batch gives them back with its own, in one statement, when it answers.
  const storedNothingInBatch = new Map<number, number>();

  async function charge(request: FastifyRequest, reply: FastifyReply, writes: number): Promise<void> {
    const userId = request.user?.id;
    if (userId === undefined || writes === 0) return;
    const wait = await quota.take(userId, writes);
    if (wait !== null) throw refuse(reply, wait);
    request.quotaCharged = writes;
  }

  // A single queued write, before the idempotency plugin claims its key (registered after
  // this one): a refused write leaves no stored answer behind, so its retry can still succeed.
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true || isBatchAction(request)) return;
    await charge(request, reply, 1);
  });

  // A batch, once its body is valid: every action it carries, in one statement.
  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.carriesActions !== true) return;
    const actions = (request.body as { acciones?: unknown } | undefined)?.acciones;
    await charge(request, reply, Array.isArray(actions) ? actions.length : 0);
  });

  // What stored nothing new is given back: a replayed answer, a server failure, and the actions
  // a batch did not get to (it stops at the first answer to retry). A batch's own actions give
  // theirs back with the batch, in its one statement.
  app.addHook('onSend', async (request, reply, payload) => {
    const userId = request.user?.id;
    if (userId === undefined) return payload;
    const config = request.routeOptions.config;
    const storedNothing = reply.getHeader('idempotent-replayed') === 'true' || reply.statusCode >= 500;
    if (config.carriesActions === true && request.quotaCharged > 0) {
      const unrun = reply.statusCode >= 500 ? request.quotaCharged : request.quotaCharged - resultsIn(payload);
      const back = Math.max(0, unrun) + (storedNothingInBatch.get(userId) ?? 0);
      storedNothingInBatch.delete(userId);
      if (back > 0) await quota.giveBack(userId, back);
    } else if (config.idempotent === true && storedNothing) {
      if (isBatchAction(request)) storedNothingInBatch.set(userId, (storedNothingInBatch.get(userId) ?? 0) + 1);
      else if (request.quotaCharged > 0) await quota.giveBack(userId, 1);
    }
    return payload;
  });
});
