import { describe, expect, it } from 'vitest';
import { resolveOccurredAt } from './occurred-at';

const now = new Date('2025-06-20T10:00:00.000Z');

describe('resolveOccurredAt', () => {
  it.each([
    [undefined, '2025-06-20T10:00:00.000Z'],
    ['', '2025-06-20T10:00:00.000Z'],
    ['not a date', '2025-06-20T10:00:00.000Z'],
    ['2025-06-20T10:00:01.000Z', '2025-06-20T10:00:00.000Z'], // future → now
    ['2025-06-19T08:30:00.000Z', '2025-06-19T08:30:00.000Z'],
    ['2025-06-19T10:30:00+02:00', '2025-06-19T08:30:00.000Z'],
    ['2025-05-21T10:00:00.000Z', '2025-05-21T10:00:00.000Z'], // exactly 30 days
    ['2025-01-01T00:00:00.000Z', '2025-05-21T10:00:00.000Z'], // clamped to 30 days ago
  ])('%j → %s', (claim, expected) => {
    expect(resolveOccurredAt(claim, now).toISOString()).toBe(expected);
  });
});
