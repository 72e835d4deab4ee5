// SQL for Programa › Quizzes: the questions and options of a quiz with which is correct, how many
// agents started or answered it, and the writes of a save (a full replace, or texts only). No
// rules here: they are #domain/programme-quizzes, applied by the service.
import { sql, type Kysely } from 'kysely';
import type { QuestionDraft, SavedQuestion } from '#domain/programme-quizzes';
import type { Database } from '#server/db/schema';

export interface QuizKey {
  attributeId: number;
  quiz: number;
}

export interface AttributeRef {
  id: number;
  slug: string;
  nombre: string;
}

export interface QuizCounts {
  participaciones: number;
  respuestas: number;
}

const keyOf = (attributeId: number, quiz: number) => `${attributeId}:${quiz}`;

export function createProgrammeQuizRepository(db: Kysely<Database>) {
  /** Questions in order with options in order, grouped by `attribute:quiz`. */
  async function questionsWhere(key: QuizKey | null): Promise<Map<string, SavedQuestion[]>> {
    let query = db.selectFrom('quiz_questions').select(['id', 'attribute_id', 'quiz', 'position', 'text', 'explanation']);
    if (key) query = query.where('attribute_id', '=', key.attributeId).where('quiz', '=', key.quiz);
    const questions = await query.orderBy('attribute_id').orderBy('quiz').orderBy('position').execute();
    const options = questions.length === 0 ? [] : await db.selectFrom('quiz_options').select(['id', 'question_id', 'text', 'correct'])
      .where('question_id', 'in', questions.map((q) => q.id)).orderBy('question_id').orderBy('position').execute();
    const byQuestion = new Map<number, SavedQuestion['opciones']>();
    for (const o of options) {
      const list = byQuestion.get(o.question_id) ?? [];
      list.push({ id: o.id, texto: o.text, correcta: o.correct });
      byQuestion.set(o.question_id, list);
    }
    const quizzes = new Map<string, SavedQuestion[]>();
    for (const q of questions) {
      const k = keyOf(q.attribute_id, q.quiz);
      const list = quizzes.get(k) ?? [];
      list.push({ id: q.id, texto: q.text, opciones: byQuestion.get(q.id) ?? [], explicacion: q.explanation });
      quizzes.set(k, list);
    }
    return quizzes;
  }

  return {
    keyOf,

    async attributes(): Promise<AttributeRef[]> {
      return db.selectFrom('attributes').select(['id', 'slug', 'nombre']).orderBy('display_order').orderBy('id').execute();
    },

    async attribute(id: number): Promise<AttributeRef | undefined> {
      return db.selectFrom('attributes').select(['id', 'slug', 'nombre']).where('id', '=', id).executeTakeFirst();
    },

    allQuestions: () => questionsWhere(null),

    async questions(key: QuizKey): Promise<SavedQuestion[]> {
      return (await questionsWhere(key)).get(keyOf(key.attributeId, key.quiz)) ?? [];
    },

    /** Participations and answers per `attribute:quiz` (only quizzes that have any). */
    async counts(key: QuizKey | null): Promise<Map<string, QuizCounts>> {
      let participations = db.selectFrom('quiz_participations').select(['attribute_id', 'quiz', sql<number>`count(*)::int`.as('n')])
        .groupBy(['attribute_id', 'quiz']);
      let answers = db.selectFrom('quiz_answers as a').innerJoin('quiz_participations as p', 'p.id', 'a.participation_id')
        .select(['p.attribute_id', 'p.quiz', sql<number>`count(*)::int`.as('n')]).groupBy(['p.attribute_id', 'p.quiz']);
      if (key) {
        participations = participations.where('attribute_id', '=', key.attributeId).where('quiz', '=', key.quiz);
        answers = answers.where('p.attribute_id', '=', key.attributeId).where('p.quiz', '=', key.quiz);
      }
      const counts = new Map<string, QuizCounts>();
      for (const row of await participations.execute()) counts.set(keyOf(row.attribute_id, row.quiz), { participaciones: row.n, respuestas: 0 });
      for (const row of await answers.execute()) {
        const k = keyOf(row.attribute_id, row.quiz);
        counts.set(k, { participaciones: counts.get(k)?.participaciones ?? 0, respuestas: row.n });
      }
      return counts;
    },

    /**
     * Holds off new participations (and every other quiz save) until this transaction ends, so
     * "nobody has started it" stays true while a quiz is replaced: an agent's start waits a moment
     * and then gets the new questions.
     */
    async lockParticipations(): Promise<void> {
      await sql`LOCK TABLE quiz_participations IN SHARE ROW EXCLUSIVE MODE`.execute(db);
    },

    /** Deletes the quiz's questions (options cascade) and inserts `questions` in order. */
    async replace(key: QuizKey, questions: readonly QuestionDraft[]): Promise<void> {
      await db.deleteFrom('quiz_questions').where('attribute_id', '=', key.attributeId).where('quiz', '=', key.quiz).execute();
      if (questions.length === 0) return;
      const inserted = await db.insertInto('quiz_questions')
        .values(questions.map((q, i) => ({ attribute_id: key.attributeId, quiz: key.quiz, position: i + 1, text: q.texto, explanation: q.explicacion ?? null })))
        .returning(['id', 'position']).execute();
      const idAt = new Map(inserted.map((row) => [row.position, row.id]));
      const options = questions.flatMap((q, i) => q.opciones.map((o, j) => ({
        question_id: idAt.get(i + 1) ?? 0, position: j + 1, text: o.texto, correct: o.correcta,
      })));
      if (options.length > 0) await db.insertInto('quiz_options').values(options).execute();
    },

    async setQuestionText(id: number, text: string): Promise<void> {
      await db.updateTable('quiz_questions').set({ text }).where('id', '=', id).execute();
    },

    async setExplanation(id: number, explanation: string | null): Promise<void> {
      await db.updateTable('quiz_questions').set({ explanation }).where('id', '=', id).execute();
    },

    async setOptionText(id: number, text: string): Promise<void> {
      await db.updateTable('quiz_options').set({ text }).where('id', '=', id).execute();
    },
  };
}

export type ProgrammeQuizRepository = ReturnType<typeof createProgrammeQuizRepository>;
