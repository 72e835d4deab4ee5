// SQL for quizzes: question content, participations and their answers. Every participation
// query is scoped by id and checked against its user by the service. No rules here: opening
// days, scoring and timing plausibility are #domain/quiz functions.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, QuizAnswersTable, QuizParticipationsTable } from '#server/db/schema';

export type ParticipationRow = Selectable<QuizParticipationsTable>;
export type AnswerRow = Selectable<QuizAnswersTable>;

export interface QuestionWithOptions {
  id: number;
  position: number;
  text: string;
  options: { id: number; text: string }[];
}

export interface OptionRecord {
  id: number;
  question_id: number;
  correct: boolean;
}

export interface ResultRecord {
  question_id: number;
  position: number;
  question: string;
  option_id: number;
  option_text: string;
  correct_option_id: number;
  correct_option_text: string;
  correct: boolean;
  points: number;
  elapsed_ms: number;
}

export function createQuizRepository(db: Kysely<Database>) {
  return {
    async findAttribute(id: number) {
      return db.selectFrom('attributes').select(['id', 'nombre', 'enabled', 'month_start', 'quiz2_opens_at'])
        .where('id', '=', id).executeTakeFirst();
    },

    /** The quiz's questions (at most `limit`), in order, with their options in order; never which is correct. */
    async questions(attributeId: number, quiz: number, limit: number): Promise<QuestionWithOptions[]> {
      const questions = await db.selectFrom('quiz_questions').select(['id', 'position', 'text'])
        .where('attribute_id', '=', attributeId).where('quiz', '=', quiz)
        .orderBy('position').limit(limit).execute();
      if (questions.length === 0) return [];
      const options = await db.selectFrom('quiz_options').select(['id', 'question_id', 'text'])
        .where('question_id', 'in', questions.map((q) => q.id))
        .orderBy('question_id').orderBy('position').execute();
      return questions.map((q) => ({ ...q, options: options.filter((o) => o.question_id === q.id).map(({ id, text }) => ({ id, text })) }));
    },

    async questionCount(attributeId: number, quiz: number): Promise<number> {
      const row = await db.selectFrom('quiz_questions').select(sql<number>`count(*)::int`.as('n'))
        .where('attribute_id', '=', attributeId).where('quiz', '=', quiz).executeTakeFirstOrThrow();
      return row.n;
    },

    async findQuestion(id: number) {
      return db.selectFrom('quiz_questions').select(['id', 'attribute_id', 'quiz', 'position']).where('id', '=', id).executeTakeFirst();
    },

    async findOption(id: number): Promise<OptionRecord | undefined> {
      return db.selectFrom('quiz_options').select(['id', 'question_id', 'correct']).where('id', '=', id).executeTakeFirst();
    },

    async correctOption(questionId: number): Promise<number> {
      const row = await db.selectFrom('quiz_options').select('id').where('question_id', '=', questionId).where('correct', '=', true)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findParticipation(userId: number, attributeId: number, quiz: number): Promise<ParticipationRow | undefined> {
      return db.selectFrom('quiz_participations').selectAll()
        .where('user_id', '=', userId).where('attribute_id', '=', attributeId).where('quiz', '=', quiz)
        .executeTakeFirst();
    },

    async participationById(id: number): Promise<ParticipationRow | undefined> {
      return db.selectFrom('quiz_participations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Creates the user's participation unless one exists (concurrent starts create one); returns it. */
    async createParticipation(userId: number, attributeId: number, quiz: number, issuedAt: Date): Promise<ParticipationRow> {
      await db.insertInto('quiz_participations')
        .values({ user_id: userId, attribute_id: attributeId, quiz, issued_at: issuedAt, created_at: issuedAt })
        .onConflict((oc) => oc.columns(['user_id', 'attribute_id', 'quiz']).doNothing())
        .execute();
      return db.selectFrom('quiz_participations').selectAll()
        .where('user_id', '=', userId).where('attribute_id', '=', attributeId).where('quiz', '=', quiz)
        .executeTakeFirstOrThrow();
    },

    /** Row-locks a participation until the transaction ends: its answers are recorded one at a time. */
    async lockParticipation(id: number): Promise<ParticipationRow> {
      return db.selectFrom('quiz_participations').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    },

    /**
     * Remembers that `questionId` is being served now, unless it already was: serving the same
     * question again (a reload) keeps the first moment, so a reload never buys time.
     */
    async markServed(participationId: number, questionId: number, now: Date): Promise<void> {
      await db.updateTable('quiz_participations').set({ served_question_id: questionId, served_at: now })
        .where('id', '=', participationId)
        .where((eb) => eb.or([eb('served_question_id', 'is', null), eb('served_question_id', '!=', questionId)]))
        .execute();
    },

    async answers(participationId: number): Promise<AnswerRow[]> {
      return db.selectFrom('quiz_answers').selectAll().where('participation_id', '=', participationId).execute();
    },

    async insertAnswer(answer: Insertable<QuizAnswersTable>): Promise<void> {
      await db.insertInto('quiz_answers').values(answer).execute();
    },

    async markCompleted(participationId: number, completedAt: Date): Promise<void> {
      await db.updateTable('quiz_participations').set({ completed_at: completedAt }).where('id', '=', participationId).execute();
    },

    /** The participation's answers with their questions and both options' texts, in quiz order. */
    async results(participationId: number): Promise<ResultRecord[]> {
      return db.selectFrom('quiz_answers as a')
        .innerJoin('quiz_questions as q', 'q.id', 'a.question_id')
        .innerJoin('quiz_options as chosen', 'chosen.id', 'a.option_id')
        .innerJoin('quiz_options as right', (join) => join.onRef('right.question_id', '=', 'q.id').on('right.correct', '=', true))
        .select([
          'a.question_id', 'q.position', 'q.text as question', 'a.option_id', 'chosen.text as option_text',
          'right.id as correct_option_id', 'right.text as correct_option_text', 'a.correct', 'a.points', 'a.elapsed_ms',
        ])
        .where('a.participation_id', '=', participationId)
        .orderBy('q.position')
        .execute();
    },
  };
}

export type QuizRepository = ReturnType<typeof createQuizRepository>;
