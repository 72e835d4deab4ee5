// The rules of an editable quiz (Programa › Quizzes, issue 35), used alike by the API, the
// spreadsheet import, the programme pack and the screen: what makes a quiz valid, and which
// changes are refused once agents have started it (anything that could alter a score). Pure:
// it never reads the database; it never decides who may edit (that is #server access).
import {
  QUIZ_MAX_OPTIONS, QUIZ_MIN_OPTIONS, QUIZ_QUESTION_COUNT, QUIZ_TEXT_MAX,
} from '#contract/programme-quizzes-constants';
import { EXPLANATION_MAX } from '#contract/repaso-constants';

export interface OptionDraft {
  /** The saved option this one rewords; absent for a new option. */
  id?: number | null;
  texto: string;
  correcta: boolean;
}

export interface QuestionDraft {
  id?: number | null;
  texto: string;
  opciones: OptionDraft[];
  /**
   * The one line Repaso shows after an answer (issue 39): optional, null for none. Absent (a
   * sheet, an older editor) keeps the saved one (keepExplanations). Never part of a score.
   */
  explicacion?: string | null;
}

/** A saved question: ids always present. */
export interface SavedQuestion {
  id: number;
  texto: string;
  opciones: { id: number; texto: string; correcta: boolean }[];
  explicacion?: string | null;
}

export type QuizField = 'preguntas' | 'texto' | 'opciones' | 'opcion' | 'correcta' | 'explicacion';

/** One problem: question and option numbers from 1 (null: the quiz as a whole, or the question). */
export interface QuizProblem {
  pregunta: number | null;
  opcion: number | null;
  campo: QuizField;
  mensaje: string;
}

/** Texts as they are stored: trimmed, inner runs of whitespace kept. */
export function normalizeQuiz(questions: readonly QuestionDraft[]): QuestionDraft[] {
  return questions.map((q) => ({
    ...q,
    texto: q.texto.trim(),
    opciones: q.opciones.map((o) => ({ ...o, texto: o.texto.trim() })),
    // An empty explanation is none; absent stays absent (keepExplanations decides).
    ...(q.explicacion === undefined ? {} : { explicacion: q.explicacion?.trim() || null }),
  }));
}

/** A draft question without an explanation (a sheet's row) keeps the saved question's, by position. */
export function keepExplanations(saved: readonly SavedQuestion[], draft: readonly QuestionDraft[]): QuestionDraft[] {
  return draft.map((q, i) => (q.explicacion === undefined ? { ...q, explicacion: saved[i]?.explicacion ?? null } : q));
}

/** The explanations a save changes, by saved id (a started quiz takes them: they change no score). */
export function explanationChanges(saved: readonly SavedQuestion[], draft: readonly QuestionDraft[]): { id: number; pregunta: number; before: string | null; after: string | null }[] {
  return saved.flatMap((q, i) => {
    const after = draft[i]?.explicacion;
    const before = q.explicacion ?? null;
    return after === undefined || after === before ? [] : [{ id: q.id, pregunta: i + 1, before, after }];
  });
}

/** Two option texts a person would read as the same. */
const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es') === b.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');

function textProblem(text: string, where: string): string | null {
  const length = text.trim().length;
  if (length === 0) return `${where}: el texto está vacío.`;
  if (length > QUIZ_TEXT_MAX) return `${where}: el texto tiene ${length} caracteres (máximo ${QUIZ_TEXT_MAX}).`;
  return null;
}

