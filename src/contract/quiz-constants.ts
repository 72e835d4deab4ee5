// The quiz contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/quiz re-exports them beside its schemas.
/**
 * Quiz calls (spec section 7): a participation per (user, attribute, quiz), its questions and
 * answers. Path ids are numbers: `atributo` is the attribute id (1-7), `quizz` is 1 or 2,
 * `participacion` a participation id and `pregunta` a question id.
 */
export const QUIZ_PATHS = {
  start: '/start/:atributo/quizz/:quizz',
  checkStart: '/check-start/:atributo/quizz/:quizz',
  question: '/:participacion/pregunta',
  stat: '/:participacion/pregunta/stat',
  /** All remaining questions at once, for answering offline (never the correct answers). */
  bundle: '/:participacion/preguntas',
  /** Queued offline. */
  answer: '/:participacion/:pregunta/:atributo/answer',
  results: '/:participacion/respuestas',
} as const;

/** The longest per-question time a client may claim (about 23 days: it fits a PostgreSQL integer). */
export const MAX_ELAPSED_MS = 2_000_000_000;
