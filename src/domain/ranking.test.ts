import { describe, expect, it } from 'vitest';
import {
  allTrainingsFinishedAt, compareStandings, countsForMonth, isRankingFrozen, monthlyFinishedAt, monthlyTasksDone, monthlyWindow, neighbourRange,
  pageCount, pointsDifference, prizePayday, prizeTierOf, prizeTiers, rankStandings, startOfDay, tasksDone, trainingFinishedAt,
  type Standing,
} from './ranking';

const at = (iso: string) => new Date(iso);
const s = (userId: number, points: number, finishedAt: string | null, reachedAt: string | null): Standing => ({
  userId, points, finishedAt: finishedAt ? at(finishedAt) : null, reachedAt: reachedAt ? at(reachedAt) : null,
});

describe('compareStandings: order and tie-breaks', () => {
  it.each<[string, Standing, Standing]>([
    ['more points first', s(9, 20, null, '2025-05-09T00:00:00Z'), s(1, 10, '2025-05-01T00:00:00Z', '2025-05-01T00:00:00Z')],
    ['same points: finished training first', s(9, 10, '2025-05-20T00:00:00Z', '2025-05-20T00:00:00Z'), s(1, 10, null, '2025-05-01T00:00:00Z')],
    ['same points, both finished: who finished first', s(9, 10, '2025-05-02T00:00:00Z', '2025-05-20T00:00:00Z'), s(1, 10, '2025-05-03T00:00:00Z', '2025-05-01T00:00:00Z')],
    ['same points, same finish: who reached the score first', s(9, 10, '2025-05-02T00:00:00Z', '2025-05-10T00:00:00Z'), s(1, 10, '2025-05-02T00:00:00Z', '2025-05-11T00:00:00Z')],
    ['same points, neither finished: who reached the score first', s(9, 10, null, '2025-05-10T00:00:00Z'), s(1, 10, null, '2025-05-11T00:00:00Z')],
    ['everything equal: lower user id', s(1, 10, null, '2025-05-10T00:00:00Z'), s(2, 10, null, '2025-05-10T00:00:00Z')],
  ])('%s', (_name, above, below) => {
    expect(compareStandings(above, below)).toBeLessThan(0);
    expect(compareStandings(below, above)).toBeGreaterThan(0);
  });
});

