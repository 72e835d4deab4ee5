// The gate of batch sync: an action the batch runs through the API carries BATCH_ACTION_HEADER,
// and reaches its route only if that route replays its first answer (`config.idempotent`);
// anything else (a read, sign-in, an upload, an unknown path, the batch route itself) is a 404
// for that action alone. Registered before the auth plugin, so it answers before any session
// lookup or body is read. Never lets anything through that the route alone would refuse: a
// client that sends the header itself only narrows what it may reach.
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '#server/http-error';
import { appPlugin } from '#server/plugins/plugin';

/** Marks a request the batch route made for one of its actions. */
export const BATCH_ACTION_HEADER = 'x-impecable-batch-action';

/**
 * True for an action the batch route runs in this process (app.inject: no network socket), which
 * its batch was already admitted and counted for. The header alone proves nothing: a client
 * may send it, and its request is then a request like any other (load shedding, write quota).
 */
export function isBatchAction(request: FastifyRequest): boolean {
  return request.headers[BATCH_ACTION_HEADER] !== undefined && !(request.raw.socket instanceof Socket);
}

export const NOT_BATCHABLE = 'Esta acción no se puede enviar por lotes';

export const syncGatePlugin = appPlugin('sync-gate', async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    if (request.headers[BATCH_ACTION_HEADER] === undefined) return;
    if (request.is404 || request.routeOptions.config.idempotent !== true) throw new HttpError(404, NOT_BATCHABLE);
  });
});
