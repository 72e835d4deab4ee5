import { describe, expect, it } from 'vitest';
import {
  explanationChanges, isQuizComplete, isQuizLocked, keepExplanations, normalizeQuiz, quizProblems, quizStatusLabel, sameContent, scoreChange, withSavedIds, wordingChanges,
  type QuestionDraft, type SavedQuestion,
} from './programme-quizzes';

const question = (n: number, options = 3, correct = 0): QuestionDraft => ({
  texto: `Pregunta número ${n}`,
  opciones: Array.from({ length: options }, (_, j) => ({ texto: `Opción ${j + 1} de ${n}`, correcta: j === correct })),
});
const quiz = (count = 10): QuestionDraft[] => Array.from({ length: count }, (_, i) => question(i + 1));
const saved = (): SavedQuestion[] => quiz().map((q, i) => ({
  id: 100 + i, texto: q.texto, opciones: q.opciones.map((o, j) => ({ id: 1000 + i * 10 + j, texto: o.texto, correcta: o.correcta })),
}));
const edit = (draft: QuestionDraft[], n: number, change: (q: QuestionDraft) => QuestionDraft) => draft.map((q, i) => (i === n - 1 ? change(q) : q));

describe('quizProblems: the rules of a quiz, every problem by question and option', () => {
  it.each<[string, QuestionDraft[], string[]]>([
    ['a valid quiz', quiz(), []],
    ['11 questions', quiz(11), ['El quiz debe tener exactamente 10 preguntas (tiene 11).']],
    ['9 questions', quiz(9), ['El quiz debe tener exactamente 10 preguntas (tiene 9).']],
    ['1 option', edit(quiz(), 3, () => question(3, 1)), ['Pregunta 3: debe tener de 2 a 4 opciones (tiene 1).']],
    ['5 options', edit(quiz(), 4, () => question(4, 5)), ['Pregunta 4: debe tener de 2 a 4 opciones (tiene 5).']],
    ['2 options is the least', edit(quiz(), 4, () => question(4, 2)), []],
    ['4 options is the most', edit(quiz(), 4, () => question(4, 4)), []],
    ['no correct option', edit(quiz(), 2, (q) => ({ ...q, opciones: q.opciones.map((o) => ({ ...o, correcta: false })) })), ['Pregunta 2: marca cuál es la opción correcta.']],
    ['two correct options', edit(quiz(), 2, (q) => ({ ...q, opciones: q.opciones.map((o) => ({ ...o, correcta: true })) })), ['Pregunta 2: solo una opción puede ser la correcta (hay 3 marcadas).']],
    ['an empty question', edit(quiz(), 5, (q) => ({ ...q, texto: '   ' })), ['Pregunta 5: el texto está vacío.']],
    ['an empty option', edit(quiz(), 5, (q) => ({ ...q, opciones: [q.opciones[0]!, { texto: '', correcta: false }] })), ['Pregunta 5, opción 2: el texto está vacío.']],
    ['301 characters', edit(quiz(), 6, (q) => ({ ...q, texto: 'x'.repeat(301) })), ['Pregunta 6: el texto tiene 301 caracteres (máximo 300).']],
    ['300 characters is the most', edit(quiz(), 6, (q) => ({ ...q, texto: 'x'.repeat(300) })), []],
    ['a repeated option (case and spaces aside)', edit(quiz(), 7, (q) => ({ ...q, opciones: [...q.opciones.slice(0, 2), { texto: ' opción 1  DE 7 ', correcta: false }] })),
      ['Pregunta 7, opción 3: repite el texto de la opción 1.']],
  ])('%s', (_name, draft, messages) => {
    expect(quizProblems(draft, { complete: true }).map((p) => p.mensaje)).toEqual(messages);
  });

  it('11 options all marked correct: both problems, on that question', () => {
    const problems = quizProblems(edit(quiz(), 1, (q) => ({ ...q, opciones: Array.from({ length: 11 }, (_, j) => ({ texto: `o${j}`, correcta: true })) })), { complete: true });
    expect(problems.map((p) => [p.pregunta, p.campo])).toEqual([[1, 'opciones'], [1, 'correcta']]);
  });

  it('a started quiz keeps its count: fewer than 10 is no problem, more than 10 is', () => {
    expect(quizProblems(quiz(7), { complete: false })).toEqual([]);
    expect(quizProblems(quiz(11), { complete: false }).map((p) => p.campo)).toEqual(['preguntas']);
    expect(isQuizComplete(quiz())).toBe(true);
    expect(isQuizComplete(quiz(9))).toBe(false);
  });

  it('normalizeQuiz trims every text', () => {
    expect(normalizeQuiz([{ texto: '  ¿Qué? ', opciones: [{ texto: ' Sí ', correcta: true }] }])).toEqual([{ texto: '¿Qué?', opciones: [{ texto: 'Sí', correcta: true }] }]);
  });
});

