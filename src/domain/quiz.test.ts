import { describe, expect, it } from 'vitest';
import { demoCalendar } from './calendar';
import {
  answerPoints,
  CLOCK_TOLERANCE_MS,
  isCompleted,
  isQuizOpen,
  quizCounters,
  quizFinishedAction,
  quizProgressOf,
  scoredSeconds,
  serverElapsedMs,
  timingProblem,
  type AnswerTiming,
} from './quiz';

describe('answerPoints: the scoring boundaries of the issue', () => {
  it.each([
    [19_900, true, 5],
    [20_000, true, 4],
    [30_900, true, 4],
    [31_000, true, 3],
    [50_900, true, 2],
    [51_000, true, 1],
    [5_000, false, 0],
    [0, true, 5],
    [999, true, 5],
  ])('%i ms, correct %s → %i', (ms, correct, points) => {
    expect(answerPoints(ms, correct)).toBe(points);
  });

  it('scores a claimed time of less than 1 s as 1 s', () => {
    expect([scoredSeconds(0), scoredSeconds(999), scoredSeconds(1_999), scoredSeconds(20_500)]).toEqual([1, 1, 1, 20]);
  });
});

describe('timingProblem', () => {
  const issuedAt = new Date('2025-06-20T10:00:00Z');
  const at = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);
  const base: AnswerTiming = { issuedAt, receivedAt: at(60), occurredAt: at(30), elapsedMs: 10_000, earlierElapsedMs: [] };

  it.each<[string, Partial<AnswerTiming>, ReturnType<typeof timingProblem>]>([
    ['a plausible answer', {}, null],
    ['answered long before the issue', { occurredAt: at(-3_600) }, 'before-issue'],
    ['shown before the issue (answer after, elapsed too long)', { occurredAt: at(5), elapsedMs: 5_000 + CLOCK_TOLERANCE_MS + 1 }, 'before-issue'],
    ['a slow device clock within tolerance', { occurredAt: at(-50), elapsedMs: 5_000 }, null],
    ['times adding up to more than issue → arrival', { earlierElapsedMs: [20_000, 25_000], elapsedMs: 16_000 }, 'longer-than-quiz'],
    ['times adding up exactly to issue → arrival', { earlierElapsedMs: [20_000, 25_000], elapsedMs: 15_000 }, null],
    ['one answer longer than the whole quiz', { elapsedMs: 61_000, occurredAt: at(60) }, 'longer-than-quiz'],
  ])('%s', (_name, change, expected) => {
    expect(timingProblem({ ...base, ...change })).toBe(expected);
  });

  it('judges the total against server moments only: late arrival makes long answers possible', () => {
    const late = { ...base, receivedAt: at(3_600), occurredAt: at(600), elapsedMs: 500_000 };
    expect(timingProblem(late)).toBeNull();
  });
});

describe('serverElapsedMs: answers without client timing', () => {
  const issuedAt = new Date('2025-06-20T10:00:00.000Z');
  const at = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);
  it.each<[string, Parameters<typeof serverElapsedMs>[0], number]>([
    ['first question, never served: from the issue', { issuedAt, servedQuestionId: null, servedAt: null, lastAnswerReceivedAt: null }, 30_000],
    ['served at 20 s: from its serving', { issuedAt, servedQuestionId: 7, servedAt: at(20), lastAnswerReceivedAt: null }, 10_000],
    ['another question served: from the previous answer', { issuedAt, servedQuestionId: 8, servedAt: at(25), lastAnswerReceivedAt: at(12) }, 18_000],
    ['served after the arrival (clock skew): never negative', { issuedAt, servedQuestionId: 7, servedAt: at(40), lastAnswerReceivedAt: null }, 0],
  ])('%s', (_name, served, expected) => {
    expect(serverElapsedMs(served, 7, at(30))).toBe(expected);
  });
});

describe('isQuizOpen', () => {
  const now = new Date('2025-06-20T10:00:00Z');
  const [devalor, , accesible, transversal] = demoCalendar(now);

  it.each([
    ['Quiz 1 from the first day of the month', accesible, 1, new Date('2025-06-01T08:00:00Z'), true],
    ['Quiz 1 not before the month', accesible, 1, new Date('2025-05-31T20:00:00Z'), false],
    ['Quiz 2 not before mid-month', accesible, 2, new Date('2025-06-14T12:00:00Z'), false],
    ['Quiz 2 from mid-month', accesible, 2, new Date('2025-06-15T08:00:00Z'), true],
    ['a closed month stays open for unfinished quizzes', devalor, 2, now, true],
    ['never for a disabled attribute', transversal, 1, now, false],
  ] as const)('%s', (_name, entry, quiz, when, open) => {
    expect(entry && isQuizOpen(entry, quiz, when)).toBe(open);
  });
});

describe('counters and progress', () => {
  it('counts answered, unanswered, right and wrong', () => {
    expect(quizCounters([{ correct: true }, { correct: false }, { correct: true }])).toEqual({
      preguntas_totales: 10, preguntas_respondidas: 3, preguntas_no_respondidas: 7, numero_aciertos: 2, numero_fallos: 1,
    });
  });

  it.each([
    [null, 'not-started'],
    [{ estado: quizCounters([]) }, 'in-progress'],
    [{ estado: quizCounters(Array.from({ length: 9 }, () => ({ correct: true }))) }, 'in-progress'],
    [{ estado: quizCounters(Array.from({ length: 10 }, () => ({ correct: false }))) }, 'completed'],
  ] as const)('%o → %s', (participation, progress) => {
    expect(quizProgressOf(participation)).toBe(progress);
  });

  it('is never completed without questions', () => {
    expect(isCompleted({ preguntas_totales: 0, preguntas_respondidas: 0 })).toBe(false);
  });

  it('names the log event', () => {
    expect(quizFinishedAction(2, 'Accesible')).toBe('Finaliza quizz 2 Accesible');
  });
});
