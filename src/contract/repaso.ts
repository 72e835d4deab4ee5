import * as z from 'zod/mini';

export * from './repaso-constants';

// Repaso (issue 39): the agent's due round and the answer to a review. A round carries each
// question's correct option and explanation: the agent has already seen the quiz's correction,
// and the device shows right or wrong at once, offline too. Nothing here is ever scored.

const dbId = z.int().check(z.minimum(1), z.maximum(2_147_483_647));

export const repasoQuestionSchema = z.object({
  id_pregunta: z.int(),
  /** Which review this answer is (1: the question's second sight): it makes the answer count once. */
  vista: z.int(),
  atributo: z.string(),
  quizz: z.int(),
  pregunta: z.string(),
  respuestas: z.array(z.object({ id_respuesta: z.int(), texto_respuesta: z.string() })),
  id_respuesta_correcta: z.int(),
  explicacion: z.nullable(z.string()),
});
export type RepasoQuestion = z.infer<typeof repasoQuestionSchema>;

/** GET /repaso: the due round (empty when nothing is due) and how many questions are due in all. */
export const repasoRoundSchema = z.object({
  preguntas: z.array(repasoQuestionSchema),
  pendientes: z.int().check(z.minimum(0)),
});
export type RepasoRound = z.infer<typeof repasoRoundSchema>;

/** POST /repaso/:pregunta/respuesta */
export const repasoAnswerBodySchema = z.object({ respuesta_id: dbId, vista: dbId });
export type RepasoAnswerBody = z.infer<typeof repasoAnswerBodySchema>;

export const repasoAnswerResultSchema = z.object({
  correcta: z.boolean(),
  id_respuesta_correcta: z.int(),
  explicacion: z.nullable(z.string()),
  /** The programme day it comes back (YYYY-MM-DD); null once it has left Repaso. */
  vuelve: z.nullable(z.string()),
});
export type RepasoAnswerResult = z.infer<typeof repasoAnswerResultSchema>;
