// Quiz writes. Starting needs the network (the server hands out the questions and fixes the
// issue time). Answering may happen offline: the answer, with the time it took since the
// question was first shown, is queued in the outbox together with its local record, in one
// transaction, so the screen moves on exactly when the answer is sure to be sent.
// What the device keeps of answers (and of when questions were shown) is #offline/quiz-answers'.
import type { Participation, Question } from '#contract/quiz';
import { buildPath } from '#contract/paths';
import { MAX_ELAPSED_MS, QUIZ_PATHS } from '#contract/quiz-constants';
import { startQuiz } from '#api/quiz';
import { quizFinishedAction, type QuizNumber } from '#domain/quiz';
import { countQueuedAnswer, elapsedSince } from '#domain/quiz-flow';
import { revalidate } from '#offline/cache';
import { drainFirst } from '#offline/drain-trigger';
import { pendingCount, runCommand, updateSnapshot } from '#offline/outbox';
import { recordQueuedAnswer } from '#offline/quiz-answers';
import { cacheKeys } from '#data/cache-keys';
import { logEvent } from '#data/log-event';

export { forgetRefusedAnswer, markQuestionShown } from '#offline/quiz-answers';

/**
 * POST /start: the participation (new or existing), stored as the screen's snapshot. Throws
 * ApiRequestError. The server starts a quiz only once its video is seen: a video finished a
 * moment ago may still be in the outbox, so what this user has queued goes out first.
 */
export async function startParticipation(userId: number, attributeId: number, quiz: QuizNumber): Promise<Participation> {
  if ((await pendingCount(userId)) > 0) await drainFirst();
  const participation = await startQuiz(attributeId, quiz);
  await revalidate(cacheKeys.quiz.participation(attributeId, quiz), userId, async () => participation);
  return participation;
}

export interface AnswerInput {
  userId: number;
  attributeId: number;
  attributeName: string;
  quiz: QuizNumber;
  participationId: number;
  question: Question;
  optionId: number;
  shownAt: number;
  /** This answer is the last one the quiz needs. */
  completes: boolean;
}

/**
 * POST /{participacion}/{pregunta}/{atributo}/answer, queued with its elapsed time; the moment
 * it happened travels as X-Occurred-At. Points are unknown until the server corrects it.
 * The last answer also logs "Finaliza quizz …" (never throws: a lost log must not stop the quiz).
 */
export async function queueAnswer(input: AnswerInput): Promise<void> {
  const { userId, participationId, question, optionId } = input;
  const answeredAt = Date.now();
  const elapsedMs = Math.min(MAX_ELAPSED_MS, elapsedSince(input.shownAt, answeredAt));
  const participationKey = cacheKeys.quiz.participation(input.attributeId, input.quiz);
  await runCommand({
    userId,
    label: `Quizz ${input.quiz} ${input.attributeName}: pregunta ${question.numero}`,
    subject: { kind: 'quiz-answer', participationId, questionId: question.id },
    request: { method: 'POST', path: buildPath(QUIZ_PATHS.answer, { participacion: participationId, pregunta: question.id, atributo: input.attributeId }), body: { respuesta_id: optionId, elapsed_ms: elapsedMs } },
    affects: [cacheKeys.quiz.results(participationId), participationKey, cacheKeys.imps, ...(input.completes ? [cacheKeys.progress(input.attributeId)] : [])],
    apply: async (tables) => {
      await recordQueuedAnswer(tables, participationId, { questionId: question.id, optionId, answeredAt, elapsedMs });
      // The dashboard's button reads this snapshot: "En proceso", then "Completado", offline too.
      await updateSnapshot<Participation | null>(tables, participationKey, userId, (p) => (p ? { ...p, estado: countQueuedAnswer(p.estado) } : p));
    },
  });
  if (input.completes) await logEvent(userId, quizFinishedAction(input.quiz, input.attributeName));
}
