// Quiz rules the API applies: one participation per (user, attribute, quiz), opened only on its
// calendar day and after its video is seen (#domain/quiz, #domain/training); answers scored by
// the claimed time (#domain/scoring) unless the timing is impossible; first answer wins; each
// answer's points credited once. Always scoped to the signed-in user's own participations.
import type { AnswerBody, AnswerResult, Participation, Question, QuestionBundle, QuizResults, QuizState } from '#contract/quiz';
import { sourceKeys } from '#domain/points';
import { answerPoints, isCompleted, isQuizOpen, quizCounters, scoredSeconds, serverElapsedMs, timingProblem, type QuizNumber, type ServedQuestion } from '#domain/quiz';
import { earliestAnswerAt } from '#domain/occurred-at';
import { isTimeFactor, QUESTIONS_PER_QUIZ, type TimeFactor } from '#domain/scoring';
import { QUIZ_LOCKED_MESSAGE, quizVideo } from '#domain/training';
import type { AppDeps } from '#server/deps';
import { HttpError } from '#server/http-error';
import { placeDeviceFact } from '#server/plugins/occurred-at-device';
import type { Earning } from '#server/modules/points/movements';
import { recordCoachingAnswer, refreshCoachingProgress } from '#server/modules/coaching/aggregates';
import { earnActivity, recordTrainingStep } from '#server/modules/rankings/standings';
import { createTrainingRepository } from '#server/modules/training/repository';
import { createQuizRepository, type AnswerRow, type ParticipationRow, type QuestionWithOptions } from './repository.ts';

export const ATTRIBUTE_NOT_FOUND = 'No existe ese atributo';
export const QUIZ_NOT_OPEN = 'Este cuestionario todavía no está disponible.';
export const PARTICIPATION_NOT_FOUND = 'No existe ese cuestionario';
export const QUESTION_NOT_IN_QUIZ = 'Esa pregunta no es de este cuestionario';
export const OPTION_NOT_IN_QUESTION = 'Esa respuesta no es de esta pregunta';
export const WRONG_ATTRIBUTE = 'Ese atributo no es el de este cuestionario';
export const IMPOSSIBLE_TIMING = 'El tiempo de respuesta indicado no es posible. Vuelve a responder la pregunta.';

export interface AnswerInput extends AnswerBody {
  participationId: number;
  questionId: number;
  attributeId: number;
  /** X-Occurred-At, already clamped; used only with client timing (elapsed_ms). */
  occurredAt: Date;
  /** The session delivering the answer: its device's facts are placed in order. */
  sessionId?: number | null;
}

/** What the server observed of a participation's serving, for an answer it times itself. */
function servedOf(participation: ParticipationRow, answers: readonly AnswerRow[]): ServedQuestion {
  return {
    issuedAt: participation.issued_at,
    servedQuestionId: participation.served_question_id,
    servedAt: participation.served_at,
    lastAnswerReceivedAt: answers.length === 0 ? null : new Date(Math.max(...answers.map((a) => a.received_at.getTime()))),
  };
}

const toQuestion = (q: QuestionWithOptions): Question => ({
  id: q.id,
  numero: q.position,
  pregunta: q.text,
  respuestas: q.options.map((o) => ({ id_respuesta: o.id, texto_respuesta: o.text })),
});

/** The agent's time accommodation (users.time_factor): 1 unless an admin granted ×1.5 or ×2. */
export async function timeFactorOf(db: AppDeps['db'], userId: number): Promise<TimeFactor> {
  const row = await db.selectFrom('users').select('time_factor').where('id', '=', userId).executeTakeFirst();
  const factor = Number(row?.time_factor ?? 1);
  return isTimeFactor(factor) ? factor : 1;
}