/** Every problem of one question (`n` its number from 1). */
export function questionProblems(question: QuestionDraft, n: number): QuizProblem[] {
  const problems: QuizProblem[] = [];
  const add = (campo: QuizField, mensaje: string, opcion: number | null = null) => problems.push({ pregunta: n, opcion, campo, mensaje });
  const text = textProblem(question.texto, `Pregunta ${n}`);
  if (text) add('texto', text);
  const count = question.opciones.length;
  if (count < QUIZ_MIN_OPTIONS || count > QUIZ_MAX_OPTIONS) {
    add('opciones', `Pregunta ${n}: debe tener de ${QUIZ_MIN_OPTIONS} a ${QUIZ_MAX_OPTIONS} opciones (tiene ${count}).`);
  }
  question.opciones.forEach((option, i) => {
    const optionText = textProblem(option.texto, `Pregunta ${n}, opción ${i + 1}`);
    if (optionText) add('opcion', optionText, i + 1);
    const earlier = question.opciones.findIndex((other, j) => j < i && other.texto.trim() !== '' && sameText(other.texto, option.texto));
    if (earlier >= 0) add('opcion', `Pregunta ${n}, opción ${i + 1}: repite el texto de la opción ${earlier + 1}.`, i + 1);
  });
  const explanation = question.explicacion?.trim().length ?? 0;
  if (explanation > EXPLANATION_MAX) add('explicacion', `Pregunta ${n}: la explicación tiene ${explanation} caracteres (máximo ${EXPLANATION_MAX}).`);
  const correct = question.opciones.filter((o) => o.correcta).length;
  if (correct === 0) add('correcta', `Pregunta ${n}: marca cuál es la opción correcta.`);
  if (correct > 1) add('correcta', `Pregunta ${n}: solo una opción puede ser la correcta (hay ${correct} marcadas).`);
  return problems;
}

/**
 * Every problem of a quiz. `complete`: it must have exactly 10 questions (a save or an import);
 * a quiz that agents have started keeps its own count, which `scoreChange` guards instead.
 */
export function quizProblems(questions: readonly QuestionDraft[], { complete }: { complete: boolean }): QuizProblem[] {
  const problems: QuizProblem[] = [];
  if (complete && questions.length !== QUIZ_QUESTION_COUNT) {
    problems.push({ pregunta: null, opcion: null, campo: 'preguntas', mensaje: `El quiz debe tener exactamente ${QUIZ_QUESTION_COUNT} preguntas (tiene ${questions.length}).` });
  }
  if (!complete && questions.length > QUIZ_QUESTION_COUNT) {
    problems.push({ pregunta: null, opcion: null, campo: 'preguntas', mensaje: `Un quiz tiene como máximo ${QUIZ_QUESTION_COUNT} preguntas (tiene ${questions.length}).` });
  }
  questions.forEach((q, i) => problems.push(...questionProblems(q, i + 1)));
  return problems;
}

/** Exactly 10 questions, each valid: agents can play it whole. */
export function isQuizComplete(questions: readonly QuestionDraft[]): boolean {
  return quizProblems(questions, { complete: true }).length === 0;
}

/**
 * Once anyone has started a quiz it is locked: starting hands the agent's device every question
 * and option by id (to answer offline), so from then on a question or option that vanished, or a
 * correct option that moved, would change or refuse an answer already given or still queued.
 */
export function isQuizLocked(counts: { participaciones: number; respuestas: number }): boolean {
  return counts.participaciones > 0 || counts.respuestas > 0;
}

const LOCKED = 'este quiz ya lo han empezado agentes: solo se puede corregir el texto';

/**
 * The first change of `draft` that could alter a score of a locked quiz (null: only wording
 * changed): questions added, removed or reordered, options added, removed or reordered (by id),
 * or a different correct option. Its message names the question.
 */
