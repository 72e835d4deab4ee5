import * as z from 'zod/mini';
import { STALLED_AFTER_DAYS, NUDGE_STATES } from './coaching-constants';

export * from './coaching-constants';

// Seguimiento (beyond the spec, issue 20): what supervisors need to coach their floor. Every
// figure is the server's, inside the caller's scope (the impersonation scope: INTERNO its
// brand, PLATAFORMA its platforms within its brand, admin all). Paths after /api.
// {atributo} is the attribute id (1-7).

const id = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000));

/**
 * The narrowing every read takes: a brand (admin), a platform (INTERNO, admin) and a site. The
 * server refuses (403) one outside the caller's scope; none means the whole scope.
 */
export const coachingFilterSchema = z.object({
  marca: z.optional(id),
  plataforma: z.optional(id),
  sede: z.optional(id),
});
export type CoachingFilter = z.infer<typeof coachingFilterSchema>;

/** GET seguimiento/ambito */
export const coachingOptionsSchema = z.object({
  marcas: z.array(z.object({ id: z.int(), nombre: z.string() })),
  plataformas: z.array(z.object({ id: z.int(), nombre: z.string(), marca_ids: z.array(z.int()) })),
  sedes: z.array(z.object({ id: z.int(), nombre: z.string(), plataforma_id: z.int() })),
  /** Dated attributes, newest month first; `actual` is the one whose month contains today. */
  atributos: z.array(z.object({ id: z.int(), slug: z.string(), nombre: z.string(), month_start: z.string(), month_end: z.string() })),
  actual: z.nullable(z.int()),
});
export type CoachingOptions = z.infer<typeof coachingOptionsSchema>;

/**
 * The figures of one attribute in one scope. An agent "started" with any video progress, quiz
 * participation or reface of the attribute; "finished" the training with every video seen and
 * both quizzes completed (the rankings' rule); quiz averages are over completed quizzes.
 * Points are the attribute's monthly ranking points (same window and sync grace).
 */
export const coachingFiguresSchema = z.object({
  agentes: z.int().check(z.minimum(0)),
  iniciaron: z.int().check(z.minimum(0)),
  terminaron: z.int().check(z.minimum(0)),
  reface: z.int().check(z.minimum(0)),
  /** Mean points per completed quiz (0-50), one decimal; null when no quiz was completed. */
  media_quiz: z.nullable(z.number()),
  puntos: z.int().check(z.minimum(0)),
});
export type CoachingFigures = z.infer<typeof coachingFiguresSchema>;

/** GET seguimiento/resumen/{atributo}?marca&plataforma&sede */
export const coachingOverviewSchema = z.object({
  atributo: z.int(),
  figuras: coachingFiguresSchema,
  /** The previous dated attribute's figures in the same scope; null for the first one. */
  anterior: z.nullable(z.object({ atributo: z.int(), figuras: coachingFiguresSchema })),
  /**
   * Points earned on each day of the attribute's month (programme time zone), from its first day
   * to today (the whole month once over): days still to come are not listed.
   */
  puntos_por_dia: z.array(z.object({ dia: z.string(), puntos: z.int() })),
});
export type CoachingOverview = z.infer<typeof coachingOverviewSchema>;

const groupFiguresSchema = z.extend(coachingFiguresSchema, { id: z.int(), nombre: z.string() });
export type CoachingGroupFigures = z.infer<typeof groupFiguresSchema>;

/** GET seguimiento/sedes/{atributo}?marca&plataforma: `plataformas` is empty for PLATAFORMA. */
export const coachingBySiteSchema = z.object({
  sedes: z.array(z.extend(groupFiguresSchema, { plataforma: z.string() })),
  plataformas: z.array(groupFiguresSchema),
});
export type CoachingBySite = z.infer<typeof coachingBySiteSchema>;

/**
 * GET seguimiento/rezagados/{atributo}: the filter the figures take (`sede` required), the stall
 * threshold in `dias`, a search and a page. Its .xlsx takes the same query (the whole list).
 */
export const coachingNudgesQuerySchema = z.extend(coachingFilterSchema, {
  sede: id,
  dias: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(60)), STALLED_AFTER_DAYS),
  search: z.optional(z.string().check(z.trim(), z.maxLength(50))),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  per_page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});
export type CoachingNudgesQuery = z.infer<typeof coachingNudgesQuerySchema>;

export const coachingNudgeSchema = z.object({
  user_id: z.int(),
  nick_name: z.nullable(z.string()),
  name: z.string(),
  estado: z.enum(NUDGE_STATES),
  /** The last moment of activity on the attribute; null when not started. */
  ultima_actividad: z.nullable(z.string()),
  /** What is left: videos not seen, quizzes (1, 2) not completed, and the reface. */
  videos_pendientes: z.int().check(z.minimum(0)),
  quizzes_pendientes: z.array(z.int()),
  reface_pendiente: z.boolean(),
});
export type CoachingNudge = z.infer<typeof coachingNudgeSchema>;

/** Ordered by the longest without activity first (not started first of all), then nick name. */
export const coachingNudgesSchema = z.object({ data: z.array(coachingNudgeSchema), total: z.int().check(z.minimum(0)) });
export type CoachingNudges = z.infer<typeof coachingNudgesSchema>;

export const coachingQuestionSchema = z.object({
  question_id: z.int(),
  posicion: z.int(),
  texto: z.string(),
  respuestas: z.int().check(z.minimum(0)),
  fallos: z.int().check(z.minimum(0)),
  /** fallos / respuestas, 0-1; 0 with no answers. */
  tasa_fallo: z.number(),
  /** The wrong option chosen most often, and how many times; null with no wrong answer. */
  fallo_mas_elegido: z.nullable(z.object({ texto: z.string(), veces: z.int() })),
  /** Repaso (issue 39): agents who saw it again (their first review) and how many got it right then. */
  repaso_vistas: z.int().check(z.minimum(0)),
  repaso_aciertos: z.int().check(z.minimum(0)),
  /** repaso_aciertos / repaso_vistas, 0-1 (#domain/repaso retentionRate); null before any review. */
  retencion: z.nullable(z.number()),
});
export type CoachingQuestion = z.infer<typeof coachingQuestionSchema>;

/** GET seguimiento/preguntas/{atributo}?marca&plataforma&sede: questions by share of wrong answers. */
export const coachingQuestionsSchema = z.object({
  quizzes: z.array(z.object({ quiz: z.int(), preguntas: z.array(coachingQuestionSchema) })),
});
export type CoachingQuestions = z.infer<typeof coachingQuestionsSchema>;
