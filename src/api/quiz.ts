// Quiz calls: the participation of a quiz (check-start), starting it (online only), the
// bundle of remaining questions and the corrected answers, each checked against the contract.
// Answers are not sent from here: they are queued commands (the quiz feature's commands.ts).
import {
  checkStartResponseSchema,
  questionBundleResponseSchema,
  QUIZ_PATHS,
  resultsResponseSchema,
  startResponseSchema,
  type Participation,
  type QuestionBundle,
  type QuizResults,
} from '#contract/quiz';
import { http, readJson } from '#api/http';

/** Snapshot keys of the device cache for quizzes (the dashboard reads the participation too). */
export const quizCacheKeys = {
  /** Participation | null: the answer of check-start. */
  participation: (attributeId: number, quiz: number) => `quiz:${attributeId}:${quiz}`,
  bundle: (participationId: number) => `quiz-preguntas:${participationId}`,
  results: (participationId: number) => `quiz-respuestas:${participationId}`,
} as const;

/** GET /check-start/{atributo}/quizz/{quizz}: the user's participation, or null if never started. */
export async function fetchParticipation(attributeId: number, quiz: number): Promise<Participation | null> {
  return (await readJson(http.get(QUIZ_PATHS.checkStart(attributeId, quiz)), checkStartResponseSchema)).data;
}

/** POST /start/{atributo}/quizz/{quizz}: needs the network (it hands out the questions). */
export async function startQuiz(attributeId: number, quiz: number): Promise<Participation> {
  return (await readJson(http.post(QUIZ_PATHS.start(attributeId, quiz)), startResponseSchema)).data;
}

/** GET /{participacion}/preguntas: every question not answered yet, for answering offline. */
export async function fetchQuestionBundle(participationId: number): Promise<QuestionBundle> {
  return (await readJson(http.get(QUIZ_PATHS.bundle(participationId)), questionBundleResponseSchema)).data;
}

/** GET /{participacion}/respuestas: the answers the server has corrected so far. */
export async function fetchQuizResults(participationId: number): Promise<QuizResults> {
  return (await readJson(http.get(QUIZ_PATHS.results(participationId)), resultsResponseSchema)).data;
}
