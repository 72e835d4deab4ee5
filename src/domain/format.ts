// Number and date formatting as Spanish (es-ES) users read them (spec 9: "Numbers formatted es-ES").
// Pure functions over Intl; callers pass the time zone only when they must pin it (tests).
// Never formats currency: points are IMPs, not money.
import { dateTimeFormat } from './date-format';

// Built on first use, not when the module loads: the first Intl object of a page costs ~10 ms
// (ICU's locale data), which belongs to the render that needs it, not to the app's start-up.
let numberFormat: Intl.NumberFormat | undefined;

/**
 * es-ES grouping: "12.345", "1.234.567". Note es-ES leaves four-digit numbers
 * ungrouped ("1234"), as the Spanish style guides (RAE) ask.
 */
export function formatNumber(value: number): string {
  numberFormat ??= new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });
  return numberFormat.format(value);
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
