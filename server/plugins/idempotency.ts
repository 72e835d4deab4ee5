// Exactly-once answers for queued writes: routes with `config.idempotent` and an
// Idempotency-Key header store their first response per (user, key) and replay it verbatim
// (status and body). Same key with another request: 422. A duplicate while the first still
// runs, here or on another instance, however long it takes: 409 "en curso" with Retry-After
// (the outbox waits and asks again). A claim is taken over only when the run that held it is
// gone: this process knows its own runs, other instances are judged by their heartbeat
// (instance-registry.ts). 5xx answers are not stored, so the client's retry can still succeed.
// A stored answer is durable before it is sent. Effects that a run after a crash could repeat
// keep the key themselves (request.idempotency.key, under a unique index).
// Never stores anything for requests without a signed-in user or without the header.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '#contract/common';
import { HttpError } from '#server/http-error';
import { createIdempotencyStore, requestHash } from './idempotency-store.ts';
import { createInstanceRegistry } from './instance-registry.ts';
import { appPlugin } from './plugin.ts';
import type { AppDeps } from '#server/deps';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Store and replay the first response per Idempotency-Key. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { userId: number; key: string; inBatch: boolean } | null;
  }
  interface FastifyInstance {
    batchClaims: BatchClaims;
  }
}

/**
 * Keys a batch (POST /sync) claimed for its actions in one statement before running them. The
 * action's own request takes its claim from here instead of claiming again, by showing the
 * batch's ticket (BATCH_TICKET_HEADER): a random value only this process knows, so no other
 * request, and no client, can take a batch's claim. What no action took is released.
 */
export interface BatchClaims {
  /** Claims the keys no one holds yet: those claimed (the others go through `begin`) and the ticket. */
  claim(userId: number, claims: readonly { key: string; hash: string }[]): Promise<{ claimed: string[]; ticket: string }>;
  /**
   * Lets go of the claims among `keys` that no request took, and makes the answers the batch's
   * actions stored durable: call it before the batch answers.
   */
  release(userId: number, keys: readonly string[]): Promise<void>;
}

/** The header that carries a batch's ticket to the requests of its actions (app.inject only). */
export const BATCH_TICKET_HEADER = 'x-impecable-batch-ticket';

export const IN_FLIGHT = 'Esta petición ya se está procesando';
/** Seconds a client waits before asking again about a key still running. */
export const IN_FLIGHT_RETRY_AFTER_S = 5;
/** A claim from before migration 0019 names no owner: taken for dead after this long, as before. */
const UNOWNED_STALE_MS = 60_000;

const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
const KEY_PATTERN = /^[\w.:-]{1,200}$/;

export const idempotencyPlugin = appPlugin<Pick<AppDeps, 'db' | 'clock'>>('idempotency', async (app: FastifyInstance, { db, clock }) => {
  const instances = createInstanceRegistry(db, (error) => app.log.error({ err: error }, 'heartbeat'));
  // Keys this process is running, by `${userId} ${key}`: held by a batch for an action not yet
  // started (`batch`: its ticket and the action's request hash), or by the request running it.
  // A claim of ours that is not here is an orphan (its request ended without an answer) and
  // may be taken over.
  const running = new Map<string, { batch: { ticket: string; hash: string } | null }>();
  const runKey = (userId: number, key: string) => `${userId} ${key}`;
  const store = createIdempotencyStore(db, instances.id, async (owner, claimedAt) => {
    if (owner === null) return clock().getTime() - claimedAt.getTime() < UNOWNED_STALE_MS;
    // Our own claims are checked against `running` before any query reaches the store.
    return owner !== instances.id && instances.isRunning(owner);
  });
  await instances.start();
  app.addHook('onClose', async () => {
    await instances.stop().catch(() => undefined);
  });

  app.decorateRequest('idempotency', null);
  app.decorate('batchClaims', {
    async claim(userId, claims) {
      const ticket = randomUUID();
      const free = claims.filter((c) => !running.has(runKey(userId, c.key)));
      for (const c of free) running.set(runKey(userId, c.key), { batch: { ticket, hash: c.hash } });
      let claimed: string[] = [];
      try {
        claimed = await store.claimMany(userId, free, clock());
      } finally {
        const kept = new Set(claimed);
        for (const c of free) if (!kept.has(c.key)) running.delete(runKey(userId, c.key));
      }
      return { claimed, ticket };
    },
    async release(userId, keys) {
      // A claim some request took is that request's to answer or release (onSend below).
      const untaken = keys.filter((key) => running.get(runKey(userId, key))?.batch != null);
      for (const key of untaken) running.delete(runKey(userId, key));
      await store.releaseMany(userId, untaken);
      await store.flush();
    },
  } satisfies BatchClaims);

  const inFlight = (reply: FastifyReply) => {
    reply.header('retry-after', String(IN_FLIGHT_RETRY_AFTER_S));
    return new HttpError(409, IN_FLIGHT);
  };

  // preValidation: after authentication and body parsing, before validation, so even a
  // validation error is the stored first answer.
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true || !request.user) return;
    const header = request.headers[HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) throw new HttpError(400, 'La clave de idempotencia no es válida');
    const hash = requestHash(request.method, request.url, request.body);
    const userId = request.user.id;
    const mine = running.get(runKey(userId, key));
    if (mine) {
      // Claimed by the batch this action came in, for exactly this request: it is ours. Any
      // other request for the key waits until the batch's action has its answer.
      if (mine.batch === null || mine.batch.ticket !== request.headers[BATCH_TICKET_HEADER]) throw inFlight(reply);
      if (mine.batch.hash !== hash) throw new HttpError(422, 'La clave de idempotencia ya se usó con otra petición');
      mine.batch = null;
      request.idempotency = { userId, key, inBatch: true };
      return;
    }
    running.set(runKey(userId, key), { batch: null });
    let outcome;
    try {
      outcome = await store.begin(userId, key, hash, clock());
    } finally {
      if (outcome?.kind !== 'new') running.delete(runKey(userId, key));
    }
    if (outcome.kind === 'mismatch') throw new HttpError(422, 'La clave de idempotencia ya se usó con otra petición');
    if (outcome.kind === 'in-flight') throw inFlight(reply);
    if (outcome.kind === 'replay') {
      reply.code(outcome.statusCode).header('content-type', 'application/json; charset=utf-8').header('idempotent-replayed', 'true');
      reply.send(outcome.body ?? '');
      return reply;
    }
    request.idempotency = { userId, key, inBatch: false };
  });

  /**
   * Ends the request's claim: its answer stored, or released when the answer says "later" (a
   * 5xx, 429 or 503: nothing ran, the same key must go through when it comes back).
   */
  async function settle(request: FastifyRequest, statusCode: number, payload: unknown): Promise<void> {
    const claim = request.idempotency;
    if (!claim) return;
    request.idempotency = null;
    try {
      if (statusCode >= 500 || statusCode === 429 || typeof payload !== 'string') await store.release(claim.userId, claim.key);
      else await store.complete(claim.userId, claim.key, statusCode, payload, claim.inBatch);
    } finally {
      running.delete(runKey(claim.userId, claim.key));
    }
  }

  app.addHook('onSend', async (request, reply, payload) => {
    await settle(request, reply.statusCode, payload);
    return payload;
  });
  // Whatever ended a request without its onSend (a hook that failed after it) leaves no claim behind.
  app.addHook('onResponse', async (request) => settle(request, 500, null));
});
