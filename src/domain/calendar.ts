// Programme calendar rules: which attribute month a day falls in, whether a month has closed,
// when content opens, and the demo calendar placed around today.
// Pure: `now` is always passed in; never reads the clock, the network or a database.
// Days are calendar days in the programme's time zone, as ISO `YYYY-MM-DD` strings, so that
// comparing two days is a plain string comparison.
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import type { AttributeId } from '#contract/attributes';
import { attributeNameFromSlug } from './attributes';
import { dateTimeFormat } from './date-format';

/**
 * Orders two ISO days (or instants): by code unit, never by locale. (localeCompare gives the same
 * order for these but builds an ICU collator on its first call, ~10 ms of a phone's first render.)
 */
export function compareDays(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Agents work in Spain's calendar: a month ends at midnight in Madrid, not in UTC. */
export const PROGRAMME_TIME_ZONE = 'Europe/Madrid';
/** Quiz 2 and the formative videos open on this day of the attribute's month. */
export const QUIZ2_OPENS_DAY = 15;

/** Display order by id: the /atributos and home tiles put Confiable before Transversal. */
export const DISPLAY_ORDER: Record<AttributeId, number> = { 1: 1, 2: 2, 3: 3, 6: 4, 4: 5, 5: 6, 7: 7 };

export interface CalendarEntry {
  id: number;
  slug: string;
  nombre: string;
  enabled: boolean;
  month_start: string | null;
  month_end: string | null;
  quiz2_opens_at: string | null;
  display_order: number;
}

/** The calendar day of `now` in the programme's time zone. */
export function calendarDay(now: Date, timeZone: string = PROGRAMME_TIME_ZONE): string {
  // en-CA formats as YYYY-MM-DD, which is exactly the ISO day.
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** First day, last day and quiz-2 day of the month `offset` months away from `day`'s month. */
export function monthOf(day: string, offset: number): { start: string; end: string; quiz2: string } {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const quiz2 = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), QUIZ2_OPENS_DAY));
  return { start: isoDay(first), end: isoDay(last), quiz2: isoDay(quiz2) };
}

/**
 * The demo calendar: De Valor two months before `now` (closed), Resolutivo last month
 * (closed), Accesible this month (open); 4-7 disabled without dates.
 */
export function demoCalendar(now: Date): CalendarEntry[] {
  const today = calendarDay(now);
  const offsets: Partial<Record<AttributeId, number>> = { 1: -2, 2: -1, 3: 0 };
  const ids = Object.keys(ATTRIBUTE_SLUGS).map(Number) as AttributeId[];
  return ids.map((id) => {
    const offset = offsets[id];
    const month = offset === undefined ? null : monthOf(today, offset);
    return {
      id,
      slug: ATTRIBUTE_SLUGS[id],
      nombre: attributeNameFromSlug(ATTRIBUTE_SLUGS[id]) ?? ATTRIBUTE_SLUGS[id],
      enabled: month !== null,
      month_start: month?.start ?? null,
      month_end: month?.end ?? null,
      quiz2_opens_at: month?.quiz2 ?? null,
      display_order: DISPLAY_ORDER[id],
    };
  });
}

type Dated = Pick<CalendarEntry, 'enabled' | 'month_start' | 'month_end'>;

/** The enabled attribute whose month contains today, or null between programme months. */
export function currentAttribute<T extends Dated>(entries: readonly T[], now: Date): T | null {
  const today = calendarDay(now);
  return entries.find((e) => e.enabled && e.month_start !== null && e.month_end !== null
    && e.month_start <= today && today <= e.month_end) ?? null;
}

/** A month closes at the end of its last day; disabled or undated attributes never close. */
export function isMonthClosed(entry: Dated, now: Date): boolean {
  return entry.enabled && entry.month_end !== null && calendarDay(now) > entry.month_end;
}

/** Content with an opening day is available from the start of that day; no day means never. */
export function isAvailableOn(availableFrom: string | null, now: Date): boolean {
  return availableFrom !== null && availableFrom <= calendarDay(now);
}

/**
 * An attribute's content (a video, a quiz: the spec's `is_hable`) is open once the attribute is
 * enabled and the content's opening day has come. Disabling an attribute closes it again.
 */
export function isContentOpen(attributeEnabled: boolean, opensOn: string | null, now: Date): boolean {
  return attributeEnabled && isAvailableOn(opensOn, now);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Whether a screen treats an attribute as open, from the calendar the device holds: false only
 * when that calendar says so; null while it is first being read (`calendar` undefined, still
 * loading); true without one (offline, never loaded) or without the attribute in it, when the
 * server decides and the screen shows what it answers.
 */
export function attributeOpenOnDevice(calendar: readonly { id: number; enabled: boolean }[] | undefined, attributeId: number, loading: boolean): boolean | null {
  const entry = calendar?.find((a) => a.id === attributeId);
  if (entry) return entry.enabled;
  return calendar === undefined && loading ? null : true;
}
