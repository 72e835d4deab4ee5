import * as z from 'zod/mini';

export * from './programme-pack-constants';

// The programme pack (issue 35): export of the whole programme as one .zip and its import into
// an empty programme, all or nothing. Paths after /api.

/** One problem of a pack, by item ("quizzes › accesible › quiz 1 › pregunta 3"). */
export const packProblemSchema = z.object({ item: z.string(), message: z.string() });
export type PackProblemItem = z.infer<typeof packProblemSchema>;

/** What a programme holds, counted as the import counts it. */
export const packCountsSchema = z.object({
  atributos: z.int(),
  videos: z.int(),
  preguntas: z.int(),
  productos: z.int(),
  premios: z.int(),
  medios: z.int(),
});
export type PackCounts = z.infer<typeof packCountsSchema>;

/** POST programa/paquete answer: imported (or, with ?comprobar=1, checked and left unwritten). */
export const packImportResponseSchema = z.object({
  success: z.literal(true),
  /** true: a check only; nothing was stored or written. */
  comprobado: z.boolean(),
  message: z.string(),
  /** The programme's counts after the import (or what the import would write). */
  resumen: packCountsSchema,
  /** The sections the pack carried, in the order they were written. */
  secciones: z.array(z.string()),
});
export type PackImportResponse = z.infer<typeof packImportResponseSchema>;

/** A refused import's body (413, 415, 409, 422): the error and, when there are some, every problem by item. */
export const packRefusalSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  problemas: z.optional(z.array(packProblemSchema)),
});
export type PackRefusal = z.infer<typeof packRefusalSchema>;
