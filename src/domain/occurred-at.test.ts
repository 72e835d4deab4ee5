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

describe('resolveOccurredAt with the session that delivers it', () => {
  const signedIn = new Date('2025-06-20T09:00:00.000Z');
  it.each([
    ['2025-06-20T09:30:00.000Z', '2025-06-20T09:30:00.000Z'], // inside the session
    ['2025-06-20T09:00:00.000Z', '2025-06-20T09:00:00.000Z'], // at sign-in
    ['2025-06-20T08:00:00.000Z', '2025-06-20T09:00:00.000Z'], // backdated before sign-in → sign-in
    ['2025-05-22T10:00:00.000Z', '2025-06-20T09:00:00.000Z'], // 29 days back → sign-in
    [undefined, '2025-06-20T10:00:00.000Z'],
  ])('%j → %s', (claim, expected) => {
    expect(resolveOccurredAt(claim, now, signedIn).toISOString()).toBe(expected);
  });

  it('keeps the 30-day floor for a session older than that', () => {
    const old = new Date('2025-01-01T00:00:00.000Z');
    expect(resolveOccurredAt('2025-02-01T00:00:00.000Z', now, old).toISOString()).toBe('2025-05-21T10:00:00.000Z');
  });
});