describe('scoreChange: what a started quiz refuses', () => {
  const ids = (): QuestionDraft[] => saved().map((q) => ({ ...q }));
  it.each<[string, QuestionDraft[], string | null]>([
    ['the same quiz', ids(), null],
    ['a wording fix', edit(ids(), 3, (q) => ({ ...q, texto: 'Otra redacción', opciones: q.opciones.map((o) => ({ ...o, texto: `${o.texto}.` })) })), null],
    ['another correct option', edit(ids(), 3, (q) => ({ ...q, opciones: q.opciones.map((o, j) => ({ ...o, correcta: j === 1 })) })),
      'Pregunta 3: no se puede cambiar la respuesta correcta; este quiz ya lo han empezado agentes: solo se puede corregir el texto.'],
    ['an option added', edit(ids(), 2, (q) => ({ ...q, opciones: [...q.opciones, { texto: 'Nueva', correcta: false }] })),
      'Pregunta 2: no se pueden añadir ni quitar opciones; este quiz ya lo han empezado agentes: solo se puede corregir el texto.'],
    ['an option removed', edit(ids(), 2, (q) => ({ ...q, opciones: q.opciones.slice(0, 2) })),
      'Pregunta 2: no se pueden añadir ni quitar opciones; este quiz ya lo han empezado agentes: solo se puede corregir el texto.'],
    ['options reordered', edit(ids(), 5, (q) => ({ ...q, opciones: [...q.opciones].reverse() })),
      'Pregunta 5: no se pueden sustituir ni cambiar de orden las opciones; este quiz ya lo han empezado agentes: solo se puede corregir el texto.'],
    ['questions reordered', [ids()[1]!, ids()[0]!, ...ids().slice(2)],
      'Pregunta 1: no se puede sustituir ni cambiar de orden; este quiz ya lo han empezado agentes: solo se puede corregir el texto.'],
    ['a question replaced by a new one', edit(ids(), 9, (q) => ({ ...q, id: null })),
      'Pregunta 9: no se puede sustituir ni cambiar de orden; este quiz ya lo han empezado agentes: solo se puede corregir el texto.'],
    ['a question added', [...ids(), question(11)],
      'No se pueden añadir ni quitar preguntas: este quiz ya lo han empezado agentes: solo se puede corregir el texto (tiene 10 preguntas y envías 11).'],
  ])('%s', (_name, draft, message) => {
    expect(scoreChange(saved(), draft)?.mensaje ?? null).toBe(message);
  });

  it('a sheet (no ids) is read by position: same shape passes, a moved correct option does not', () => {
    expect(scoreChange(saved(), withSavedIds(saved(), quiz()))).toBeNull();
    const moved = edit(quiz(), 4, (q) => ({ ...q, opciones: q.opciones.map((o, j) => ({ ...o, correcta: j === 2 })) }));
    expect(scoreChange(saved(), withSavedIds(saved(), moved))?.pregunta).toBe(4);
    const extra = edit(quiz(), 4, (q) => ({ ...q, opciones: [...q.opciones, { texto: 'otra', correcta: false }] }));
    expect(scoreChange(saved(), withSavedIds(saved(), extra))?.campo).toBe('opciones');
  });
});

