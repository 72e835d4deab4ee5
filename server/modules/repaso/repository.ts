// SQL for Repaso: an agent's Repaso questions (read from their completed quizzes' answers that
// #domain/repaso entersRepaso keeps, with where each reviewed one stands), the rows a review
// writes, and the due agents the reminder reaches. No rules here beyond the SQL mirror of
// entersRepaso and entryDueDay; the spacing and the round are #domain/repaso's.
import { sql, type Kysely } from 'kysely';
import { REPASO_TIME_ZONE, SLOWEST_BAND_POINTS } from '#domain/repaso';
import type { Database } from '#server/db/schema';

type Db = Kysely<Database>;

export interface RepasoItemRow {
  question_id: number;
  stage: number;
  reviews: number;
  due_day: string;
  graduated: boolean;
}

/**
 * The answers that put a question in Repaso, with its item: a completed participation's answer
 * that was wrong or in the slowest band. An item not reviewed yet is due the programme day
 * after the quiz's completion (#domain/repaso entryDueDay, in SQL).
 */
const candidates = (userId: number | null) => sql<RepasoItemRow & { user_id: number }>`
  SELECT p.user_id, a.question_id,
         coalesce(r.stage, 0)::int AS stage, coalesce(r.reviews, 0)::int AS reviews,
         coalesce(r.due_day, (p.completed_at AT TIME ZONE ${REPASO_TIME_ZONE}::text)::date + 1)::text AS due_day,
         (r.graduated_at IS NOT NULL) AS graduated
  FROM quiz_answers a
  JOIN quiz_participations p ON p.id = a.participation_id AND p.completed_at IS NOT NULL
  LEFT JOIN repaso_items r ON r.user_id = p.user_id AND r.question_id = a.question_id
  WHERE (NOT a.correct OR a.points <= ${SLOWEST_BAND_POINTS}) ${userId === null ? sql`` : sql`AND p.user_id = ${userId}`}`;

export function createRepasoRepository(db: Db) {
  return {
    /** Every Repaso question of the agent, graduated ones included. */
    async items(userId: number): Promise<RepasoItemRow[]> {
      const { rows } = await sql<RepasoItemRow>`SELECT question_id, stage, reviews, due_day, graduated FROM (${candidates(userId)}) c`.execute(db);
      return rows;
    },

    async item(userId: number, questionId: number): Promise<RepasoItemRow | undefined> {
      const { rows } = await sql<RepasoItemRow>`
        SELECT question_id, stage, reviews, due_day, graduated FROM (${candidates(userId)}) c WHERE c.question_id = ${questionId}`.execute(db);
      return rows[0];
    },

    /** The questions of a round with their options, attribute, correct option and explanation. */
    async questions(ids: readonly number[]) {
      if (ids.length === 0) return [];
      const questions = await db.selectFrom('quiz_questions as q').innerJoin('attributes as at', 'at.id', 'q.attribute_id')
        .select(['q.id', 'q.quiz', 'q.text', 'q.explanation', 'at.nombre as attribute']).where('q.id', 'in', [...ids]).execute();
      const options = await db.selectFrom('quiz_options').select(['id', 'question_id', 'text', 'correct'])
        .where('question_id', 'in', [...ids]).orderBy('question_id').orderBy('position').execute();
      return questions.map((q) => ({ ...q, options: options.filter((o) => o.question_id === q.id) }));
    },

    async option(optionId: number) {
      return db.selectFrom('quiz_options').select(['id', 'question_id', 'correct']).where('id', '=', optionId).executeTakeFirst();
    },

    async correctOption(questionId: number) {
      return db.selectFrom('quiz_options').select('id').where('question_id', '=', questionId).where('correct', '=', true).executeTakeFirstOrThrow();
    },

    async explanation(questionId: number): Promise<string | null> {
      return (await db.selectFrom('quiz_questions').select('explanation').where('id', '=', questionId).executeTakeFirstOrThrow()).explanation;
    },

    /** Writes the item's first row if it has none (its state as the candidates read it), then locks it. */
    async lockItem(userId: number, item: RepasoItemRow, now: Date): Promise<RepasoItemRow> {
      await db.insertInto('repaso_items')
        .values({ user_id: userId, question_id: item.question_id, stage: item.stage, reviews: item.reviews, due_day: item.due_day, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'question_id']).doNothing()).execute();
      const row = await db.selectFrom('repaso_items')
        .select(['question_id', 'stage', 'reviews', sql<string>`due_day::text`.as('due_day'), sql<boolean>`graduated_at IS NOT NULL`.as('graduated')])
        .where('user_id', '=', userId).where('question_id', '=', item.question_id).forUpdate().executeTakeFirstOrThrow();
      return row;
    },

    async answer(userId: number, questionId: number, review: number) {
      return db.selectFrom('repaso_answers').select(['option_id', 'correct'])
        .where('user_id', '=', userId).where('question_id', '=', questionId).where('review', '=', review).executeTakeFirst();
    },

    async recordReview(userId: number, review: { questionId: number; review: number; optionId: number; correct: boolean; occurredAt: Date; receivedAt: Date },
      next: { stage: number; dueDay: string; graduated: boolean }): Promise<void> {
      await db.insertInto('repaso_answers').values({
        user_id: userId, question_id: review.questionId, review: review.review, option_id: review.optionId, correct: review.correct,
        occurred_at: review.occurredAt, received_at: review.receivedAt,
      }).execute();
      await db.updateTable('repaso_items').set({
        stage: next.stage, reviews: review.review, due_day: next.dueDay, graduated_at: next.graduated ? review.receivedAt : null, updated_at: review.receivedAt,
      }).where('user_id', '=', userId).where('question_id', '=', review.questionId).execute();
    },

    /**
     * Agents (empty perfil) with questions due on `today`, each with the earliest due day of
     * their round: the reminder's key, so a round is told once however long it waits.
     */
    async dueAgents(today: string): Promise<{ user_id: number; since: string; questions: number }[]> {
      const { rows } = await sql<{ user_id: number; since: string; questions: number }>`
        SELECT c.user_id, min(c.due_day) AS since, count(*)::int AS questions FROM (${candidates(null)}) c
        JOIN users u ON u.id = c.user_id AND btrim(u.perfil) = ''
        WHERE NOT c.graduated AND c.due_day <= ${today} GROUP BY c.user_id`.execute(db);
      return rows;
    },
  };
}
