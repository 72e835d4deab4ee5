import { describe, expect, it } from 'vitest';
import { earliestAnswerAt, notBefore, resolveOccurredAt } from './occurred-at';

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

describe('notBefore', () => {
  const claim = new Date('2025-06-20T09:30:00.000Z');
  it.each<[string, (Date | null)[], string]>([
    ['no floor keeps the claim', [], '2025-06-20T09:30:00.000Z'],
    ['an earlier floor keeps the claim', [new Date('2025-06-20T09:00:00.000Z')], '2025-06-20T09:30:00.000Z'],
    ['a later fact from the device moves it forward', [new Date('2025-06-20T09:45:00.000Z')], '2025-06-20T09:45:00.000Z'],
    ['the latest of several floors wins; null is ignored', [null, new Date('2025-06-20T09:40:00.000Z'), new Date('2025-06-20T09:35:00.000Z')], '2025-06-20T09:40:00.000Z'],
  ])('%s', (_name, floors, expected) => {
    expect(notBefore(claim, ...floors).toISOString()).toBe(expected);
  });
});

describe('earliestAnswerAt', () => {
  it('is the issue plus the claimed times of this and the earlier answers', () => {
    expect(earliestAnswerAt(now, [5_000, 12_000]).toISOString()).toBe('2025-06-20T10:00:17.000Z');
    expect(earliestAnswerAt(now, []).toISOString()).toBe('2025-06-20T10:00:00.000Z');
  });
});
