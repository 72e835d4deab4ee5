// Quizzes in a programme pack: every quiz that has questions, by attribute slug and number,
// checked by the same rules as the editor and the sheet (#domain/programme-quizzes; a quiz may
// travel unfinished, as the screen shows it: "Incompleto"), and loaded into a programme that
// has no questions yet, after the calendar section has written the attributes.
import * as z from 'zod/mini';
import { quizzesPackSchema, type QuizzesPack } from '#contract/programme-quizzes';
import { normalizeQuiz, quizProblems } from '#domain/programme-quizzes';
import type { PackProblem, PackSection } from '../pack-section.ts';
import { createProgrammeQuizRepository } from './repository.ts';

const NAME = 'quizzes';

export const quizzesPackSection: PackSection<QuizzesPack> = {
  name: NAME,
  parse(raw) {
    const parsed = z.safeParse(quizzesPackSchema, raw);
    if (!parsed.success) {
      return { problems: parsed.error.issues.map((issue) => ({ item: [NAME, ...issue.path.map(String)].join(' › '), message: issue.message })) };
    }
    const problems: PackProblem[] = [];
    const seen = new Set<string>();
    const data = parsed.data.map((entry) => {
      const item = `${NAME} › ${entry.atributo} › quiz ${entry.quizz}`;
      const key = `${entry.atributo}:${entry.quizz}`;
      if (seen.has(key)) problems.push({ item, message: 'Este quiz aparece dos veces' });
      seen.add(key);
      const preguntas = normalizeQuiz(entry.preguntas);
      for (const problem of quizProblems(preguntas, { complete: false })) problems.push({ item, message: problem.mensaje });
      return { ...entry, preguntas: preguntas.map((q) => ({ texto: q.texto, opciones: q.opciones.map((o) => ({ texto: o.texto, correcta: o.correcta })), ...(q.explicacion ? { explicacion: q.explicacion } : {}) })) };
    });
    return problems.length > 0 ? { problems } : { data };
  },
  async read(db) {
    const repo = createProgrammeQuizRepository(db);
    const questions = await repo.allQuestions();
    return (await repo.attributes()).flatMap((attribute) => ([1, 2] as const).flatMap((quizz) => {
      const saved = questions.get(repo.keyOf(attribute.id, quizz)) ?? [];
      return saved.length === 0 ? [] : [{
        atributo: attribute.slug, quizz,
        preguntas: saved.map((q) => ({ texto: q.texto, opciones: q.opciones.map((o) => ({ texto: o.texto, correcta: o.correcta })), ...(q.explicacion ? { explicacion: q.explicacion } : {}) })),
      }];
    }));
  },
  media() {
    return [];
  },
  async write(trx, data) {
    const existing = await trx.selectFrom('quiz_questions').select('id').limit(1).execute();
    if (existing.length > 0) return [{ item: NAME, message: 'El programa ya tiene preguntas de quizzes' }];
    const repo = createProgrammeQuizRepository(trx);
    const bySlug = new Map((await repo.attributes()).map((a) => [a.slug, a.id]));
    const problems: PackProblem[] = [];
    for (const entry of data) {
      const attributeId = bySlug.get(entry.atributo);
      if (attributeId === undefined) {
        problems.push({ item: `${NAME} › ${entry.atributo} › quiz ${entry.quizz}`, message: `No existe el atributo «${entry.atributo}»` });
        continue;
      }
      await repo.replace({ attributeId, quiz: entry.quizz }, entry.preguntas);
    }
    return problems;
  },
};
