import * as z from 'zod/mini';

export * from './points-constants';

/** GET imps: balance computed from the ledger; rings for brand 1's combined figure. */
export const impsResponseSchema = z.object({
  imps: z._default(z.int(), 0),
  puntos_ring_ring: z._default(z.number(), 0),
});
export type ImpsResponse = z.infer<typeof impsResponseSchema>;

/** A movement of the IMPs history: `sumar` adds, anything else subtracts (spec section 3). */
export const pointsMovementSchema = z.object({
  id: z.int(),
  operacion: z.string(),
  puntos: z.int().check(z.nonnegative()),
  concepto: z.string(),
  /** When it happened (ISO); null when unknown. */
  created_at: z.nullable(z.string()),
});
export type PointsMovement = z.infer<typeof pointsMovementSchema>;

/** GET listado-imps: the user's movements, newest first. */
export const impsHistoryResponseSchema = z.object({ imps: z.array(pointsMovementSchema) });

/** One batch still to lapse: its day (YYYY-MM-DD, programme time), the moment, and the unspent IMPs. */
export const impsLapseSchema = z.object({ dia: z.string(), caduca_at: z.string(), imps: z.int() });
export type ImpsLapse = z.infer<typeof impsLapseSchema>;

/** GET imps/caducidades: the soonest batches first (IMPs only: Ring Ring points never lapse here). */
export const impsLapsesResponseSchema = z.object({ caducidades: z.array(impsLapseSchema) });
