import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, formatNumber, formatPoints } from '#domain/format';

describe('formatNumber (es-ES)', () => {
  it.each([
    [0, '0'],
    [5, '5'],
    [999, '999'],
    [1234, '1234'],
    [12345, '12.345'],
    [1234567, '1.234.567'],
    [-15000, '-15.000'],
    [2.5, '2,5'],
  ])('%d → %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });

  it('writes what Intl.NumberFormat writes for es-ES, up to two decimals', () => {
    const intl = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });
    const values = [0, -0, 1, 9999, 10000, 99999, 100000, 123456789, 1.005, 2.675, 0.125, -0.004, 1e15 + 0.5, 12345.678, -98765.4321];
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 2000; i++) values.push((random() - 0.5) * 10 ** Math.floor(random() * 12), Math.round((random() - 0.3) * 10 ** Math.floor(random() * 9)));
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });

  it('keeps the unit on the same line', () => {
    expect(formatPoints(12345)).toBe('12.345\u00a0IMPs');
    expect(formatPoints(10, 'IMPs+Rings')).toBe('10\u00a0IMPs+Rings');
  });
});

describe('dates (es-ES)', () => {
  it.each([
    ['2025-04-03T08:05:00Z', 'UTC', '03/04/2025', '03/04/2025 08:05'],
    ['2025-12-31T23:30:00Z', 'Europe/Madrid', '01/01/2026', '01/01/2026 00:30'],
  ])('%s in %s', (iso, tz, date, dateTime) => {
    expect(formatDate(iso, tz)).toBe(date);
    expect(formatDateTime(iso, tz)).toBe(dateTime);
  });

  it.each([null, undefined, '', 'no es una fecha'])('%o → null', (value) => {
    expect(formatDate(value)).toBeNull();
    expect(formatDateTime(value)).toBeNull();
  });
});

describe('formatDayMonth', () => {
  it.each([
    ['2027-03-03T10:00:00Z', '3 de marzo'],
    ['2027-11-30T23:30:00Z', '1 de diciembre'],
    [null, null],
    ['no', null],
  ])('%s → %s', (value, text) => {
    expect(formatDayMonth(value, 'Europe/Madrid')).toBe(text);
  });

  it("says the year of a day in another year than now's, in the time zone's calendar", () => {
    const now = new Date('2026-12-20T12:00:00Z');
    expect(formatDayMonth('2026-12-24T10:00:00Z', 'Europe/Madrid', now)).toBe('24 de diciembre');
    expect(formatDayMonth('2027-09-09T10:00:00Z', 'Europe/Madrid', now)).toBe('9 de septiembre de 2027');
    // 23:30 UTC on 31 December is already New Year's Day in Madrid.
    expect(formatDayMonth('2026-12-31T23:30:00Z', 'Europe/Madrid', now)).toBe('1 de enero de 2027');
  });
});
