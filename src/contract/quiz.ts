import * as z from 'zod/mini';
import { MAX_ELAPSED_MS } from './quiz-constants';

export * from './quiz-constants';

/** A participation's counters (spec section 3: estado). */
export const quizStateSchema = z.object({
  preguntas_totales: z.int(),
  preguntas_respondidas: z.int(),
  preguntas_no_respondidas: z.int(),
  numero_aciertos: z.int(),
  numero_fallos: z.int(),
});
export type QuizState = z.infer<typeof quizStateSchema>;

export const participationSchema = z.object({
  id_participacion: z.int(),
  estado: quizStateSchema,
});
export type Participation = z.infer<typeof participationSchema>;

/** POST /start/{atributo}/quizz/{quizz}: the participation (new, or the existing one). */
export const startResponseSchema = z.object({ success: z.literal(true), data: participationSchema });

/** GET /check-start/{atributo}/quizz/{quizz}: success false and data null when never started. */
export const checkStartResponseSchema = z.object({ success: z.boolean(), data: z.nullable(participationSchema) });

export const answerOptionSchema = z.object({ id_respuesta: z.int(), texto_respuesta: z.string() });
export type AnswerOption = z.infer<typeof answerOptionSchema>;

/** A question as the client sees it: its text and options, never which option is correct. */
export const questionSchema = z.object({
  id: z.int(),
  /** 1-10: its place in the quiz. */
  numero: z.int(),
  pregunta: z.string(),
  respuestas: z.array(answerOptionSchema),
});
export type Question = z.infer<typeof questionSchema>;

/** GET /{participacion}/pregunta: the next unanswered question, null once all are answered. */
export const nextQuestionResponseSchema = z.object({ success: z.literal(true), data: z.object({ pregunta: z.nullable(questionSchema) }) });

/** GET /{participacion}/pregunta/stat */
export const statResponseSchema = z.object({ success: z.literal(true), data: quizStateSchema });

/**
 * GET /{participacion}/preguntas: every question not answered yet, in order, with the moment
 * the server first issued them (timing of offline answers is judged against it).
 */
export const questionBundleSchema = z.object({
  id_participacion: z.int(),
  atributo_id: z.int(),
  quizz: z.int(),
  issued_at: z.string(),
  /**
   * The agent's time accommodation (1, 1.5 or 2): the timer shows the bands scaled by it, as the
   * server scores. Optional: a bundle cached before it existed reads as 1.
   */
  factor_tiempo: z.optional(z.number()),
  estado: quizStateSchema,
  preguntas: z.array(questionSchema),
});
export type QuestionBundle = z.infer<typeof questionBundleSchema>;
export const questionBundleResponseSchema = z.object({ success: z.literal(true), data: questionBundleSchema });

/**
 * POST /{participacion}/{pregunta}/{atributo}/answer — queued offline. `elapsed_ms` is the time
 * from when the question was first shown to the confirmation, measured on the device; the
 * moment of the answer travels in X-Occurred-At. The spec's body is `{respuesta_id}` alone:
 * without `elapsed_ms` the server times the answer with its own clock, from when it served
 * the question.
 */
export const answerBodySchema = z.object({
  respuesta_id: z.int().check(z.minimum(1), z.maximum(2_147_483_647)),
  elapsed_ms: z.optional(z.int().check(z.minimum(0), z.maximum(MAX_ELAPSED_MS))),
});
export type AnswerBody = z.infer<typeof answerBodySchema>;

export const answerResultSchema = z.object({
  id_respuesta_correcta: z.int(),
  correcta: z.boolean(),
  puntos: z.int(),
  estado: quizStateSchema,
});
export const answerResponseSchema = z.object({ success: z.literal(true), data: answerResultSchema });
export type AnswerResult = z.infer<typeof answerResultSchema>;

/** One corrected answer (spec section 3: result row), with the option ids for the screen. */
export const resultRowSchema = z.object({
  id_pregunta: z.int(),
  numero: z.int(),
  pregunta: z.string(),
  id_respuesta_usuario: z.int(),
  respuesta_usuario: z.string(),
  id_respuesta_correcta: z.int(),
  respuesta_correcta: z.string(),
  correcta: z.boolean(),
  puntos: z.int(),
  /** Seconds the answer took, as scored (whole seconds, at least 1). */
  segundos: z.int(),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

/** GET /{participacion}/respuestas: the answers corrected so far, in question order. */
export const resultsSchema = z.object({
  estado: quizStateSchema,
  puntos_totales: z.int(),
  resultados: z.array(resultRowSchema),
});
export type QuizResults = z.infer<typeof resultsSchema>;
export const resultsResponseSchema = z.object({ success: z.literal(true), data: resultsSchema });
