import * as z from 'zod/mini';

export * from './programme-calendar-constants';

// Programa, "Calendario y atributos" (issue 35): the admin's reads and writes of the seven
// attributes. Dates are ISO `YYYY-MM-DD` (month_end inclusive), like GET atributos.

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD'));

/** The content an operator writes for an attribute (what agents read in GET atributos). */
export const attributeContentShape = {
  color: z.nullable(z.string()),
  tagline: z.nullable(z.string()),
  definition: z.nullable(z.string()),
  personality: z.array(z.string()),
  language: z.array(z.string()),
};

/** One attribute as the screen shows it: everything stored, plus its state today. */
export const programmeAttributeSchema = z.object({
  id: z.int(),
  slug: z.string(),
  nombre: z.string(),
  display_order: z.int(),
  enabled: z.boolean(),
  month_start: z.nullable(z.string()),
  month_end: z.nullable(z.string()),
  quiz2_opens_at: z.nullable(z.string()),
  sync_grace_hours: z.int(),
  ...attributeContentShape,
  /** Media-store URLs; null: the built-in art of the slug. */
  logo_url: z.nullable(z.string()),
  banner_url: z.nullable(z.string()),
  estado: z.enum(['proximamente', 'programado', 'en-curso', 'cerrado']),
  /** The month's winners are frozen: the attribute is read-only. */
  congelado: z.boolean(),
  /** The month has started: its start, Quiz 2 and the switch no longer move (see #domain/programme-calendar). */
  iniciado: z.boolean(),
});
export type ProgrammeAttribute = z.infer<typeof programmeAttributeSchema>;

/** GET programa/calendario */
export const programmeCalendarResponseSchema = z.object({ atributos: z.array(programmeAttributeSchema) });

/**
 * PUT programa/atributos/{id}: the whole editable state of an attribute. quiz2_opens_at
 * null or absent: the 15th of the start month.
 */
export const attributeUpdateBodySchema = z.object({
  nombre: z.string(),
  enabled: z.boolean(),
  month_start: z.nullable(day),
  month_end: z.nullable(day),
  quiz2_opens_at: z.optional(z.nullable(day)),
  sync_grace_hours: z.int(),
  color: z.nullable(z.string()),
  tagline: z.nullable(z.string()),
  definition: z.nullable(z.string()),
  personality: z.array(z.string()),
  language: z.array(z.string()),
});
export type AttributeUpdateBody = z.infer<typeof attributeUpdateBodySchema>;

/** PUT programa/atributos/{id}, POST and DELETE its art: the attribute as it now is. */
export const programmeAttributeResponseSchema = z.object({ atributo: programmeAttributeSchema });

// --- Programme pack section -----------------------------------------------------------------

/** An attribute in a programme pack: what the database holds, no state. */
export const packAttributeSchema = z.object({
  id: z.int(),
  slug: z.string(),
  nombre: z.string(),
  display_order: z.int(),
  enabled: z.boolean(),
  month_start: z.nullable(day),
  month_end: z.nullable(day),
  quiz2_opens_at: z.nullable(day),
  sync_grace_hours: z.int(),
  ...attributeContentShape,
  logo_url: z.nullable(z.string()),
  banner_url: z.nullable(z.string()),
});
export type PackAttribute = z.infer<typeof packAttributeSchema>;

export const packCalendarSchema = z.array(packAttributeSchema);
