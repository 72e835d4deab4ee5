// The editor's working copy of a quiz and where each problem shows: pure helpers, so the
// screen's checks are #domain/programme-quizzes' own rules, the same the server applies.
import { QUIZ_MIN_OPTIONS, QUIZ_QUESTION_COUNT } from '#contract/programme-quizzes-constants';
import type { QuizDetail } from '#contract/programme-quizzes';
import { normalizeQuiz, quizProblems, type QuestionDraft, type QuizProblem } from '#domain/programme-quizzes';

/** A question as the editor holds it: `key` keeps React's rows stable while options come and go. */
export interface EditableOption {
  key: string;
  id: number | null;
  texto: string;
  correcta: boolean;
}

export interface EditableQuestion {
  key: string;
  id: number | null;
  texto: string;
  opciones: EditableOption[];
  /** Repaso's one line after an answer; '' for none. */
  explicacion: string;
}

let counter = 0;
const newKey = () => `n${++counter}`;

export const blankOption = (): EditableOption => ({ key: newKey(), id: null, texto: '', correcta: false });
const blankQuestion = (): EditableQuestion => ({ key: newKey(), id: null, texto: '', opciones: Array.from({ length: QUIZ_MIN_OPTIONS + 1 }, blankOption), explicacion: '' });

/**
 * The saved quiz as the editor's copy. A quiz nobody has started is shown with its 10 slots,
 * blank ones included, so an incomplete quiz is finished on the same screen.
 */
export function editableOf(detail: QuizDetail): EditableQuestion[] {
  const saved = detail.preguntas.map((q): EditableQuestion => ({
    key: `q${q.id}`, id: q.id, texto: q.texto, opciones: q.opciones.map((o) => ({ key: `o${o.id}`, id: o.id, texto: o.texto, correcta: o.correcta })),
    explicacion: q.explicacion ?? '',
  }));
  if (detail.quiz.bloqueado) return saved;
  return [...saved, ...Array.from({ length: Math.max(0, QUIZ_QUESTION_COUNT - saved.length) }, blankQuestion)];
}

/** The body a save sends (and the rules check): texts trimmed, ids kept. */
export function draftOf(questions: readonly EditableQuestion[]): QuestionDraft[] {
  return normalizeQuiz(questions.map((q) => ({ id: q.id, texto: q.texto, opciones: q.opciones.map((o) => ({ id: o.id, texto: o.texto, correcta: o.correcta })), explicacion: q.explicacion })));
}

export function editorProblems(questions: readonly EditableQuestion[], locked: boolean): QuizProblem[] {
  return quizProblems(draftOf(questions), { complete: !locked });
}

/** Where a problem shows: a question's text, one option, or its options as a group (numbers from 1). */
export const fieldKey = {
  text: (n: number) => `texto:${n}`,
  explanation: (n: number) => `explicacion:${n}`,
  option: (n: number, j: number) => `opcion:${n}:${j}`,
  options: (n: number) => `opciones:${n}`,
};

export interface PlacedProblems {
  /** Problems of the quiz as a whole. */
  quiz: string[];
  /** By fieldKey; several problems of one field are joined. */
  fields: Map<string, string>;
}

export function placeProblems(problems: readonly QuizProblem[]): PlacedProblems {
  const placed: PlacedProblems = { quiz: [], fields: new Map() };
  for (const p of problems) {
    if (p.pregunta === null) {
      placed.quiz.push(p.mensaje);
      continue;
    }
    const key = p.campo === 'texto' ? fieldKey.text(p.pregunta) : p.campo === 'explicacion' ? fieldKey.explanation(p.pregunta)
      : p.campo === 'opcion' && p.opcion !== null ? fieldKey.option(p.pregunta, p.opcion) : fieldKey.options(p.pregunta);
    const before = placed.fields.get(key);
    placed.fields.set(key, before ? `${before} ${p.mensaje}` : p.mensaje);
  }
  return placed;
}
