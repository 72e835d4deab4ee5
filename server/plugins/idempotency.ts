// Exactly-once answers for queued writes: routes with `config.idempotent` and an
// Idempotency-Key header store their first response per (user, key) and replay it verbatim
// (status and body). Same key with another request: 422. A duplicate while the first is in
// flight: 409. 5xx answers are not stored, so the client's retry can still succeed.
// Never stores anything for requests without a signed-in user or without the header.
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_HEADER } from '#contract/common';
import { HttpError } from '#server/http-error';
import { createIdempotencyStore, requestHash } from './idempotency-store.ts';
import { appPlugin } from './plugin.ts';
import type { AppDeps } from '#server/deps';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Store and replay the first response per Idempotency-Key. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: { userId: number; key: string } | null;
  }
  interface FastifyInstance {
    batchClaims: BatchClaims;
  }
}

/**
 * Keys a batch (POST /sync) claimed for its actions in one statement before running them. The
 * action's own request takes its claim from here instead of claiming again; only this process
 * can put a claim here, so no client can skip the check. What no action took is released.
 */
export interface BatchClaims {
  /** Claims the keys no one holds yet; returns those claimed (the others go through `begin`). */
  claim(userId: number, claims: readonly { key: string; hash: string }[]): Promise<string[]>;
  /** Lets go of the claims among `keys` that no request took. */
  release(userId: number, keys: readonly string[]): Promise<void>;
}

const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
const KEY_PATTERN = /^[\w.:-]{1,200}$/;

export const idempotencyPlugin = appPlugin<Pick<AppDeps, 'db' | 'clock'>>('idempotency', async (app: FastifyInstance, { db, clock }) => {
  const store = createIdempotencyStore(db);
  app.decorateRequest('idempotency', null);
  // (user, key) → the request hash the batch claimed the key for.
  const held = new Map<string, string>();
  const heldKey = (userId: number, key: string) => `${userId} ${key}`;
  app.decorate('batchClaims', {
    async claim(userId, claims) {
      const claimed = await store.claimMany(userId, claims, clock());
      const hashes = new Map(claims.map((c) => [c.key, c.hash]));
      for (const key of claimed) held.set(heldKey(userId, key), hashes.get(key)!);
      return claimed;
    },
    async release(userId, keys) {
      // A claim some request took is that request's to answer or release (onSend below).
      await store.releaseMany(userId, keys.filter((key) => held.delete(heldKey(userId, key))));
    },
  } satisfies BatchClaims);

  // preValidation: after authentication and body parsing, before validation, so even a
  // validation error is the stored first answer.
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true || !request.user) return;
    const header = request.headers[HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) throw new HttpError(400, 'La clave de idempotencia no es válida');
    const hash = requestHash(request.method, request.url, request.body);
    // Claimed by the batch this action came in, for exactly this request: it is ours.
    const claimedByBatch = held.get(heldKey(request.user.id, key)) === hash && held.delete(heldKey(request.user.id, key));
    const outcome = claimedByBatch ? { kind: 'new' as const } : await store.begin(request.user.id, key, hash, clock());
    if (outcome.kind === 'mismatch') throw new HttpError(422, 'La clave de idempotencia ya se usó con otra petición');
    if (outcome.kind === 'in-flight') throw new HttpError(409, 'Esta petición ya se está procesando');
    if (outcome.kind === 'replay') {
      reply.code(outcome.statusCode).header('content-type', 'application/json; charset=utf-8').header('idempotent-replayed', 'true');
      reply.send(outcome.body ?? '');
      return reply;
    }
    request.idempotency = { userId: request.user.id, key };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') await store.release(claim.userId, claim.key);
    else await store.complete(claim.userId, claim.key, reply.statusCode, payload);
    return payload;
  });
});
