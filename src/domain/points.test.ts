import { describe, expect, it } from 'vitest';
import { balanceOf, creditExpiry, sourceKeys } from './points';

describe('points', () => {
  it.each([
    [sourceKeys.video(12), 'video:12'],
    [sourceKeys.reface(3), 'reface:3'],
    [sourceKeys.quizAnswer(40, 7), 'quiz-answer:40:7'],
    [sourceKeys.prize(2, 'plataforma', 5), 'prize:2:plataforma:5'],
    [sourceKeys.brandPrize(1, 2), 'brand-prize:1:2'],
  ])('%s', (key, expected) => {
    expect(key).toBe(expected);
  });

  it.each([
    [[], 0],
    [[5, 10, -3], 12],
    [[100, -100], 0],
  ])('balance of %j is %i', (amounts, expected) => {
    expect(balanceOf(amounts)).toBe(expected);
  });

  it('credits expire 365 days later', () => {
    expect(creditExpiry(new Date('2025-04-10T08:00:00Z')).toISOString()).toBe('2026-04-10T08:00:00.000Z');
  });
});
