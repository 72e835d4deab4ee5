// Runs a batch of one caller's queued actions, in order, each through its own route with
// app.inject: the same auth (the caller's Authorization header), Idempotency-Key, X-Occurred-At,
// X-Action-Signature, validation and answer as if the action came alone, so there is one code
// path and a replayed batch replays each stored answer. Stops after the first answer the client
// must retry or sign in for (stopsBatch): later actions are not run, so their order holds.
// Never runs an action as anyone but the caller, and never reaches a route the gate refuses.
// The batch claims its actions' Idempotency-Keys in one statement first (the plugin's
// batchClaims); each route takes its claim instead of claiming again. A batch starts no action
// after its time budget (SYNC_BATCH_BUDGET_MS, 10 s): the rest get no result (not run) and the device sends them next,
// so an answer always comes well inside the outbox's 30-second timeout.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACTION_SIGNATURE_HEADER } from '#contract/action-signature';
import { API_BASE, IDEMPOTENCY_HEADER, OCCURRED_AT_HEADER } from '#contract/common';
import { stopsBatch, type SyncAction, type SyncResult } from '#contract/sync';
import { currentUser } from '#server/plugins/auth';
import { BATCH_TICKET_HEADER } from '#server/plugins/idempotency';
import { requestHash } from '#server/plugins/idempotency-store';
import { BATCH_ACTION_HEADER, NOT_BATCHABLE } from './gate.ts';

/**
 * True when `url` is already what a URL parser makes of it: no '..' or '.' segments, no
 * backslashes, no fragment, nothing to percent-encode. Anything else could be resolved to a
 * path outside API_BASE, so it never reaches the router.
 */
function isPlainUrl(url: string): boolean {
  try {
    const parsed = new URL(url, 'http://batch.invalid');
    return parsed.pathname + parsed.search === url && parsed.hash === '';
  } catch {
    return false;
  }
}

/** The answer's JSON, null for an empty one, the text itself for anything else. */
function bodyOf(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `budgetMs`: after this long a batch starts no further action (SYNC_BATCH_BUDGET_MS). */
export function createSyncService(app: FastifyInstance, budgetMs: number) {
  async function runAction(request: FastifyRequest, action: SyncAction, index: number, ticket: string): Promise<SyncResult> {
    const url = `${API_BASE}${action.path}`;
    if (!isPlainUrl(url)) return { id: action.id, status: 404, body: { success: false, error: NOT_BATCHABLE } };
    const answer = await app.inject({
      method: action.method,
      url,
      // The caller's address, so per-address limits count the device, not this process.
      remoteAddress: request.ip,
      headers: {
        authorization: request.headers.authorization ?? '',
        'content-type': 'application/json',
        [IDEMPOTENCY_HEADER]: action.id,
        [OCCURRED_AT_HEADER]: action.occurredAt,
        ...(action.signature === null ? {} : { [ACTION_SIGNATURE_HEADER]: action.signature }),
        [BATCH_ACTION_HEADER]: '1',
        [BATCH_TICKET_HEADER]: ticket,
        // Each action's log lines carry the batch's request id and the action's position.
        'x-request-id': `${request.id}-${index + 1}`,
      },
      // Exactly the text the outbox would send alone (JSON.stringify of the row's body).
      payload: JSON.stringify(action.body ?? null),
    });
    return { id: action.id, status: answer.statusCode, body: bodyOf(answer.body) };
  }

  return {
    async run(request: FastifyRequest, actions: SyncAction[]): Promise<SyncResult[]> {
      const userId = currentUser(request).id;
      // Every action's key claimed in one statement, as its route would claim it alone.
      const claims = actions.flatMap((action) => {
        const url = `${API_BASE}${action.path}`;
        return isPlainUrl(url) ? [{ key: action.id, hash: requestHash(action.method, url, action.body ?? null) }] : [];
      });
      const { claimed, ticket } = await app.batchClaims.claim(userId, claims);
      const results: SyncResult[] = [];
      const started = performance.now();
      try {
        for (const [index, action] of actions.entries()) {
          if (index > 0 && performance.now() - started > budgetMs) break;
          const result = await runAction(request, action, index, ticket);
          results.push(result);
          if (stopsBatch(result.status)) break;
        }
      } finally {
        // Actions that did not run, or that their route refused before answering, hold nothing.
        await app.batchClaims.release(userId, claimed);
      }
      return results;
    },
  };
}
