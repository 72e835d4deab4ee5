import * as z from 'zod/mini';
import { MAX_SYNC_ACTIONS } from './sync-constants';

export * from './sync-constants';

/** An action's id is its Idempotency-Key, spelled as the idempotency plugin accepts it. */
const actionIdSchema = z.string().check(z.regex(/^[\w.:-]{1,200}$/, 'El id de la acción no es válido'));

/** One outbox row as it would travel on its own: its headers become fields. */
export const syncActionSchema = z.object({
  /** The row's Idempotency-Key. */
  id: actionIdSchema,
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  /** Relative to API_BASE, exactly as the outbox row stores it: '/log/register'. */
  path: z.string().check(z.minLength(1), z.maxLength(2_000), z.startsWith('/')),
  /** The X-Occurred-At header: the ISO moment the action happened on the device. */
  occurredAt: z.string().check(z.regex(/^[\x20-\x7e]{0,64}$/, 'La fecha de la acción no es válida')),
  /** The X-Action-Signature header (base64url), or null for a row queued unsigned. */
  signature: z.nullable(z.string().check(z.regex(/^[\w-]{1,200}$/, 'La firma de la acción no es válida'))),
  /** The JSON body the action would send on its own. */
  body: z.unknown(),
});
export type SyncAction = z.infer<typeof syncActionSchema>;

/** POST sync */
export const syncBodySchema = z.object({
  acciones: z.array(syncActionSchema).check(z.minLength(1), z.maxLength(MAX_SYNC_ACTIONS)),
});
export type SyncBody = z.infer<typeof syncBodySchema>;

/** One action's answer: the status and body its own route gave (or, replayed, first gave). */
export const syncResultSchema = z.object({
  id: z.string(),
  status: z.int(),
  body: z.unknown(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

/**
 * In request order. Processing stops after the first result the client must retry (status
 * >= 500, 408, 409, 429, or 401): the actions after it get no result and were not run, so one
 * user's actions keep their order. A refused action (another 4xx) does not stop the batch.
 */
export const syncAnswerSchema = z.object({ resultados: z.array(syncResultSchema) });
export type SyncAnswer = z.infer<typeof syncAnswerSchema>;

