import * as z from 'zod/mini';

export * from './admin-constants';

// Supervisor and admin calls (spec sections 3 and 7): simulated navigation, the LATAM order
// summary and the user import. Paths after /api, spelled as in the spec.

// --- Simulated navigation -------------------------------------------------------------
// Spec 7 reads every list as `data.data.<list>`: the body is { success, data: { data: {...} } }.

const wrapped = <T extends z.core.$ZodLooseShape>(shape: T) =>
  z.object({ success: z.literal(true), data: z.object({ data: z.object(shape) }) });

/** GET navegacion-simulada/marcas: the brand names the caller may browse. */
export const brandsResponseSchema = wrapped({ marcas: z.array(z.string()) });

/**
 * GET navegacion-simulada/sedes/{brand}: the sites of that brand the caller may browse, and
 * the platforms they belong to. PLATAFORMA uses `plataformas` as the spec says (its step is
 * skipped); INTERNO fills its platform dropdown from it.
 */
export const sitesResponseSchema = wrapped({ sedes: z.array(z.string()), plataformas: z.array(z.string()) });

/**
 * GET navegacion-simulada/plataformas/{brand}/{platform}: the sites of one platform. The API
 * names a site "plataforma" (decisions.md, Rankings), hence the key.
 */
export const platformSitesResponseSchema = wrapped({ plataformas: z.array(z.string()) });

/** An agent of the last dropdown: nick_name is the value, name the label (spec 3). */
export const navigationAgentSchema = z.object({ nick_name: z.string(), name: z.string() });
export type NavigationAgent = z.infer<typeof navigationAgentSchema>;

/** GET navegacion-simulada/agentes/{brand}/{site} */
export const agentsResponseSchema = wrapped({ agentes: z.array(navigationAgentSchema) });

// --- Order summary (LATAM) -------------------------------------------------------------

/** A redemption of the summary (spec 3): validity_start is when the prize became usable. */
export const orderSummaryRowSchema = z.object({
  id: z.int(),
  user: z.object({ name: z.string(), nick_name: z.nullable(z.string()), email: z.string() }),
  nombre_producto: z.string(),
  puntos: z.number(),
  cantidad: z.number(),
  validity_start: z.nullable(z.string()),
});
export type OrderSummaryRow = z.infer<typeof orderSummaryRowSchema>;

/** GET listado-peru */
export const orderSummaryResponseSchema = z.object({ listado: z.array(orderSummaryRowSchema) });

// --- User import -------------------------------------------------------------------------

/** A row that was not imported: its spreadsheet row number (the header is row 1). */
export const importRowIssueSchema = z.object({ fila: z.int(), email: z.optional(z.string()), error: z.string() });
export type ImportRowIssue = z.infer<typeof importRowIssueSchema>;

/** POST importar-usuario answer (spec 3), plus the duplicated rows that were skipped. */
export const importResponseSchema = z.object({
  message: z.string(),
  users_created: z.int(),
  users_updated: z.int(),
  duplicados: z._default(z.array(importRowIssueSchema), []),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

// --- Time accommodation ----------------------------------------------------------------------

/** GET/PUT tiempo-adaptado/{nick}: the agent's factor for timed quizzes (1, 1.5 or 2). */
export const timeAccommodationSchema = z.object({ nick_name: z.string(), name: z.string(), factor_tiempo: z.number() });
export type TimeAccommodation = z.infer<typeof timeAccommodationSchema>;
export const timeAccommodationResponseSchema = z.object({ success: z.literal(true), data: timeAccommodationSchema });
/** The factor is checked by the server against #domain/scoring TIME_FACTORS (a Spanish 400). */
export const timeAccommodationBodySchema = z.object({ factor_tiempo: z.number() });
