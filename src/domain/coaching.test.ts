import { describe, expect, it } from 'vitest';
import { coachingState, daysSoFar, figuresReach, meanQuizScore, monthDays, nudgeStateOf, previousAttribute, quizzesDone, whatIsLeft, type CoachingFacts } from './coaching';

const at = (iso: string) => new Date(iso);
const none: CoachingFacts = { videosTotal: 3, videos: [], quizzes: [], reface: null };
const video = (porcentaje: number, seen: string | null, updated: string) => ({ porcentaje, seenAt: seen ? at(seen) : null, updatedAt: at(updated) });
const quiz = (n: number, issued: string, completed: string | null, points: number, last: string | null) =>
  ({ quiz: n, issuedAt: at(issued), completedAt: completed ? at(completed) : null, points, lastAnswerAt: last ? at(last) : null });

describe('coachingState', () => {
  it.each<[string, CoachingFacts]>([
    ['nothing at all', none],
    ['a progress row at 0 %', { ...none, videos: [video(0, null, '2025-06-02T10:00:00Z')] }],
  ])('has not started with %s', (_, facts) => {
    expect(coachingState(facts)).toBeNull();
  });

  it('starts with a watched video, a participation or a reface upload, at the latest of their moments', () => {
    expect(coachingState({ ...none, videos: [video(30, null, '2025-06-02T10:00:00Z')] })?.lastActivityAt).toEqual(at('2025-06-02T10:00:00Z'));
    expect(coachingState({ ...none, quizzes: [quiz(1, '2025-06-03T10:00:00Z', null, 0, '2025-06-04T09:00:00Z')] })?.lastActivityAt)
      .toEqual(at('2025-06-04T09:00:00Z'));
    const reface = coachingState({ ...none, reface: { completed: false, requestedAt: at('2025-06-05T10:00:00Z') } });
    expect(reface).toMatchObject({ reface: false, finished: false, videosSeen: 0, quizMask: 0 });
  });

  it('finishes with every video seen and both quizzes completed (the rankings rule)', () => {
    const videos = [video(100, '2025-06-02T10:00:00Z', '2025-06-02T10:00:00Z'), video(100, '2025-06-03T10:00:00Z', '2025-06-03T10:00:00Z')];
    const quizzes = [quiz(1, '2025-06-02T11:00:00Z', '2025-06-02T11:10:00Z', 30, '2025-06-02T11:10:00Z'), quiz(2, '2025-06-16T11:00:00Z', '2025-06-16T11:10:00Z', 42, '2025-06-16T11:10:00Z')];
    const done = coachingState({ videosTotal: 2, videos, quizzes, reface: { completed: true, requestedAt: at('2025-06-01T09:00:00Z') } });
    expect(done).toEqual({ lastActivityAt: at('2025-06-16T11:10:00Z'), videosSeen: 2, quizMask: 3, quizPoints: 72, reface: true, finished: true });
    expect(coachingState({ videosTotal: 3, videos, quizzes, reface: null })?.finished).toBe(false);
    expect(coachingState({ videosTotal: 2, videos, quizzes: quizzes.slice(0, 1), reface: null })?.finished).toBe(false);
    expect(coachingState({ videosTotal: 0, videos: [], quizzes, reface: null })?.finished).toBe(false);
  });

  it('counts the points of completed quizzes only', () => {
    const state = coachingState({ ...none, quizzes: [quiz(1, '2025-06-02T11:00:00Z', null, 12, '2025-06-02T11:05:00Z'), quiz(2, '2025-06-16T11:00:00Z', '2025-06-16T11:10:00Z', 40, null)] });
    expect(state).toMatchObject({ quizMask: 2, quizPoints: 40 });
    expect(quizzesDone(state?.quizMask ?? 0)).toBe(1);
  });
});

describe('nudges', () => {
  const now = at('2025-06-20T10:00:00Z');
  it.each([
    [null, 7, 'sin-empezar'],
    [{ lastActivityAt: at('2025-06-13T10:00:00Z'), finished: false }, 7, 'parado'],
    [{ lastActivityAt: at('2025-06-13T10:00:01Z'), finished: false }, 7, null],
    [{ lastActivityAt: at('2025-06-01T10:00:00Z'), finished: true }, 7, null],
    [{ lastActivityAt: at('2025-06-18T10:00:00Z'), finished: false }, 1, 'parado'],
  ] as const)('%o idle for %i days is %s', (state, days, expected) => {
    expect(nudgeStateOf(state, now, days)).toBe(expected);
  });

  it('says what is left', () => {
    expect(whatIsLeft(null, 3)).toEqual({ videos_pendientes: 3, quizzes_pendientes: [1, 2], reface_pendiente: true });
    expect(whatIsLeft({ videosSeen: 2, quizMask: 1, reface: true }, 3)).toEqual({ videos_pendientes: 1, quizzes_pendientes: [2], reface_pendiente: false });
  });
});

describe('figures', () => {
  it('averages quiz points with one decimal', () => {
    expect(meanQuizScore(0, 0)).toBeNull();
    expect(meanQuizScore(100, 3)).toBe(33.3);
    expect(meanQuizScore(80, 2)).toBe(40);
  });

  it('lists every day of a month', () => {
    expect(monthDays('2025-02-01', '2025-02-28')).toHaveLength(28);
    expect(monthDays('2025-06-01', '2025-06-30').at(-1)).toBe('2025-06-30');
  });

  // Issue 38 item 8: the points per day stop at today, never a cliff of future zeros.
  it.each<[string, string, number, string | null]>([
    ['a month under way', '2025-06-20', 20, '2025-06-20'],
    ['its first day', '2025-06-01', 1, '2025-06-01'],
    ['its last day', '2025-06-30', 30, '2025-06-30'],
    ['a month already over', '2025-08-03', 30, '2025-06-30'],
    ['a month still to come', '2025-05-31', 0, null],
  ])('lists the days so far of %s', (_, today, count, last) => {
    const days = daysSoFar('2025-06-01', '2025-06-30', today);
    expect(days).toHaveLength(count);
    expect(days.at(-1) ?? null).toBe(last);
  });

  it.each<[string, string, string]>([
    ['a month under way', '2025-06-20', '2025-06-20'],
    ['its last day', '2025-06-30', '2025-06-30'],
    ['a month already over', '2025-08-03', '2025-06-30'],
  ])('says the figures of %s, seen on %s, reach %s', (_, today, reach) => {
    expect(figuresReach('2025-06-30', today)).toBe(reach);
  });

  it('finds the previous dated attribute by month', () => {
    const entries = [{ id: 1, month_start: '2025-04-01' }, { id: 2, month_start: '2025-05-01' }, { id: 3, month_start: '2025-06-01' }, { id: 4, month_start: null }];
    expect(previousAttribute(entries, '2025-06-01')?.id).toBe(2);
    expect(previousAttribute(entries, '2025-04-01')).toBeNull();
  });
});
