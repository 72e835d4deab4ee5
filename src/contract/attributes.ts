import * as z from 'zod/mini';

export * from './attributes-constants.ts';

/**
 * GET atributos: the programme calendar is data. Dates are ISO `YYYY-MM-DD`
 * (month_end inclusive); null for attributes without a month (disabled ones).
 */
export const attributeSchema = z.object({
  id: z.int(),
  nombre: z.string(),
  slug: z.string(),
  enabled: z.boolean(),
  month_start: z.nullable(z.string()),
  month_end: z.nullable(z.string()),
  quiz2_opens_at: z.nullable(z.string()),
  display_order: z.int(),
  // The attribute's content (Programa › Calendario y atributos). Optional: a calendar a device
  // stored before the content was data has none; screens fall back to the built-in art and
  // show no text.
  /** #rrggbb, or null for the app's colours. */
  color: z.optional(z.nullable(z.string())),
  /** The line under the name on its banners. */
  tagline: z.optional(z.nullable(z.string())),
  /** What the attribute means (the dashboard's info modal). */
  definition: z.optional(z.nullable(z.string())),
  personality: z.optional(z.array(z.string())),
  language: z.optional(z.array(z.string())),
  /** The operator's logo and banner (media-store URLs); null: the built-in art of the slug. */
  logo_url: z.optional(z.nullable(z.string())),
  banner_url: z.optional(z.nullable(z.string())),
});
export type Attribute = z.infer<typeof attributeSchema>;

export const attributesResponseSchema = z.object({ atributos: z.array(attributeSchema) });
