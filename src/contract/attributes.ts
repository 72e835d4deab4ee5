import * as z from 'zod/mini';

export * from './attributes-constants';

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
});
export type Attribute = z.infer<typeof attributeSchema>;

export const attributesResponseSchema = z.object({ atributos: z.array(attributeSchema) });
