import { describe, expect, it } from 'vitest';
import {
  addDays, afterReview, entersRepaso, entryDueDay, isRepasoDue, REPASO_INTERVAL_DAYS, REPASO_ROUND_SIZE, repasoHomeLine, repasoRound,
  retentionRate, SLOWEST_BAND_POINTS,
} from './repaso';
import { pointsForElapsed } from './scoring';

describe('entersRepaso', () => {
  it.each<[string, boolean, number, boolean]>([
    ['a wrong answer', false, 0, true],
    ['a right answer in the slowest band (more than 50 s)', true, pointsForElapsed(55, true), true],
    ['a right answer at 50 s (2 points)', true, pointsForElapsed(50, true), false],
    ['a fast right answer', true, 5, false],
  ])('%s', (_, correct, points, enters) => {
    expect(entersRepaso({ correct, points })).toBe(enters);
  });

  it('reads the slowest band from the scoring rule', () => {
    expect(SLOWEST_BAND_POINTS).toBe(pointsForElapsed(10_000, true));
  });
});

describe('spacing', () => {
  it('is 1, 3, 7 and 14 days', () => {
    expect(REPASO_INTERVAL_DAYS).toEqual([1, 3, 7, 14]);
  });

  it.each<[number, boolean, { stage: number; dueDay: string; graduated: boolean }]>([
    [0, true, { stage: 1, dueDay: '2026-03-13', graduated: false }],
    [1, true, { stage: 2, dueDay: '2026-03-17', graduated: false }],
    [2, true, { stage: 3, dueDay: '2026-03-24', graduated: false }],
    [3, true, { stage: 4, dueDay: '2026-03-10', graduated: true }],
    [0, false, { stage: 0, dueDay: '2026-03-11', graduated: false }],
    [3, false, { stage: 0, dueDay: '2026-03-11', graduated: false }],
  ])('from stage %i, a %s answer on 2026-03-10', (stage, correct, next) => {
    expect(afterReview({ stage }, correct, '2026-03-10')).toEqual(next);
  });

  it('enters due on the programme day after the quiz was completed (Madrid time)', () => {
    expect(entryDueDay(new Date('2026-03-10T10:00:00Z'))).toBe('2026-03-11');
    // 23:30 UTC on the 10th is already the 11th in Madrid.
    expect(entryDueDay(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-12');
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
  });
});

describe('isRepasoDue', () => {
  it.each<[string, string, boolean, boolean]>([
    ['the day before', '2026-03-11', false, false],
    ['from midnight Madrid time of the due day', '2026-03-10', false, true],
    ['days later', '2026-03-01', false, true],
    ['never once graduated', '2026-03-01', true, false],
  ])('%s', (_, dueDay, graduated, due) => {
    // 23:10 UTC on the 9th is 00:10 on the 10th in Madrid.
    expect(isRepasoDue({ dueDay, graduated }, new Date('2026-03-09T23:10:00Z'))).toBe(due);
  });
});

describe('repasoRound', () => {
  const item = (questionId: number, dueDay: string, graduated = false) => ({ questionId, dueDay, graduated });
  const now = new Date('2026-03-10T10:00:00Z');

  it('takes at most five due questions, the longest due first', () => {
    const items = [item(9, '2026-03-10'), item(1, '2026-03-11'), item(3, '2026-03-02'), item(4, '2026-03-05'), item(2, '2026-03-05'),
      item(7, '2026-03-09'), item(8, '2026-03-08'), item(5, '2026-03-01', true)];
    expect(repasoRound(items, now).map((i) => i.questionId)).toEqual([3, 2, 4, 8, 7]);
    expect(REPASO_ROUND_SIZE).toBe(5);
  });

  it('is empty when nothing is due', () => {
    expect(repasoRound([item(1, '2026-03-11'), item(2, '2026-03-01', true)], now)).toEqual([]);
  });
});

describe('retentionRate', () => {
  it.each<[number, number, number | null]>([[0, 0, null], [4, 3, 0.75], [2, 0, 0]])('%i first reviews, %i right', (seen, right, rate) => {
    expect(retentionRate(seen, right)).toBe(rate);
  });
});

describe('repasoHomeLine', () => {
  it.each<[number, string]>([[3, 'Repaso: 3 preguntas'], [5, 'Repaso: 5 preguntas'], [1, 'Repaso: 1 pregunta']])('%i', (n, line) => {
    expect(repasoHomeLine(n)).toBe(line);
  });
});