export function scoreChange(saved: readonly SavedQuestion[], draft: readonly QuestionDraft[]): QuizProblem | null {
  if (draft.length !== saved.length) {
    return { pregunta: null, opcion: null, campo: 'preguntas', mensaje: `No se pueden añadir ni quitar preguntas: ${LOCKED} (tiene ${saved.length} preguntas y envías ${draft.length}).` };
  }
  for (const [i, before] of saved.entries()) {
    const after = draft[i];
    const n = i + 1;
    if (!after) continue;
    if (after.id !== before.id) {
      return { pregunta: n, opcion: null, campo: 'preguntas', mensaje: `Pregunta ${n}: no se puede sustituir ni cambiar de orden; ${LOCKED}.` };
    }
    if (after.opciones.length !== before.opciones.length) {
      return { pregunta: n, opcion: null, campo: 'opciones', mensaje: `Pregunta ${n}: no se pueden añadir ni quitar opciones; ${LOCKED}.` };
    }
    const moved = before.opciones.findIndex((o, j) => after.opciones[j]?.id !== o.id);
    if (moved >= 0) {
      return { pregunta: n, opcion: moved + 1, campo: 'opciones', mensaje: `Pregunta ${n}: no se pueden sustituir ni cambiar de orden las opciones; ${LOCKED}.` };
    }
    const changed = before.opciones.findIndex((o, j) => after.opciones[j]?.correcta !== o.correcta);
    if (changed >= 0) {
      return { pregunta: n, opcion: changed + 1, campo: 'correcta', mensaje: `Pregunta ${n}: no se puede cambiar la respuesta correcta; ${LOCKED}.` };
    }
  }
  return null;
}

/**
 * A draft without ids (a spreadsheet's rows) read against the saved quiz by position: question
 * i is saved question i, option j its option j. Extra rows or options get no id, so scoreChange
 * refuses them like any other added item.
 */
export function withSavedIds(saved: readonly SavedQuestion[], draft: readonly QuestionDraft[]): QuestionDraft[] {
  return draft.map((q, i) => ({
    ...q,
    id: saved[i]?.id ?? null,
    opciones: q.opciones.map((o, j) => ({ ...o, id: saved[i]?.opciones[j]?.id ?? null })),
  }));
}

export interface WordingChange {
  entity: 'question' | 'option';
  id: number;
  /** Question number from 1, and option number for an option. */
  pregunta: number;
  opcion: number | null;
  before: string;
  after: string;
}

/** The texts a reworded (locked) quiz changes, one per question or option; ids as saved. */
export function wordingChanges(saved: readonly SavedQuestion[], draft: readonly QuestionDraft[]): WordingChange[] {
  return saved.flatMap((before, i) => {
    const after = draft[i];
    if (!after) return [];
    const question: WordingChange[] = before.texto === after.texto ? []
      : [{ entity: 'question', id: before.id, pregunta: i + 1, opcion: null, before: before.texto, after: after.texto }];
    const options = before.opciones.flatMap((o, j): WordingChange[] => {
      const text = after.opciones[j]?.texto;
      return text === undefined || text === o.texto ? [] : [{ entity: 'option', id: o.id, pregunta: i + 1, opcion: j + 1, before: o.texto, after: text }];
    });
    return [...question, ...options];
  });
}

/** Same texts and correct options, in the same order (ids aside): saving it changes nothing. */
export function sameContent(saved: readonly SavedQuestion[], draft: readonly QuestionDraft[]): boolean {
  return saved.length === draft.length && saved.every((q, i) => {
    const d = draft[i];
    return d !== undefined && d.texto === q.texto && (d.explicacion ?? null) === (q.explicacion ?? null) && d.opciones.length === q.opciones.length
      && q.opciones.every((o, j) => d.opciones[j]?.texto === o.texto && d.opciones[j]?.correcta === o.correcta);
  });
}

export type QuizStatus = 'completo' | 'incompleto' | 'bloqueado';

export function quizStatus(quiz: { completo: boolean; bloqueado: boolean }): QuizStatus {
  if (quiz.bloqueado) return 'bloqueado';
  return quiz.completo ? 'completo' : 'incompleto';
}

/** What the screen says of a quiz's state. */
export function quizStatusLabel(quiz: { completo: boolean; bloqueado: boolean; respuestas: number }): string {
  switch (quizStatus(quiz)) {
    case 'bloqueado':
      return quiz.respuestas > 0 ? 'Con respuestas: solo se puede corregir el texto' : 'Empezado por agentes: solo se puede corregir el texto';
    case 'completo':
      return 'Completo';
    case 'incompleto':
      return 'Incompleto';
  }
}