/** A small deterministic generator (mulberry32), so property runs repeat exactly. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomStandings(next: () => number, n: number): Standing[] {
  const day = (d: number) => new Date(Date.UTC(2025, 4, 1 + d));
  return Array.from({ length: n }, (_, i) => ({
    userId: i + 1,
    // Few distinct values, so ties on every key happen often.
    points: Math.floor(next() * 6) * 5,
    finishedAt: next() < 0.5 ? null : day(Math.floor(next() * 3)),
    reachedAt: day(Math.floor(next() * 3)),
  }));
}

describe('rankStandings: properties on generated data', () => {
  it('is a strict total order: dense positions 1..n, never shared, whatever the input order', () => {
    const next = rng(7);
    for (let run = 0; run < 200; run++) {
      const rows = randomStandings(next, 1 + Math.floor(next() * 40));
      const ranked = rankStandings(rows);
      const shuffled = rankStandings([...rows].sort(() => next() - 0.5));
      expect(shuffled.map((r) => r.userId)).toEqual(ranked.map((r) => r.userId));
      expect(ranked.map((r) => r.position)).toEqual(ranked.map((_, i) => i + 1));
      expect(ranked.every((r) => r.points > 0)).toBe(true);
      expect(ranked).toHaveLength(rows.filter((r) => r.points > 0).length);
      for (let i = 1; i < ranked.length; i++) {
        const [a, b] = [ranked[i - 1] as Standing, ranked[i] as Standing];
        expect(a.points).toBeGreaterThanOrEqual(b.points);
        if (a.points === b.points && a.finishedAt === null) expect(b.finishedAt).toBeNull();
      }
    }
  });

  it('is antisymmetric and transitive', () => {
    const next = rng(11);
    const rows = randomStandings(next, 60);
    for (const a of rows) {
      for (const b of rows) {
        if (a !== b) expect(Math.sign(compareStandings(a, b))).toBe(-Math.sign(compareStandings(b, a)));
        for (const c of rows.slice(0, 15)) {
          if (compareStandings(a, b) < 0 && compareStandings(b, c) < 0) expect(compareStandings(a, c)).toBeLessThan(0);
        }
      }
    }
  });
});

describe('prizeTiers: k = min(5, max(1, ceil(N / 30)))', () => {
  it.each([
    [0, 1],
    [1, 1],
    [29, 1],
    [30, 1],
    [31, 2],
    [60, 2],
    [61, 3],
    [150, 5],
    [151, 5],
    [1000, 5],
  ])('N = %i → k = %i', (n, k) => {
    expect(prizeTiers(n)).toEqual({ premiados1: k, premiados2: 2 * k, premiados3: 3 * k });
  });

  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 3],
    [7, null],
    [0, null],
  ])('with N = 31 (k = 2) position %i wins tier %s', (position, tier) => {
    expect(prizeTierOf(position, prizeTiers(31))).toBe(tier);
  });
});

describe('monthly window and sync grace (Madrid time)', () => {
  // May 2025 in Madrid: summer time, UTC+2.
  const may = monthlyWindow({ month_start: '2025-05-01', month_end: '2025-05-31' });

  it('runs from the first to the end of the last day in Madrid, with 72 h of grace', () => {
    expect(may).toEqual({ start: at('2025-04-30T22:00:00Z'), end: at('2025-05-31T22:00:00Z'), graceEnd: at('2025-06-03T22:00:00Z') });
    expect(startOfDay('2025-01-15')).toEqual(at('2025-01-14T23:00:00Z'));
    expect(monthlyWindow({ month_start: null, month_end: null })).toBeNull();
  });

  it('takes the month\'s own grace when the entry carries it', () => {
    expect(monthlyWindow({ month_start: '2025-05-01', month_end: '2025-05-31', sync_grace_hours: 24 })?.graceEnd).toEqual(at('2025-06-01T22:00:00Z'));
    expect(monthlyWindow({ month_start: '2025-05-01', month_end: '2025-05-31', sync_grace_hours: 0 })?.graceEnd).toEqual(at('2025-05-31T22:00:00Z'));
    expect(monthlyWindow({ month_start: '2025-05-01', month_end: '2025-05-31', sync_grace_hours: 120 })?.graceEnd).toEqual(at('2025-06-05T22:00:00Z'));
  });

  it.each([
    ['inside the month, arrived at once', '2025-05-10T10:00:00Z', '2025-05-10T10:00:00Z', true],
    ['first moment of the month', '2025-04-30T22:00:00Z', '2025-04-30T22:00:00Z', true],
    ['before the month (UTC 1 May, Madrid 30 Apr)', '2025-04-30T21:59:59Z', '2025-05-02T00:00:00Z', false],
    ['last minute of the month', '2025-05-31T21:59:00Z', '2025-05-31T21:59:00Z', true],
    ['after the month (counts globally only)', '2025-05-31T22:00:00Z', '2025-05-31T22:00:00Z', false],
    ['in the month, queued offline, arrived within 72 h', '2025-05-31T20:00:00Z', '2025-06-03T21:59:59Z', true],
    ['in the month, arrived after the grace', '2025-05-31T20:00:00Z', '2025-06-03T22:00:00Z', false],
  ])('%s', (_name, occurredAt, createdAt, counts) => {
    expect(countsForMonth(may, { occurredAt: at(occurredAt), createdAt: at(createdAt) })).toBe(counts);
  });

  it('freezes once the grace is over', () => {
    expect(isRankingFrozen(may, at('2025-06-03T21:59:59Z'))).toBe(false);
    expect(isRankingFrozen(may, at('2025-06-03T22:00:00Z'))).toBe(true);
    expect(isRankingFrozen(null, at('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('counts the tasks done inside the month only', () => {
    const steps = { videosTotal: 3, videoSeenAts: [at('2025-05-03T00:00:00Z'), at('2025-05-31T21:59:00Z'), at('2025-05-31T22:00:00Z')], quizzesTotal: 2, quizCompletedAts: [at('2025-06-02T00:00:00Z')] };
    expect(monthlyTasksDone(steps, may)).toBe(2);
    expect(monthlyTasksDone(steps, null)).toBe(0);
  });

  it('counts a training finished inside the month only', () => {
    expect(monthlyFinishedAt(at('2025-05-20T00:00:00Z'), may)).toEqual(at('2025-05-20T00:00:00Z'));
    expect(monthlyFinishedAt(at('2025-06-01T00:00:00Z'), may)).toBeNull();
    expect(monthlyFinishedAt(null, may)).toBeNull();
  });
});

describe('prizePayday: first Monday after day 7 of the next month', () => {
  it.each([
    ['2025-04-30', '2025-05-12'], // 8 May 2025 is a Thursday
    ['2025-05-31', '2025-06-09'], // 8 June is a Sunday
    ['2025-08-31', '2025-09-08'], // 8 September is a Monday
    ['2025-06-30', '2025-07-14'], // 8 July is a Tuesday
    ['2025-12-31', '2026-01-12'], // across the year
  ])('month ending %s pays on %s (Madrid midnight)', (monthEnd, monday) => {
    expect(prizePayday({ month_start: `${monthEnd.slice(0, 8)}01`, month_end: monthEnd })).toEqual(startOfDay(monday));
  });

  it('always pays after the grace', () => {
    for (let m = 0; m < 24; m++) {
      const last = new Date(Date.UTC(2025, m + 1, 0)).toISOString().slice(0, 10);
      const entry = { month_start: `${last.slice(0, 8)}01`, month_end: last };
      expect((prizePayday(entry) as Date).getTime()).toBeGreaterThan((monthlyWindow(entry)?.graceEnd as Date).getTime());
    }
  });
});

describe('training finished', () => {
  const d = (day: number) => new Date(Date.UTC(2025, 4, day));
  it.each<[string, Parameters<typeof trainingFinishedAt>[0], Date | null]>([
    ['all videos and both quizzes: the last step', { videosTotal: 3, videoSeenAts: [d(1), d(9), d(4)], quizzesTotal: 2, quizCompletedAts: [d(2), d(7)] }, d(9)],
    ['a video missing', { videosTotal: 3, videoSeenAts: [d(1), d(2)], quizzesTotal: 2, quizCompletedAts: [d(2), d(7)] }, null],
    ['a quiz missing', { videosTotal: 3, videoSeenAts: [d(1), d(2), d(3)], quizzesTotal: 2, quizCompletedAts: [d(2)] }, null],
    ['an attribute without videos never finishes', { videosTotal: 0, videoSeenAts: [], quizzesTotal: 2, quizCompletedAts: [d(2), d(3)] }, null],
  ])('%s', (_name, steps, expected) => {
    expect(trainingFinishedAt(steps)).toEqual(expected);
  });

  it('counts tasks done', () => {
    expect(tasksDone({ videosTotal: 3, videoSeenAts: [d(1)], quizzesTotal: 2, quizCompletedAts: [d(2), d(3)] })).toBe(3);
  });

  it('finishes the global training when every attribute is finished', () => {
    expect(allTrainingsFinishedAt([d(3), d(9)])).toEqual(d(9));
    expect(allTrainingsFinishedAt([d(3), null])).toBeNull();
    expect(allTrainingsFinishedAt([])).toBeNull();
  });
});

describe('small helpers', () => {
  it.each([
    [100, 40, 60],
    [40, 40, 0],
    [null, 40, 0],
  ])('difference to a first with %s points from %i is %i', (first, mine, diff) => {
    expect(pointsDifference(first, mine)).toBe(diff);
  });

  it.each([
    [1, 100, { from: 1, to: 6 }],
    [50, 100, { from: 45, to: 55 }],
    [99, 100, { from: 94, to: 100 }],
    [0, 100, null],
    [3, 2, null],
  ])('neighbours of %i of %i', (position, total, range) => {
    expect(neighbourRange(position, total)).toEqual(range);
  });

  it.each([
    [0, 1],
    [10, 1],
    [11, 2],
    [1000, 100],
  ])('%i rows make %i pages', (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });
});
