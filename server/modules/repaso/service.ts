// Repaso as the API applies it (#domain/repaso): the agent's due round, and one review, counted
// once per (agent, question, review number) however often it is delivered. Only agents have a
// Repaso (staff signed in as themselves get 403; a supervisor browsing as an agent reads the
// agent's, and the auth plugin refuses their writes). A review never writes points, rankings,
// prizes, balances or quiz answers: the only rows it touches are repaso_items and repaso_answers.
import type { RepasoAnswerBody, RepasoAnswerResult, RepasoRound } from '#contract/repaso';
import { calendarDay } from '#domain/calendar';
import { isAgentProfile } from '#domain/profiles';
import { afterReview, isRepasoDue, REPASO_TIME_ZONE, repasoRound } from '#domain/repaso';
import type { UserRow } from '#server/db/schema';
import type { AppDeps } from '#server/deps';
import { HttpError } from '#server/http-error';
import { createRepasoRepository, type RepasoItemRow } from './repository.ts';

export const REPASO_AGENTS_ONLY = 'El Repaso es de los agentes: tu perfil no hace cuestionarios.';
export const NOT_IN_REPASO = 'Esa pregunta no está en tu Repaso.';
export const OPTION_NOT_IN_QUESTION = 'Esa respuesta no es de esta pregunta.';
export const ALREADY_REVIEWED = 'Esa pregunta ya se repasó: abre el Repaso de nuevo.';
export const NOT_DUE = 'Esa pregunta todavía no toca repasarla.';

const state = (item: RepasoItemRow) => ({ dueDay: item.due_day, graduated: item.graduated });

export function createRepasoService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = createRepasoRepository(db);

  function assertAgent(user: UserRow): void {
    if (!isAgentProfile(user.perfil)) throw new HttpError(403, REPASO_AGENTS_ONLY);
  }

  return {
    async round(user: UserRow): Promise<RepasoRound> {
      assertAgent(user);
      const now = clock();
      const items = (await repo.items(user.id)).map((item) => ({ ...item, questionId: item.question_id, dueDay: item.due_day }));
      const due = items.filter((item) => isRepasoDue(item, now));
      const round = repasoRound(items, now);
      const questions = new Map((await repo.questions(round.map((item) => item.questionId))).map((q) => [q.id, q]));
      return {
        pendientes: due.length,
        preguntas: round.flatMap((item) => {
          const q = questions.get(item.questionId);
          const correct = q?.options.find((o) => o.correct);
          if (!q || !correct) return [];
          return [{
            id_pregunta: q.id, vista: item.reviews + 1, atributo: q.attribute, quizz: q.quiz, pregunta: q.text,
            respuestas: q.options.map((o) => ({ id_respuesta: o.id, texto_respuesta: o.text })),
            id_respuesta_correcta: correct.id, explicacion: q.explanation,
          }];
        }),
      };
    },

    /** One review (possibly queued offline, possibly delivered twice): the first delivery counts. */
    async answer(user: UserRow, questionId: number, body: RepasoAnswerBody, occurredAt: Date): Promise<RepasoAnswerResult> {
      assertAgent(user);
      const item = await repo.item(user.id, questionId);
      if (!item) throw new HttpError(404, NOT_IN_REPASO);
      const option = await repo.option(body.respuesta_id);
      if (!option || option.question_id !== questionId) throw new HttpError(400, OPTION_NOT_IN_QUESTION);
      const receivedAt = clock();
      return db.transaction().execute(async (trx) => {
        const tx = createRepasoRepository(trx);
        const locked = await tx.lockItem(user.id, item, receivedAt);
        const correctOption = (await tx.correctOption(questionId)).id;
        const explicacion = await tx.explanation(questionId);
        const earlier = await tx.answer(user.id, questionId, body.vista);
        if (earlier) {
          return { correcta: earlier.correct, id_respuesta_correcta: correctOption, explicacion, vuelve: locked.graduated ? null : locked.due_day };
        }
        if (body.vista !== locked.reviews + 1) throw new HttpError(409, ALREADY_REVIEWED);
        if (!isRepasoDue(state(locked), receivedAt)) throw new HttpError(409, NOT_DUE);
        const next = afterReview(locked, option.correct, calendarDay(receivedAt, REPASO_TIME_ZONE));
        await tx.recordReview(user.id, {
          questionId, review: body.vista, optionId: option.id, correct: option.correct, occurredAt, receivedAt,
        }, next);
        return { correcta: option.correct, id_respuesta_correcta: correctOption, explicacion, vuelve: next.graduated ? null : next.dueDay };
      });
    },
  };
}
