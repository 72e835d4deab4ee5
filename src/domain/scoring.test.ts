import { describe, expect, it } from 'vitest';
import { bandAt, isTimeFactor, MAX_QUIZ_POINTS, pointsForElapsed, RESPONSE_TIME_POINTS, scaledBands, type TimeFactor } from './scoring';

describe('pointsForElapsed', () => {
  it.each([
    [0, true, 5],
    [19.9, true, 5],
    [20, true, 4],
    [30.9, true, 4],
    [31, true, 3],
    [40.99, true, 3],
    [41, true, 2],
    [50.9, true, 2],
    [51, true, 1],
    [600, true, 1],
    [Number.POSITIVE_INFINITY, true, 1],
    [-3, true, 5],
    [5, false, 0],
    [60, false, 0],
  ])('%d s, correct %s → %i', (seconds, correct, points) => {
    expect(pointsForElapsed(seconds, correct)).toBe(points);
  });
});

describe('RESPONSE_TIME_POINTS', () => {
  it('covers every whole second once, fastest first', () => {
    RESPONSE_TIME_POINTS.forEach((band, i) => {
      const next = RESPONSE_TIME_POINTS[i + 1];
      if (next) expect(next.fromSeconds).toBe((band.toSeconds ?? Number.NaN) + 1);
      else expect(band.toSeconds).toBeNull();
    });
    expect(RESPONSE_TIME_POINTS[0]?.fromSeconds).toBe(0);
  });

  it('caps a quiz at 50 points', () => {
    expect(MAX_QUIZ_POINTS).toBe(50);
  });
});

describe('time accommodation: scaled bands', () => {
  it.each<[number, TimeFactor, number]>([
    [30, 2, 5],
    [35, 1, 3],
    [35, 1.5, 4],
    [35, 2, 5],
    [19.9, 1, 5],
    [29.9, 1.5, 5],
    [30, 1.5, 4],
    [39.9, 2, 5],
    [40, 2, 4],
    [46, 1.5, 4],
    [47, 1.5, 3],
    [61, 2, 4],
    [62, 2, 3],
    [76, 1.5, 2],
    [77, 1.5, 1],
    [101, 2, 2],
    [102, 2, 1],
    [Number.POSITIVE_INFINITY, 2, 1],
    [10, 2, 5],
  ])('%d s at ×%d → %i', (seconds, factor, points) => {
    expect(pointsForElapsed(seconds, true, factor)).toBe(points);
  });

  it('bandAt says until when the agent\'s current band lasts', () => {
    expect(bandAt(30, 2)).toMatchObject({ points: 5, toSeconds: 39 });
    expect(bandAt(30, 1)).toMatchObject({ points: 4, toSeconds: 30 });
    expect(bandAt(200, 1.5)).toMatchObject({ points: 1, toSeconds: null });
  });

  it('a wrong answer scores 0 whatever the factor', () => {
    expect(pointsForElapsed(5, false, 2)).toBe(0);
  });

  it('×1 is the spec\'s table, labels included', () => {
    expect(scaledBands(1)).toEqual(RESPONSE_TIME_POINTS);
    expect(scaledBands()).toBe(RESPONSE_TIME_POINTS);
  });

  it.each<[TimeFactor, string[]]>([
    [1.5, ['Menos de 30 segundos', 'De 30 a 46 segundos', 'De 47 a 61 segundos', 'De 62 a 76 segundos', 'Más de 76 segundos']],
    [2, ['Menos de 40 segundos', 'De 40 a 61 segundos', 'De 62 a 81 segundos', 'De 82 a 101 segundos', 'Más de 101 segundos']],
  ])('×%d reads as the agent\'s own limits and covers every second once', (factor, labels) => {
    const bands = scaledBands(factor);
    expect(bands.map((b) => b.label)).toEqual(labels);
    expect(bands.map((b) => b.points)).toEqual([5, 4, 3, 2, 1]);
    bands.forEach((band, i) => {
      const next = bands[i + 1];
      if (next) expect(next.fromSeconds).toBe((band.toSeconds ?? Number.NaN) + 1);
      else expect(band.toSeconds).toBeNull();
      // Never less time than promised: each band starts at least factor × its usual start.
      expect(band.fromSeconds).toBeGreaterThanOrEqual((RESPONSE_TIME_POINTS[i]?.fromSeconds ?? 0) * factor);
    });
  });

  it.each([[1, true], [1.5, true], [2, true], [3, false], [0, false], ['2', false], [null, false]])('isTimeFactor(%s) → %s', (value, ok) => {
    expect(isTimeFactor(value)).toBe(ok);
  });
});
