import * as z from 'zod/mini';

export * from './common-constants';

/** Shape of every 4xx/5xx body. `error` is Spanish text a user may see. */
export const apiErrorSchema = z.object({
  success: z.optional(z.literal(false)),
  error: z.string(),
});

export const healthSchema = z.object({ status: z.literal('ok') });

/** The 503 body of maintenance state 1: the app shows its maintenance screen (decisions.md). */
export const maintenanceBodySchema = z.object({ maintenance: z.literal(1) });
