import { describe, expect, it } from 'vitest';
import type { Question } from '#contract/quiz';
import { countQueuedAnswer, elapsedSince, formatTimer, quizStep, type LocalAnswer } from './quiz-flow';

const question = (id: number, numero: number): Question => ({ id, numero, pregunta: `P${numero}`, respuestas: [{ id_respuesta: id * 10, texto_respuesta: 'A' }] });
const questions = [question(103, 3), question(101, 1), question(102, 2)];
const queued = (questionId: number): LocalAnswer => ({ questionId, optionId: 1, status: 'queued', error: null });
const refused = (questionId: number): LocalAnswer => ({ questionId, optionId: 1, status: 'refused', error: 'Tiempo imposible' });

describe('quizStep', () => {
  it.each<[string, number[], LocalAnswer[], ReturnType<typeof quizStep>]>([
    ['starts with the first question in quiz order', [], [], { kind: 'question', question: question(101, 1), refusal: null }],
    ['skips corrected questions', [101], [], { kind: 'question', question: question(102, 2), refusal: null }],
    ['skips questions answered offline', [], [queued(101), queued(102)], { kind: 'question', question: question(103, 3), refusal: null }],
    ['asks a refused answer again, with the reason', [101], [refused(102), queued(103)], { kind: 'question', question: question(102, 2), refusal: 'Tiempo imposible' }],
    ['waits when everything is queued', [101], [queued(102), queued(103)], { kind: 'waiting', uncorrected: 2 }],
    ['shows results when every question is corrected', [101, 102, 103], [queued(103)], { kind: 'results' }],
  ])('%s', (_name, corrected, local, expected) => {
    expect(quizStep({ total: 3, questions, corrected: new Set(corrected), local: new Map(local.map((a) => [a.questionId, a])) })).toEqual(expected);
  });

  it('waits for corrections of questions the bundle no longer lists', () => {
    expect(quizStep({ total: 10, questions: [], corrected: new Set([1, 2]), local: new Map() })).toEqual({ kind: 'waiting', uncorrected: 8 });
  });
});

describe('timer', () => {
  it.each([
    [0, '00:00'],
    [19_999, '00:19'],
    [61_000, '01:01'],
    [-5, '00:00'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatTimer(ms)).toBe(text);
  });

  it('never counts backwards', () => {
    expect(elapsedSince(2_000, 1_000)).toBe(0);
    expect(elapsedSince(1_000, 4_500)).toBe(3_500);
  });
});

describe('countQueuedAnswer', () => {
  const estado = (respondidas: number) => ({ preguntas_totales: 10, preguntas_respondidas: respondidas, preguntas_no_respondidas: 10 - respondidas, numero_aciertos: 3, numero_fallos: 1 });
  it.each([
    [0, 1],
    [9, 10],
    // A second device may already have counted it: never past the total.
    [10, 10],
  ])('%i answered, one more queued → %i', (before, after) => {
    expect(countQueuedAnswer(estado(before))).toEqual(estado(after));
  });
});
