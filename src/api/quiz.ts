// Quiz calls: the participation of a quiz (check-start), starting it (online only), the
// bundle of remaining questions and the corrected answers, each checked against the contract.
// Answers are not sent from here: they are queued commands (the quiz feature's commands.ts).
import { QUIZ_PATHS } from '#contract/quiz-constants';
import type { Participation, QuestionBundle, QuizResults } from '#contract/quiz';
import { apiPath, http, readJson } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/quiz');

/** GET /check-start/{atributo}/quizz/{quizz}: the user's participation, or null if never started. */
export async function fetchParticipation(attributeId: number, quiz: number): Promise<Participation | null> {
  return (await readJson(http.get(apiPath(QUIZ_PATHS.checkStart, { atributo: attributeId, quizz: quiz })), contract, 'checkStartResponseSchema')).data;
}

/** POST /start/{atributo}/quizz/{quizz}: needs the network (it hands out the questions). */
export async function startQuiz(attributeId: number, quiz: number): Promise<Participation> {
  return (await readJson(http.post(apiPath(QUIZ_PATHS.start, { atributo: attributeId, quizz: quiz })), contract, 'startResponseSchema')).data;
}

/** GET /{participacion}/preguntas: every question not answered yet, for answering offline. */
export async function fetchQuestionBundle(participationId: number): Promise<QuestionBundle> {
  return (await readJson(http.get(apiPath(QUIZ_PATHS.bundle, { participacion: participationId })), contract, 'questionBundleResponseSchema')).data;
}

/** GET /{participacion}/respuestas: the answers the server has corrected so far. */
export async function fetchQuizResults(participationId: number): Promise<QuizResults> {
  return (await readJson(http.get(apiPath(QUIZ_PATHS.results, { participacion: participationId })), contract, 'resultsResponseSchema')).data;
}
