// Programa › Quizzes: reads every quiz's state and saves a quiz, from the editor or a sheet, by
// the one set of rules (#domain/programme-quizzes). A quiz nobody has started is replaced whole;
// a started one (locked) takes wording fixes only, kept on the same ids so every answer, point
// and queued answer still points at its question. Each save and its change-log rows are one
// transaction.
import type { QuizDetail, QuizSummary } from '#contract/programme-quizzes';
import {
  explanationChanges, isQuizComplete, isQuizLocked, keepExplanations, normalizeQuiz, quizProblems, sameContent, scoreChange, wordingChanges, type QuestionDraft, type QuizProblem, type SavedQuestion,
} from '#domain/programme-quizzes';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import type { ProgrammeEditor } from '../access.ts';
import { recordChange } from '../audit.ts';
import { createProgrammeQuizRepository, type AttributeRef, type QuizCounts, type QuizKey } from './repository.ts';

export const ATTRIBUTE_NOT_FOUND = 'No existe ese atributo';

/** The 422 of a quiz with problems: each one in `errores`, the first few in the message. */
export function invalidQuiz(problems: QuizProblem[]): HttpError {
  const shown = problems.slice(0, 3).map((p) => p.mensaje).join(' ');
  const more = problems.length > 3 ? ` Y ${problems.length - 3} problemas más.` : '';
  return new HttpError(422, `El quiz no se guardó. ${shown}${more}`, { errores: problems });
}

const NO_COUNTS: QuizCounts = { participaciones: 0, respuestas: 0 };

function summaryOf(attribute: AttributeRef, quiz: 1 | 2, questions: readonly SavedQuestion[], counts: QuizCounts): QuizSummary {
  return {
    atributo_id: attribute.id, atributo: attribute.nombre, slug: attribute.slug, quizz: quiz,
    preguntas: questions.length, completo: isQuizComplete(questions), ...counts, bloqueado: isQuizLocked(counts),
  };
}

function detailOf(summary: QuizSummary, questions: readonly SavedQuestion[]): QuizDetail {
  return { quiz: summary, preguntas: questions.map((q, i) => ({ id: q.id, numero: i + 1, texto: q.texto, opciones: q.opciones, explicacion: q.explicacion ?? null })) };
}

export type SaveSource = 'editor' | 'hoja';

export interface SaveOptions {
  source: SaveSource;
  /** The draft carries no ids (a sheet): a locked quiz reads it by position. */
  placeIds?: (saved: SavedQuestion[], draft: QuestionDraft[]) => QuestionDraft[];
  /** The refusal for these rule problems (and the source's own), or null to go on. */
  refuse?: (problems: QuizProblem[]) => HttpError | null;
}

const refuseInEditor = (problems: QuizProblem[]) => (problems.length > 0 ? invalidQuiz(problems) : null);

export function createProgrammeQuizService(db: Kysely<Database>) {
  const repo = createProgrammeQuizRepository(db);

  async function attributeOf(id: number): Promise<AttributeRef> {
    const attribute = await repo.attribute(id);
    if (!attribute) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
    return attribute;
  }

  async function detail(trx: Kysely<Database>, attribute: AttributeRef, quiz: 1 | 2): Promise<QuizDetail> {
    const r = createProgrammeQuizRepository(trx);
    const key = { attributeId: attribute.id, quiz };
    const questions = await r.questions(key);
    const counts = (await r.counts(key)).get(r.keyOf(attribute.id, quiz)) ?? NO_COUNTS;
    return detailOf(summaryOf(attribute, quiz, questions, counts), questions);
  }

  return {
    attributeOf,

    async list(): Promise<QuizSummary[]> {
      const [attributes, questions, counts] = [await repo.attributes(), await repo.allQuestions(), await repo.counts(null)];
      return attributes.flatMap((a) => ([1, 2] as const).map((quiz) => {
        const k = repo.keyOf(a.id, quiz);
        return summaryOf(a, quiz, questions.get(k) ?? [], counts.get(k) ?? NO_COUNTS);
      }));
    },

    async detail(attributeId: number, quiz: 1 | 2): Promise<QuizDetail> {
      return detail(db, await attributeOf(attributeId), quiz);
    },

    /** Saves the whole quiz. Problems: 422 listing each; a change that could alter a score: 409. */
    async save(editor: ProgrammeEditor, attributeId: number, quiz: 1 | 2, input: readonly QuestionDraft[], options: SaveOptions): Promise<QuizDetail> {
      const attribute = await attributeOf(attributeId);
      return db.transaction().execute(async (trx) => {
        const r = createProgrammeQuizRepository(trx);
        await r.lockParticipations();
        const key: QuizKey = { attributeId, quiz };
        const saved = await r.questions(key);
        const draft = keepExplanations(saved, normalizeQuiz(input));
        const counts = (await r.counts(key)).get(r.keyOf(attributeId, quiz)) ?? NO_COUNTS;
        const locked = isQuizLocked(counts);
        const refusal = (options.refuse ?? refuseInEditor)(quizProblems(draft, { complete: !locked }));
        if (refusal) throw refusal;
        const entityId = `${attribute.slug}:${quiz}`;
        if (!locked) {
          if (!sameContent(saved, draft)) {
            await r.replace(key, draft);
            await recordChange(trx, editor, {
              area: 'quizzes', entity: 'quiz', entityId, action: saved.length === 0 ? 'created' : 'replaced',
              before: saved.length === 0 ? null : { source: options.source, preguntas: saved }, after: { source: options.source, preguntas: draft },
            });
          }
          return detail(trx, attribute, quiz);
        }
        const placed = options.placeIds ? options.placeIds(saved, draft) : draft;
        const change = scoreChange(saved, placed);
        if (change) throw new HttpError(409, change.mensaje, { errores: [change] });
        for (const fix of wordingChanges(saved, placed)) {
          await (fix.entity === 'question' ? r.setQuestionText(fix.id, fix.after) : r.setOptionText(fix.id, fix.after));
          await recordChange(trx, editor, {
            area: 'quizzes', entity: fix.entity === 'question' ? 'question' : 'option', entityId: fix.id, action: 'reworded',
            before: { quiz: entityId, pregunta: fix.pregunta, opcion: fix.opcion, texto: fix.before },
            after: { quiz: entityId, pregunta: fix.pregunta, opcion: fix.opcion, texto: fix.after, source: options.source },
          });
        }
        for (const fix of explanationChanges(saved, placed)) {
          await r.setExplanation(fix.id, fix.after);
          await recordChange(trx, editor, {
            area: 'quizzes', entity: 'question', entityId: fix.id, action: 'reworded',
            before: { quiz: entityId, pregunta: fix.pregunta, explicacion: fix.before },
            after: { quiz: entityId, pregunta: fix.pregunta, explicacion: fix.after, source: options.source },
          });
        }
        return detail(trx, attribute, quiz);
      });
    },
  };
}

export type ProgrammeQuizService = ReturnType<typeof createProgrammeQuizService>;