export function createQuizService({ db, clock }: AppDeps) {
  const repo = createQuizRepository(db);

  async function enabledAttribute(attributeId: number) {
    const attribute = await repo.findAttribute(attributeId);
    if (!attribute?.enabled) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
    return attribute;
  }

  /** Another user's participation does not exist as far as this one is concerned. */
  async function ownParticipation(userId: number, participationId: number): Promise<ParticipationRow> {
    const participation = await repo.participationById(participationId);
    if (!participation || participation.user_id !== userId) throw new HttpError(404, PARTICIPATION_NOT_FOUND);
    return participation;
  }

  /** Questions in the participation's quiz (10 with the programme's content). */
  async function totalOf(participation: ParticipationRow): Promise<number> {
    return Math.min(QUESTIONS_PER_QUIZ, await repo.questionCount(participation.attribute_id, participation.quiz));
  }

  async function stateOf(participation: ParticipationRow): Promise<QuizState> {
    return quizCounters(await repo.answers(participation.id), await totalOf(participation));
  }

  async function participationOf(participation: ParticipationRow): Promise<Participation> {
    return { id_participacion: participation.id, estado: await stateOf(participation) };
  }

  async function remainingQuestions(participation: ParticipationRow): Promise<Question[]> {
    const answered = new Set((await repo.answers(participation.id)).map((a) => a.question_id));
    const questions = await repo.questions(participation.attribute_id, participation.quiz, QUESTIONS_PER_QUIZ);
    return questions.filter((q) => !answered.has(q.id)).map(toQuestion);
  }

  /** The calendar and the matching video both allow starting this quiz; throws why not. */
  async function assertCanStart(userId: number, attribute: Awaited<ReturnType<typeof enabledAttribute>>, quiz: QuizNumber): Promise<void> {
    if (!isQuizOpen(attribute, quiz, clock())) throw new HttpError(409, QUIZ_NOT_OPEN);
    if (await repo.questionCount(attribute.id, quiz) === 0) throw new HttpError(409, QUIZ_NOT_OPEN);
    const video = quizVideo(await createTrainingRepository(db).videosWithProgress(attribute.id, userId), quiz);
    if (!video) throw new HttpError(409, QUIZ_NOT_OPEN);
    if (video.seen_at === null) throw new HttpError(403, QUIZ_LOCKED_MESSAGE);
  }

  return {
    async checkStart(userId: number, attributeId: number, quiz: QuizNumber): Promise<Participation | null> {
      await enabledAttribute(attributeId);
      const participation = await repo.findParticipation(userId, attributeId, quiz);
      return participation ? participationOf(participation) : null;
    },

    /** One attempt: an existing participation is returned as it is, whatever the calendar says now. */
    async start(userId: number, attributeId: number, quiz: QuizNumber): Promise<Participation> {
      const attribute = await enabledAttribute(attributeId);
      const existing = await repo.findParticipation(userId, attributeId, quiz);
      if (existing) return participationOf(existing);
      await assertCanStart(userId, attribute, quiz);
      // A quiz started is a start for Seguimiento: counted in the participation's transaction.
      return participationOf(await db.transaction().execute(async (trx) => {
        const row = await createQuizRepository(trx).createParticipation(userId, attributeId, quiz, clock());
        await refreshCoachingProgress(trx, userId, attributeId);
        return row;
      }));
    },

    /** The next question; serving it starts the server's clock for an answer sent without timing. */
    async nextQuestion(userId: number, participationId: number): Promise<Question | null> {
      const next = (await remainingQuestions(await ownParticipation(userId, participationId)))[0] ?? null;
      if (next) await repo.markServed(participationId, next.id, clock());
      return next;
    },

    async stat(userId: number, participationId: number): Promise<QuizState> {
      return stateOf(await ownParticipation(userId, participationId));
    },

    async bundle(userId: number, participationId: number): Promise<QuestionBundle> {
      const participation = await ownParticipation(userId, participationId);
      return {
        id_participacion: participation.id,
        atributo_id: participation.attribute_id,
        quizz: participation.quiz,
        issued_at: participation.issued_at.toISOString(),
        factor_tiempo: await timeFactorOf(db, userId),
        estado: await stateOf(participation),
        preguntas: await remainingQuestions(participation),
      };
    },

    async results(userId: number, participationId: number): Promise<QuizResults> {
      const participation = await ownParticipation(userId, participationId);
      const rows = await repo.results(participation.id);
      return {
        estado: quizCounters(rows, await totalOf(participation)),
        puntos_totales: rows.reduce((sum, r) => sum + r.points, 0),
        resultados: rows.map((r) => ({
          id_pregunta: r.question_id,
          numero: r.position,
          pregunta: r.question,
          id_respuesta_usuario: r.option_id,
          respuesta_usuario: r.option_text,
          id_respuesta_correcta: r.correct_option_id,
          respuesta_correcta: r.correct_option_text,
          correcta: r.correct,
          puntos: r.points,
          segundos: scoredSeconds(r.elapsed_ms),
        })),
      };
    },

    /**
     * One answer (possibly queued offline, possibly a replay under another key). The
     * participation stays locked from the first-answer check to the ledger write, so two
     * answers to one question can never both count, and the ledger's source key backs that up.
     * Inside the transaction only `trx` is used: PGlite has a single connection.
     */
    async answer(userId: number, input: AnswerInput): Promise<AnswerResult> {
      const participation = await ownParticipation(userId, input.participationId);
      if (participation.attribute_id !== input.attributeId) throw new HttpError(400, WRONG_ATTRIBUTE);
      const question = await repo.findQuestion(input.questionId);
      if (!question || question.attribute_id !== participation.attribute_id || question.quiz !== participation.quiz) {
        throw new HttpError(404, QUESTION_NOT_IN_QUIZ);
      }
      const option = await repo.findOption(input.respuesta_id);
      if (!option || option.question_id !== question.id) throw new HttpError(400, OPTION_NOT_IN_QUESTION);
      const attribute = await enabledAttribute(participation.attribute_id);
      const total = await totalOf(participation);
      const receivedAt = clock();

      return db.transaction().execute(async (trx) => {
        const quiz = createQuizRepository(trx);
        const locked = await quiz.lockParticipation(participation.id);
        const answers = await quiz.answers(locked.id);
        const correctOption = await quiz.correctOption(question.id);
        const first = answers.find((a) => a.question_id === question.id);
        if (first) {
          return { id_respuesta_correcta: correctOption, correcta: first.correct, puntos: first.points, estado: quizCounters(answers, total) };
        }
        // Client timing (the offline-capable app) is checked against what the server observed;
        // without it (the spec's body) the server's own clock times the answer, and it happened now.
        const timing = input.elapsed_ms === undefined
          ? { elapsedMs: serverElapsedMs(servedOf(locked, answers), question.id, receivedAt), occurredAt: receivedAt }
          : { elapsedMs: input.elapsed_ms, occurredAt: input.occurredAt };
        const problem = input.elapsed_ms !== undefined && timingProblem({
          issuedAt: locked.issued_at, receivedAt, occurredAt: timing.occurredAt, elapsedMs: timing.elapsedMs,
          earlierElapsedMs: answers.map((a) => a.elapsed_ms),
        });
        if (problem) throw new HttpError(422, IMPOSSIBLE_TIMING);
        // A possible claim still goes no earlier than the device's previous fact, nor than the
        // issue plus the answering times claimed so far: that moment is what ranks.
        const occurredAt = await placeDeviceFact(trx, input.sessionId ?? null, timing.occurredAt,
          earliestAnswerAt(locked.issued_at, [...answers.map((a) => a.elapsed_ms), timing.elapsedMs]));

        // The agent's own bands (time accommodation), applied to the time that passed the checks above.
        const points = answerPoints(timing.elapsedMs, option.correct, await timeFactorOf(trx, userId));
        const answer: AnswerRow = {
          participation_id: locked.id, question_id: question.id, option_id: option.id, correct: option.correct,
          elapsed_ms: timing.elapsedMs, points, occurred_at: occurredAt, received_at: receivedAt,
        };
        await quiz.insertAnswer(answer);
        if (points > 0) {
          const credit: Earning = {
            userId, amount: points, concept: `Quizz ${locked.quiz} ${attribute.nombre}: pregunta ${question.position}`,
            sourceKey: sourceKeys.quizAnswer(locked.id, question.id), attributeId: locked.attribute_id,
            kind: 'activity', occurredAt, receivedAt,
          };
          await earnActivity(trx, credit);
        }
        const all = [...answers, answer];
        const estado = quizCounters(all, total);
        if (isCompleted(estado) && locked.completed_at === null) {
          // Finished when its last answer happened (a quiz answered offline finished before it arrived).
          const finishedAt = new Date(Math.max(...all.map((a) => a.occurred_at.getTime())));
          await quiz.markCompleted(locked.id, finishedAt);
          await recordTrainingStep(trx, userId, locked.attribute_id, receivedAt);
        }
        await recordCoachingAnswer(trx, { userId, attributeId: locked.attribute_id, questionId: question.id, optionId: option.id });
        return { id_respuesta_correcta: correctOption, correcta: option.correct, puntos: points, estado };
      });
    },
  };
}

export type QuizService = ReturnType<typeof createQuizService>;
