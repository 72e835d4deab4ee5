// Quiz writes. Starting needs the network (the server hands out the questions and fixes the
// issue time). Answering may happen offline: the answer, with the time it took since the
// question was first shown, is queued in the outbox together with its local record, in one
// transaction, so the screen moves on exactly when the answer is sure to be sent.
import type { Participation, Question, QuizState } from '#contract/quiz';
import { MAX_ELAPSED_MS, QUIZ_PATHS } from '#contract/quiz';
import { quizCacheKeys, startQuiz } from '#api/quiz';
import { cacheKeys, trainingPaths } from '#api/training';
import { quizFinishedAction, type QuizNumber } from '#domain/quiz';
import { elapsedSince } from '#domain/quiz-flow';
import { revalidate } from '#offline/cache';
import { db } from '#offline/db';
import { isSimulatedNavigation } from '#offline/session';
import { runCommand, updateSnapshot } from '#offline/outbox';

/** What the device remembers of an answer it queued (meta row, cleared at sign-out). */
export interface QueuedAnswerRecord {
  questionId: number;
  optionId: number;
  answeredAt: number;
  elapsedMs: number;
}

export const answerMetaPrefix = (participationId: number) => `quiz-answer:${participationId}:`;
const answerKey = (participationId: number, questionId: number) => `${answerMetaPrefix(participationId)}${questionId}`;
const shownKey = (participationId: number, questionId: number) => `quiz-shown:${participationId}:${questionId}`;

/** POST /start: the participation (new or existing), stored as the screen's snapshot. Throws ApiRequestError. */
export async function startParticipation(userId: number, attributeId: number, quiz: QuizNumber): Promise<Participation> {
  const participation = await startQuiz(attributeId, quiz);
  await revalidate(quizCacheKeys.participation(attributeId, quiz), userId, async () => participation);
  return participation;
}

/**
 * When this question was first shown on this device (ms epoch), recording now if it never was.
 * A reload mid-question finds the first moment again, so the timer keeps counting from it.
 */
export async function markQuestionShown(participationId: number, questionId: number): Promise<number> {
  return db.transaction('rw', db.meta, async () => {
    const key = shownKey(participationId, questionId);
    const existing = await db.meta.get(key);
    if (typeof existing?.value === 'number') return existing.value;
    const now = Date.now();
    await db.meta.put({ key, value: now });
    return now;
  });
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

const answered = (estado: QuizState): QuizState => {
  const respondidas = Math.min(estado.preguntas_totales, estado.preguntas_respondidas + 1);
  return { ...estado, preguntas_respondidas: respondidas, preguntas_no_respondidas: estado.preguntas_totales - respondidas };
};

/**
 * POST /{participacion}/{pregunta}/{atributo}/answer, queued with its elapsed time; the moment
 * it happened travels as X-Occurred-At. Points are unknown until the server corrects it.
 */
export async function queueAnswer(input: AnswerInput): Promise<void> {
  const { userId, participationId, question, optionId } = input;
  const answeredAt = Date.now();
  const elapsedMs = Math.min(MAX_ELAPSED_MS, elapsedSince(input.shownAt, answeredAt));
  const participationKey = quizCacheKeys.participation(input.attributeId, input.quiz);
  await runCommand({
    userId,
    label: `Quizz ${input.quiz} ${input.attributeName}: pregunta ${question.numero}`,
    request: { method: 'POST', path: QUIZ_PATHS.answer(participationId, question.id, input.attributeId), body: { respuesta_id: optionId, elapsed_ms: elapsedMs } },
    affects: [quizCacheKeys.results(participationId), participationKey, cacheKeys.imps, ...(input.completes ? [cacheKeys.progress(input.attributeId)] : [])],
    apply: async (tables) => {
      const record: QueuedAnswerRecord = { questionId: question.id, optionId, answeredAt, elapsedMs };
      await tables.meta.put({ key: answerKey(participationId, question.id), value: record });
      // The dashboard's button reads this snapshot: "En proceso", then "Completado", offline too.
      await updateSnapshot<Participation | null>(tables, participationKey, userId, (p) => (p ? { ...p, estado: answered(p.estado) } : p));
    },
  });
  if (input.completes) await logQuizFinished(userId, input.quiz, input.attributeName);
}

/** A refused answer is asked again: its refused outbox rows and local records go, and the timer restarts. */
export async function forgetRefusedAnswer(userId: number, participationId: number, questionId: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.meta, async () => {
    await db.outbox.where('[userId+status]').equals([userId, 'failed'])
      .filter((row) => row.path.startsWith(`/${participationId}/${questionId}/`))
      .delete();
    await db.meta.bulkDelete([answerKey(participationId, questionId), shownKey(participationId, questionId)]);
  });
}

/** POST /log/register "Finaliza quizz …", queued. Never throws: a lost log entry must not stop the quiz. */
async function logQuizFinished(userId: number, quiz: QuizNumber, attributeName: string): Promise<void> {
  if (isSimulatedNavigation()) return;
  try {
    await runCommand({ userId, label: 'Registro de actividad', request: { method: 'POST', path: trainingPaths.logEvent, body: { action: quizFinishedAction(quiz, attributeName) } } });
  } catch (error) {
    console.warn('Could not queue the log event', error);
  }
}
