import { describe, expect, it } from 'vitest';
import { attributeOpenOnDevice, calendarDay, currentAttribute, demoCalendar, isAvailableOn, isContentOpen, isMonthClosed, monthOf } from './calendar';

describe('calendarDay', () => {
  it.each([
    ['2025-06-30T21:59:59Z', '2025-06-30'], // 23:59:59 in Madrid (summer, UTC+2)
    ['2025-06-30T22:00:00Z', '2025-07-01'], // midnight in Madrid
    ['2025-01-31T22:59:59Z', '2025-01-31'], // winter, UTC+1
    ['2025-01-31T23:00:00Z', '2025-02-01'],
  ])('%s is %s in Madrid', (iso, day) => {
    expect(calendarDay(new Date(iso))).toBe(day);
  });
});

describe('monthOf', () => {
  it.each([
    ['2025-03-10', -2, { start: '2025-01-01', end: '2025-01-31', quiz2: '2025-01-15' }],
    ['2025-03-10', -1, { start: '2025-02-01', end: '2025-02-28', quiz2: '2025-02-15' }],
    ['2024-03-31', -1, { start: '2024-02-01', end: '2024-02-29', quiz2: '2024-02-15' }],
    ['2025-01-05', -2, { start: '2024-11-01', end: '2024-11-30', quiz2: '2024-11-15' }],
    ['2025-12-31', 0, { start: '2025-12-01', end: '2025-12-31', quiz2: '2025-12-15' }],
  ])('%s offset %i', (day, offset, expected) => {
    expect(monthOf(day, offset)).toEqual(expected);
  });
});

describe('demoCalendar', () => {
  const now = new Date('2025-06-20T10:00:00Z');
  const calendar = demoCalendar(now);

  it('places the three enabled months around today and disables the rest', () => {
    expect(calendar.map((a) => [a.id, a.slug, a.enabled, a.month_start, a.month_end, a.quiz2_opens_at])).toEqual([
      [1, 'devalor', true, '2025-04-01', '2025-04-30', '2025-04-15'],
      [2, 'resolutivo', true, '2025-05-01', '2025-05-31', '2025-05-15'],
      [3, 'accesible', true, '2025-06-01', '2025-06-30', '2025-06-15'],
      [4, 'transversal', false, null, null, null],
      [5, 'proactivo', false, null, null, null],
      [6, 'confiable', false, null, null, null],
      [7, 'conestilo', false, null, null, null],
    ]);
  });

  it('names the attributes as the spec does', () => {
    expect(calendar.map((a) => a.nombre)).toEqual(['De Valor', 'Resolutivo', 'Accesible', 'Transversal', 'Proactivo', 'Confiable', 'Con Estilo']);
  });

  it.each([
    ['2025-06-20T10:00:00Z', 3],
    ['2025-05-31T21:00:00Z', 2], // still May 31st in Madrid
    ['2025-07-01T08:00:00Z', null],
    ['2025-03-31T08:00:00Z', null],
  ])('current attribute at %s is %s', (iso, id) => {
    expect(currentAttribute(calendar, new Date(iso))?.id ?? null).toBe(id);
  });

  it.each([
    [1, true],
    [2, true],
    [3, false],
    [4, false],
  ])('attribute %i closed: %s', (id, closed) => {
    const entry = calendar.find((a) => a.id === id);
    expect(entry && isMonthClosed(entry, now)).toBe(closed);
  });
});

describe('isAvailableOn', () => {
  it.each([
    [null, '2025-06-20T10:00:00Z', false],
    ['2025-06-15', '2025-06-14T21:59:00Z', false],
    ['2025-06-15', '2025-06-14T22:00:00Z', true], // midnight in Madrid
    ['2025-06-01', '2025-06-20T10:00:00Z', true],
  ])('opening %s at %s: %s', (day, iso, expected) => {
    expect(isAvailableOn(day, new Date(iso))).toBe(expected);
  });
});

describe('isContentOpen', () => {
  it.each([
    // attribute enabled, opening day, now → open (the spec's is_hable)
    [true, '2025-06-15', '2025-06-14T21:59:00Z', false],
    [true, '2025-06-15', '2025-06-14T22:00:00Z', true], // midnight in Madrid
    [true, '2025-06-01', '2025-06-20T10:00:00Z', true],
    [true, null, '2025-06-20T10:00:00Z', false],
    [false, '2025-06-01', '2025-06-20T10:00:00Z', false], // a disabled attribute closes its content
    [false, null, '2025-06-20T10:00:00Z', false],
  ])('enabled %s, opening %s, at %s: %s', (enabled, day, iso, expected) => {
    expect(isContentOpen(enabled, day, new Date(iso))).toBe(expected);
  });
});

describe('attributeOpenOnDevice', () => {
  const calendar = [{ id: 1, enabled: true }, { id: 2, enabled: false }];
  it.each([
    ['an open attribute', calendar, 1, false, true],
    ['an attribute not open yet', calendar, 2, false, false],
    ['not open, while the calendar refreshes', calendar, 2, true, false],
    ['while the calendar is first read', undefined, 2, true, null],
    ['without a calendar (offline, never loaded): the server decides', undefined, 2, false, true],
    ['an attribute the calendar lacks: the server decides', calendar, 3, false, true],
  ] as const)('%s', (_case, entries, id, loading, expected) => {
    expect(attributeOpenOnDevice(entries, id, loading)).toBe(expected);
  });
});
