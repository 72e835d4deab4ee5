// Number and date formatting as Spanish (es-ES) users read them (spec 9: "Numbers formatted es-ES").
// Pure functions (numbers written out, dates over Intl); callers pass the time zone only when they must pin it (tests).
// Never formats currency: points are IMPs, not money.
import { dateTimeFormat } from './date-format';

/**
 * es-ES grouping: "12.345", "1.234.567", up to two decimals ("2,5"). Note es-ES leaves four-digit
 * numbers ungrouped ("1234"), as the Spanish style guides (RAE) ask. Written out rather than
 * through Intl.NumberFormat, which gives the same text (format.test.ts compares them): the
 * header's balance is in every signed-in screen's first render, and a page's first Intl object
 * costs ~50 ms on a phone (ICU's locale data).
 */
export function formatNumber(value: number): string {
  const digits = Math.abs(value).toString();
  // Beyond 1e21 (and for NaN, Infinity) JavaScript writes an exponent: Intl, as written.
  if (digits.includes('e') && Math.abs(value) >= 1) return new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 }).format(value);
  // Rounded half away from zero on the shortest decimal that reads back as the number, as ICU does.
  const [whole, fraction = ''] = digits.includes('e') ? ['0'] : digits.split('.');
  const hundredths = BigInt(`${whole}${fraction.slice(0, 2).padEnd(2, '0')}`) + (fraction.charAt(2) >= '5' ? 1n : 0n);
  const text = hundredths.toString().padStart(3, '0');
  const integer = text.slice(0, -2);
  const decimals = text.slice(-2).replace(/0+$/, '');
  const grouped = integer.length < 5 ? integer : integer.replace(/\B(?=(\d{3})+$)/g, '.');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** "1250 IMPs" with a non-breaking space so the unit never wraps alone. */
export function formatPoints(value: number, unit = 'IMPs'): string {
  return `${formatNumber(value)}\u00a0${unit}`;
}

/** dd/mm/yyyy, or null for a missing or unreadable date. */
export function formatDate(value: string | number | Date | null | undefined, timeZone?: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  return dateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date);
}

/**
 * "3 de marzo" (a day and its month in words, as a sentence reads it), or null. Given `now`, a
 * day in another year than now's says its year ("9 de septiembre de 2027"), so a list that
 * crosses New Year reads in order.
 */
export function formatDayMonth(value: string | number | Date | null | undefined, timeZone?: string, now?: Date): string | null {
  const date = toDate(value);
  if (!date) return null;
  const yearOf = (d: Date) => dateTimeFormat('es-ES', { year: 'numeric', timeZone }).format(d);
  const withYear = now !== undefined && yearOf(date) !== yearOf(now);
  return dateTimeFormat('es-ES', { day: 'numeric', month: 'long', ...(withYear ? { year: 'numeric' } : {}), timeZone }).format(date);
}

/** dd/mm/yyyy hh:mm (24 h), or null for a missing or unreadable date. */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone?: string): string | null {
  const date = toDate(value);
  if (!date) return null;
  const parts = dateTimeFormat('es-ES', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
