import { z } from 'zod';

/** GET imps: balance computed from the ledger; rings for brand 1's combined figure. */
export const impsResponseSchema = z.object({
  imps: z.number().int().default(0),
  puntos_ring_ring: z.number().default(0),
});
export type ImpsResponse = z.infer<typeof impsResponseSchema>;
