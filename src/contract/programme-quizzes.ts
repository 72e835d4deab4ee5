import * as z from 'zod/mini';

export * from './programme-quizzes-constants';

// Programa › Quizzes (issue 35): an admin reads and writes Quiz 1 and Quiz 2 of every attribute.
// Bodies are checked loosely here (sizes that stop abuse); the product rules (10 questions, 2-4
// options, one correct, 1-300 characters) are #domain/programme-quizzes, which answers every
// problem by question and option, in Spanish.

const quizNumber = z.union([z.literal(1), z.literal(2)]);
const dbId = z.int().check(z.minimum(1), z.maximum(2_147_483_647));
/** Far above the rule's 300: a longer text is a problem the rules name, not a bare 400. */
const looseText = z.string().check(z.maxLength(5_000));

/** One attribute's Quiz 1 or 2, as the list shows it. `bloqueado`: someone has started it. */
export const quizSummarySchema = z.object({
  atributo_id: z.int(),
  atributo: z.string(),
  slug: z.string(),
  quizz: quizNumber,
  preguntas: z.int(),
  /** Exactly 10 questions, each valid. */
  completo: z.boolean(),
  participaciones: z.int(),
  respuestas: z.int(),
  /** Agents have started it: only wording may change. */
  bloqueado: z.boolean(),
});
export type QuizSummary = z.infer<typeof quizSummarySchema>;

/** GET programa/quizzes */
export const quizListResponseSchema = z.object({ quizzes: z.array(quizSummarySchema) });
export type QuizListResponse = z.infer<typeof quizListResponseSchema>;

export const quizOptionSchema = z.object({ id: z.int(), texto: z.string(), correcta: z.boolean() });
export const quizQuestionSchema = z.object({
  id: z.int(), numero: z.int(), texto: z.string(), opciones: z.array(quizOptionSchema),
  /** Repaso's one line after an answer (issue 39); null for none. */
  explicacion: z.nullable(z.string()),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** GET programa/quizzes/:atributo/:quizz, and the answer to every write of it. */
export const quizDetailResponseSchema = z.object({ quiz: quizSummarySchema, preguntas: z.array(quizQuestionSchema) });
export type QuizDetail = z.infer<typeof quizDetailResponseSchema>;

/** An option as the editor sends it: `id` of the option it rewords (required once locked). */
export const quizOptionDraftSchema = z.object({ id: z.optional(z.nullable(dbId)), texto: looseText, correcta: z.boolean() });
export const quizQuestionDraftSchema = z.object({
  id: z.optional(z.nullable(dbId)),
  texto: looseText,
  opciones: z.array(quizOptionDraftSchema).check(z.maxLength(20)),
  /** Absent: the saved explanation stays; null or empty: none. */
  explicacion: z.optional(z.nullable(looseText)),
});

/** PUT programa/quizzes/:atributo/:quizz: the whole quiz, in order. */
export const quizSaveBodySchema = z.object({ preguntas: z.array(quizQuestionDraftSchema).check(z.maxLength(50)) });
export type QuizSaveBody = z.infer<typeof quizSaveBodySchema>;

/** One problem of a quiz (the 422's `errores`): question and option numbers from 1, null for the quiz. */
export const quizProblemSchema = z.object({
  pregunta: z.nullable(z.int()),
  opcion: z.nullable(z.int()),
  campo: z.enum(['preguntas', 'texto', 'opciones', 'opcion', 'correcta', 'explicacion']),
  mensaje: z.string(),
});
export type QuizProblemBody = z.infer<typeof quizProblemSchema>;

/** One problem of an imported sheet (the 422's `errores`): its row (header = 1) and column. */
export const quizSheetProblemSchema = z.object({ fila: z.nullable(z.int()), columna: z.nullable(z.string()), mensaje: z.string() });
export type QuizSheetProblem = z.infer<typeof quizSheetProblemSchema>;

// --- Programme pack ------------------------------------------------------------------------

const packOption = z.object({ texto: looseText, correcta: z.boolean() });
const packQuestion = z.object({ texto: looseText, opciones: z.array(packOption).check(z.maxLength(20)), explicacion: z.optional(z.nullable(looseText)) });

/** The pack's "quizzes" section: every quiz with questions, by attribute slug. */
export const quizzesPackSchema = z.array(z.object({
  atributo: z.string().check(z.minLength(1), z.maxLength(100)),
  quizz: quizNumber,
  preguntas: z.array(packQuestion).check(z.maxLength(50)),
}));
export type QuizzesPack = z.infer<typeof quizzesPackSchema>;
