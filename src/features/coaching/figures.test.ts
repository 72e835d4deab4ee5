import { describe, expect, it } from 'vitest';
import { comparison, dayLabel, formatFigure, formatShare, nextSort, pendingText, sortGroups } from './figures';

const row = (nombre: string, iniciaron: number, media_quiz: number | null, plataforma = 'P') => ({
  id: nombre.length, nombre, plataforma, agentes: 10, iniciaron, terminaron: 0, reface: 0, media_quiz, puntos: 0,
});

describe('formatFigure and formatShare', () => {
  it.each([
    ['agentes', 12345, '12.345'],
    ['media_quiz', 38.25, '38,3'],
    ['media_quiz', 40, '40,0'],
    ['media_quiz', null, '—'],
    ['puntos', 0, '0'],
  ] as const)('%s %o → %s', (key, value, text) => {
    expect(formatFigure(key, value)).toBe(text);
  });

  it('says the share of the agents, and nothing of none', () => {
    expect(formatShare(31, 50).replace(/\s/g, ' ')).toBe('62 %');
    expect(formatShare(0, 0)).toBe('—');
  });
});

describe('comparison', () => {
  it.each([
    ['agentes', 112, 100, { text: '+12 vs. Resolutivo', trend: 'up' }],
    ['puntos', 1000, 13000, { text: '−12.000 vs. Resolutivo', trend: 'down' }],
    ['iniciaron', 7, 7, { text: '= que Resolutivo', trend: 'same' }],
    ['media_quiz', 30.1, 28.6, { text: '+1,5 vs. Resolutivo', trend: 'up' }],
    ['media_quiz', 30.1, 30.1000001, { text: '= que Resolutivo', trend: 'same' }],
    ['media_quiz', null, 30, null],
    ['agentes', 3, null, null],
  ] as const)('%s %o against %o', (key, current, previous, expected) => {
    expect(comparison(key, current, previous, 'Resolutivo')).toEqual(expected);
  });
});

describe('sortGroups', () => {
  const rows = [row('Bilbao', 5, 30), row('Alicante', 9, null), row('Cádiz', 9, 42), row('Ávila', 1, 12)];

  it('orders by a figure, ties by name, and rows without a quiz mean last either way', () => {
    expect(sortGroups(rows, { key: 'iniciaron', direction: 'desc' }).map((r) => r.nombre)).toEqual(['Alicante', 'Cádiz', 'Bilbao', 'Ávila']);
    expect(sortGroups(rows, { key: 'media_quiz', direction: 'asc' }).map((r) => r.nombre)).toEqual(['Ávila', 'Bilbao', 'Cádiz', 'Alicante']);
    expect(sortGroups(rows, { key: 'media_quiz', direction: 'desc' }).map((r) => r.nombre)).toEqual(['Cádiz', 'Bilbao', 'Ávila', 'Alicante']);
  });

  it('orders names as Spanish readers do (accents do not send a name to the end)', () => {
    expect(sortGroups(rows, { key: 'nombre', direction: 'asc' }).map((r) => r.nombre)).toEqual(['Alicante', 'Ávila', 'Bilbao', 'Cádiz']);
    expect(sortGroups(rows, { key: 'nombre', direction: 'desc' }).map((r) => r.nombre)).toEqual(['Cádiz', 'Bilbao', 'Ávila', 'Alicante']);
  });

  it('leaves the rows it was given untouched', () => {
    sortGroups(rows, { key: 'iniciaron', direction: 'asc' });
    expect(rows.map((r) => r.nombre)).toEqual(['Bilbao', 'Alicante', 'Cádiz', 'Ávila']);
  });
});

describe('nextSort', () => {
  it('flips the same column and starts a new one at its most telling end', () => {
    expect(nextSort({ key: 'puntos', direction: 'desc' }, 'puntos')).toEqual({ key: 'puntos', direction: 'asc' });
    expect(nextSort({ key: 'puntos', direction: 'desc' }, 'terminaron')).toEqual({ key: 'terminaron', direction: 'desc' });
    expect(nextSort({ key: 'puntos', direction: 'desc' }, 'nombre')).toEqual({ key: 'nombre', direction: 'asc' });
  });
});

describe('pendingText', () => {
  it.each([
    [{ videos_pendientes: 3, quizzes_pendientes: [2, 1], reface_pendiente: true }, '3 vídeos · quiz 1 y 2 · reface'],
    [{ videos_pendientes: 1, quizzes_pendientes: [], reface_pendiente: false }, '1 vídeo'],
    [{ videos_pendientes: 0, quizzes_pendientes: [2], reface_pendiente: true }, 'quiz 2 · reface'],
    [{ videos_pendientes: 0, quizzes_pendientes: [], reface_pendiente: false }, 'Nada'],
  ])('%o → %s', (nudge, text) => {
    expect(pendingText(nudge)).toBe(text);
  });
});

describe('dayLabel', () => {
  it('names the calendar day whatever the device time zone', () => {
    expect(dayLabel('2026-11-03')).toBe('3 nov');
    expect(dayLabel('2026-01-31')).toBe('31 ene');
    expect(dayLabel('mal')).toBe('mal');
  });
});
