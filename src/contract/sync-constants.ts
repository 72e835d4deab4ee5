// The sync contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/sync re-exports them beside its schemas.
/**
 * Batch sync: one request delivers up to MAX_SYNC_ACTIONS queued actions (outbox rows) of the
 * caller, each run exactly as its own route would run it (same auth, idempotency, occurred-at,
 * validation and answer). Only routes that replay their first answer (queued writes) can be
 * batched; the single-action routes stay for the spec's clients.
 */
export const SYNC_PATHS = {
  batch: '/sync',
} as const;

/** The most actions one batch carries; more is a 400 and nothing runs. */
export const MAX_SYNC_ACTIONS = 100;

/** A status the client must act on before this user's later actions (retry, or sign in for 401): the batch stops there. */
export function stopsBatch(status: number): boolean {
  return status >= 500 || status === 401 || status === 408 || status === 409 || status === 429;
}