describe('wordingChanges and sameContent', () => {
  it('lists each changed text with its saved id, before and after', () => {
    const draft = edit(saved(), 2, (q) => ({ ...q, texto: 'Nuevo', opciones: q.opciones.map((o, j) => (j === 1 ? { ...o, texto: 'Otra' } : o)) }));
    expect(wordingChanges(saved(), draft)).toEqual([
      { entity: 'question', id: 101, pregunta: 2, opcion: null, before: 'Pregunta número 2', after: 'Nuevo' },
      { entity: 'option', id: 1011, pregunta: 2, opcion: 2, before: 'Opción 2 de 2', after: 'Otra' },
    ]);
    expect(sameContent(saved(), draft)).toBe(false);
    expect(sameContent(saved(), quiz())).toBe(true);
  });
});

describe('the lock and the state the screen shows', () => {
  it.each([
    [{ participaciones: 0, respuestas: 0 }, false],
    [{ participaciones: 1, respuestas: 0 }, true],
    [{ participaciones: 3, respuestas: 12 }, true],
  ])('%o → locked %s', (counts, locked) => {
    expect(isQuizLocked(counts)).toBe(locked);
  });

  it.each([
    [{ completo: true, bloqueado: false, respuestas: 0 }, 'Completo'],
    [{ completo: false, bloqueado: false, respuestas: 0 }, 'Incompleto'],
    [{ completo: true, bloqueado: true, respuestas: 4 }, 'Con respuestas: solo se puede corregir el texto'],
    [{ completo: true, bloqueado: true, respuestas: 0 }, 'Empezado por agentes: solo se puede corregir el texto'],
  ])('%o → %s', (quizState, label) => {
    expect(quizStatusLabel(quizState)).toBe(label);
  });
});

describe('explanations (Repaso)', () => {
  const savedWith = (explicacion: string | null): SavedQuestion[] => [{ id: 7, texto: 'P', opciones: [{ id: 1, texto: 'a', correcta: true }, { id: 2, texto: 'b', correcta: false }], explicacion }];
  const draftOf = (explicacion?: string | null): QuestionDraft[] => [{ id: 7, texto: 'P', opciones: [{ id: 1, texto: 'a', correcta: true }, { id: 2, texto: 'b', correcta: false }], ...(explicacion === undefined ? {} : { explicacion }) }];

  it.each<[string, string | null | undefined, string | null | undefined]>([
    ['trimmed', '  Porque sí.  ', 'Porque sí.'],
    ['empty is none', '   ', null],
    ['null is none', null, null],
    ['absent stays absent', undefined, undefined],
  ])('normalizes: %s', (_, given, stored) => {
    expect(normalizeQuiz(draftOf(given))[0]!.explicacion).toBe(stored);
  });

  it('allows up to 300 characters', () => {
    expect(quizProblems(draftOf('é'.repeat(300)), { complete: false })).toEqual([]);
    expect(quizProblems(draftOf('é'.repeat(301)), { complete: false })).toEqual([
      { pregunta: 1, opcion: null, campo: 'explicacion', mensaje: 'Pregunta 1: la explicación tiene 301 caracteres (máximo 300).' },
    ]);
  });

  it('keeps the saved one when a draft leaves it out, and names each change', () => {
    expect(keepExplanations(savedWith('Antes'), draftOf())[0]!.explicacion).toBe('Antes');
    expect(keepExplanations(savedWith('Antes'), draftOf(null))[0]!.explicacion).toBeNull();
    expect(explanationChanges(savedWith('Antes'), draftOf('Después'))).toEqual([{ id: 7, pregunta: 1, before: 'Antes', after: 'Después' }]);
    expect(explanationChanges(savedWith(null), draftOf(null))).toEqual([]);
    expect(sameContent(savedWith('Antes'), draftOf('Después'))).toBe(false);
    expect(sameContent(savedWith('Antes'), draftOf('Antes'))).toBe(true);
  });
});
