import { describe, expect, it } from 'vitest';
import { MAX_QUIZ_POINTS, pointsForElapsed, RESPONSE_TIME_POINTS } from './scoring';

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
