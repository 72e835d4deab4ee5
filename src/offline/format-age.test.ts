import { describe, expect, it } from 'vitest';
import { formatAge, formatLastSync } from './format-age.ts';

const now = Date.UTC(2025, 5, 15, 12, 0, 0);
const s = 1_000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe('formatAge', () => {
  it.each([
    [0, 'actualizado hace poco'],
    [59 * s, 'actualizado hace poco'],
    [-5 * min, 'actualizado hace poco'],
    [60 * s, 'actualizado hace 1 min'],
    [5 * min + 30 * s, 'actualizado hace 5 min'],
    [59 * min, 'actualizado hace 59 min'],
    [h, 'actualizado hace 1 h'],
    [2 * h + 59 * min, 'actualizado hace 2 h'],
    [23 * h, 'actualizado hace 23 h'],
    [d, 'actualizado hace 1 día'],
    [3 * d + 5 * h, 'actualizado hace 3 días'],
    [40 * d, 'actualizado hace 40 días'],
  ])('age %i ms → %s', (age, expected) => {
    expect(formatAge(now - age, now)).toBe(expected);
  });
});

describe('formatLastSync', () => {
  it.each([
    [10 * s, 'Última sincronización hace poco'],
    [2 * min, 'Última sincronización hace 2 min'],
    [3 * h, 'Última sincronización hace 3 h'],
    [2 * d, 'Última sincronización hace 2 días'],
  ])('age %i ms → %s', (age, expected) => {
    expect(formatLastSync(now - age, now)).toBe(expected);
  });
});
