import * as z from 'zod/mini';
import { PRIZE_MONTH_STATES } from './programme-prizes-constants';

export * from './programme-prizes-constants';

// Premios (issue 35): site tiers and the brand prize in IMPs, by the month they apply from. The
// rules (tier1 ≥ tier2 ≥ tier3, which row applies, what a frozen month forbids) live in
// #domain/programme-prizes.

export const prizeAmountsSchema = z.object({ tier1: z.int(), tier2: z.int(), tier3: z.int(), brand: z.int() });
export type PrizeAmounts = z.infer<typeof prizeAmountsSchema>;

export const prizeTierSchema = z.object({
  applies_from: z.string(),
  tier1: z.int(),
  tier2: z.int(),
  tier3: z.int(),
  brand: z.int(),
  /** It applied to a month whose winners are frozen: it can no longer change or go. */
  locked: z.boolean(),
});
export type PrizeTier = z.infer<typeof prizeTierSchema>;

/** A month of the calendar: which row applies to it (null: none, it pays nothing) and its state. */
export const prizeMonthSchema = z.object({
  attribute_id: z.int(),
  nombre: z.string(),
  month: z.string(),
  applies_from: z.nullable(z.string()),
  amounts: z.nullable(prizeAmountsSchema),
  state: z.enum(PRIZE_MONTH_STATES),
  paid_at: z.nullable(z.string()),
});
export type PrizeMonth = z.infer<typeof prizeMonthSchema>;

/** GET programa/premios */
export const prizesResponseSchema = z.object({ tiers: z.array(prizeTierSchema), months: z.array(prizeMonthSchema) });
export type PrizesResponse = z.infer<typeof prizesResponseSchema>;

/** PUT programa/premios/:mes */
export const prizeBodySchema = z.object({ tier1: z.number(), tier2: z.number(), tier3: z.number(), brand: z.number() });
export type PrizeBody = z.infer<typeof prizeBodySchema>;
