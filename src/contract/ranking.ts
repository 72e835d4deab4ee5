import * as z from 'zod/mini';

export * from './ranking-constants';

// Rankings and their downloads (spec sections 3 and 7). Paths after /api, spelled as in the
// spec ("difference-frist" included). {atributo} is the attribute id (1-7); its slug works too.

const scopeId = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000));

/**
 * GET …page: query of every ranking page (search resets to page 1 on the client). Beyond the
 * spec, staff name the site (`sede`, site pages) or brand (`marca`, brand pages) they look at;
 * the server refuses one outside their scope, and an agent's own is the only one it may name.
 */
export const rankingPageQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  per_page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 10),
  search: z.optional(z.string().check(z.trim(), z.maxLength(50))),
  sede: z.optional(scopeId),
  marca: z.optional(scopeId),
});
export type RankingPageQuery = z.infer<typeof rankingPageQuerySchema>;

/** One row of a ranking (spec 3). nick_name is null for an agent that has not chosen one yet. */
export const rankingRowSchema = z.object({
  user_id: z.int(),
  user_position: z.int().check(z.positive()),
  nick_name: z.nullable(z.string()),
  puntos_totales: z.int(),
  tareas_completadas: z.int(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

/** Cumulative last positions of the first, second and third prize. */
export const prizeTiersSchema = z.object({
  premiados1: z.int().check(z.minimum(0)),
  premiados2: z.int().check(z.minimum(0)),
  premiados3: z.int().check(z.minimum(0)),
});

export const rankingPageSchema = z.object({
  data: z.array(rankingRowSchema),
  total: z.int().check(z.minimum(0)),
  numero_ganadores: prizeTiersSchema,
  /** Position 1 of this page is its brand's winner (decisions.md): the special top style. */
  is_marca_top_uno_here: z.boolean(),
});
export type RankingPage = z.infer<typeof rankingPageSchema>;

/** Single values (spec 3). position is null while the user is not in that ranking. */
export const positionResponseSchema = z.object({ position: z.nullable(z.int().check(z.positive())) });
export const pointsResponseSchema = z.object({ total_points: z.int().check(z.minimum(0)) });
export const differenceResponseSchema = z.object({ points_difference: z.int().check(z.minimum(0)) });
export type PositionResponse = z.infer<typeof positionResponseSchema>;
export type PointsResponse = z.infer<typeof pointsResponseSchema>;
export type DifferenceResponse = z.infer<typeof differenceResponseSchema>;

/** The "± neighbours" panel: the user's position and the rows around it (empty when not ranked). */
export const neighboursResponseSchema = z.object({
  position: z.nullable(z.int().check(z.positive())),
  data: z.array(rankingRowSchema),
});
export type NeighboursResponse = z.infer<typeof neighboursResponseSchema>;

/**
 * GET ranking-ambitos: what the caller may look at. Agents get their own brand and site;
 * staff the brands and sites of their scope (sites with their platform), and the ones shown first.
 */
export const rankingOptionsResponseSchema = z.object({
  marcas: z.array(z.object({ id: z.int(), nombre: z.string() })),
  sedes: z.array(z.object({ id: z.int(), nombre: z.string(), plataforma: z.string() })),
  marca: z.nullable(z.int()),
  sede: z.nullable(z.int()),
});
export type RankingOptions = z.infer<typeof rankingOptionsResponseSchema>;

/** Spec 3 "Download response": a short-lived URL the asking user fetches with the bearer token. */
export const downloadResponseSchema = z.object({
  download_url: z.optional(z.string().check(z.minLength(1))),
  file_name: z.string().check(z.minLength(1)),
});
export type DownloadResponse = z.infer<typeof downloadResponseSchema>;
