import * as z from 'zod/mini';

/** Attribute slugs by id (spec section 2). */
export const ATTRIBUTE_SLUGS = {
  1: 'devalor',
  2: 'resolutivo',
  3: 'accesible',
  4: 'transversal',
  5: 'proactivo',
  6: 'confiable',
  7: 'conestilo',
} as const;
export type AttributeId = keyof typeof ATTRIBUTE_SLUGS;
export type AttributeSlug = (typeof ATTRIBUTE_SLUGS)[AttributeId];

export const ATTRIBUTE_PATHS = { list: '/atributos' } as const;

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
