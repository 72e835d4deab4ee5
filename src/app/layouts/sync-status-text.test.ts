import { describe, expect, it } from 'vitest';
import { failedText, pendingText } from './sync-status-text.ts';

describe('pendingText', () => {
  it.each([
    [0, 0, null],
    [0, 15, null],
    [1, 15, '+15 IMPs pendientes de sincronizar'],
    [4, 12500, '+12.500 IMPs pendientes de sincronizar'],
    [1, 0, '1 acción pendiente de sincronizar'],
    [3, 0, '3 acciones pendientes de sincronizar'],
  ])('%i pending bringing %i IMPs → %s', (pending, imps, expected) => {
    expect(pendingText(pending, imps)).toBe(expected);
  });
});

describe('failedText', () => {
  it.each([
    [1, '1 acción rechazada'],
    [2, '2 acciones rechazadas'],
  ])('%i → %s', (failed, expected) => {
    expect(failedText(failed)).toBe(expected);
  });
});
