// Programa, "Calendario y atributos": what an operator may change in an attribute and its month,
// so that an edit never alters rankings or points already earned. One set of rules, used by the
// admin route, the programme pack and the screen. Pure: `now` and whether the month's winners
// are frozen are passed in; never reads the clock or a database.
// Days are ISO `YYYY-MM-DD` strings in the programme's time zone (#domain/calendar).
import type { MonthState } from '#contract/programme-calendar-constants';
import { calendarDay, QUIZ2_OPENS_DAY } from './calendar';

export const ATTRIBUTE_NAME_MAX = 40;
export const TAGLINE_MAX = 200;
export const DEFINITION_MAX = 1200;
export const TRAIT_LIST_MAX_ITEMS = 12;
export const TRAIT_ITEM_MAX = 200;
export const SYNC_GRACE_MAX_HOURS = 720;
export const DEFAULT_SYNC_GRACE_HOURS = 72;

/** The dates, switch and grace of an attribute's month. */
export interface MonthSettings {
  enabled: boolean;
  month_start: string | null;
  month_end: string | null;
  quiz2_opens_at: string | null;
  sync_grace_hours: number;
}

/** The texts an operator writes for an attribute. */
export interface AttributeTexts {
  nombre: string;
  color: string | null;
  tagline: string | null;
  definition: string | null;
  personality: string[];
  language: string[];
}

export type AttributeSettings = MonthSettings & AttributeTexts;

/** An attribute as stored: its settings and who it is. */
export interface StoredAttribute extends AttributeSettings {
  id: number;
  slug: string;
}

/** One refused change: the field it concerns, a Spanish sentence, and 400 (invalid) or 409 (conflicts with the state). */
export interface CalendarProblem {
  field: string;
  message: string;
  status: 400 | 409;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** Whether `value` is a real calendar day written as YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Quiz 2 day when none is given: the 15th of the start month, or the start itself when later. */
export function defaultQuiz2Day(monthStart: string): string {
  const fifteenth = `${monthStart.slice(0, 8)}${String(QUIZ2_OPENS_DAY).padStart(2, '0')}`;
  return fifteenth < monthStart ? monthStart : fifteenth;
}

/** The month's state on a given day. */
export function monthState(entry: Pick<MonthSettings, 'enabled' | 'month_start' | 'month_end'>, now: Date): MonthState {
  if (!entry.enabled || entry.month_start === null || entry.month_end === null) return 'proximamente';
  const today = calendarDay(now);
  if (today < entry.month_start) return 'programado';
  return today > entry.month_end ? 'cerrado' : 'en-curso';
}

/**
 * Whether the month has started: an enabled attribute whose first day has come. From then on,
 * agents earn points and ranking places in it, so its start, Quiz 2 day and switch stay.
 */
export function hasMonthStarted(entry: Pick<MonthSettings, 'enabled' | 'month_start'>, now: Date): boolean {
  return entry.enabled && entry.month_start !== null && entry.month_start <= calendarDay(now);
}

export const FROZEN_MESSAGE = (name: string) =>
  `El mes de ${name} ya tiene sus ganadores congelados: es de solo lectura y no se puede cambiar`;

/** Trims texts, drops blank list lines, fills Quiz 2's default day: what is stored. */
export function normalizeSettings(input: AttributeSettings): AttributeSettings {
  const text = (value: string | null) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  };
  const list = (items: string[]) => items.map((item) => item.trim()).filter((item) => item !== '');
  const quiz2 = input.quiz2_opens_at ?? (input.month_start !== null && isIsoDay(input.month_start) ? defaultQuiz2Day(input.month_start) : null);
  return {
    ...input,
    nombre: input.nombre.trim(),
    color: text(input.color)?.toLowerCase() ?? null,
    tagline: text(input.tagline),
    definition: text(input.definition),
    personality: list(input.personality),
    language: list(input.language),
    quiz2_opens_at: quiz2,
  };
}

/** Problems of an attribute's settings on their own (after normalizeSettings). */
export function settingsProblems(settings: AttributeSettings): CalendarProblem[] {
  const problems: CalendarProblem[] = [];
  const invalid = (field: string, message: string) => problems.push({ field, message, status: 400 });

  if (settings.nombre === '') invalid('nombre', 'El nombre no puede estar vacío');
  else if (settings.nombre.length > ATTRIBUTE_NAME_MAX) invalid('nombre', `El nombre tiene más de ${ATTRIBUTE_NAME_MAX} caracteres`);
  if (settings.color !== null && !COLOR.test(settings.color)) invalid('color', 'El color debe ser un código #rrggbb (por ejemplo, #5c7cfa)');
  if ((settings.tagline?.length ?? 0) > TAGLINE_MAX) invalid('tagline', `El lema tiene más de ${TAGLINE_MAX} caracteres`);
  if ((settings.definition?.length ?? 0) > DEFINITION_MAX) invalid('definition', `La definición tiene más de ${DEFINITION_MAX} caracteres`);
  for (const [field, label] of [['personality', 'personalidad'], ['language', 'lenguaje y expresión']] as const) {
    const items = settings[field];
    if (items.length > TRAIT_LIST_MAX_ITEMS) invalid(field, `La lista de ${label} tiene más de ${TRAIT_LIST_MAX_ITEMS} líneas`);
    const long = items.findIndex((item) => item.length > TRAIT_ITEM_MAX);
    if (long >= 0) invalid(field, `La línea ${long + 1} de ${label} tiene más de ${TRAIT_ITEM_MAX} caracteres`);
  }
  if (!Number.isInteger(settings.sync_grace_hours) || settings.sync_grace_hours < 0 || settings.sync_grace_hours > SYNC_GRACE_MAX_HOURS) {
    invalid('sync_grace_hours', `El margen de sincronización debe ser un número entero de horas entre 0 y ${SYNC_GRACE_MAX_HOURS}`);
  }

  const { month_start: start, month_end: end, quiz2_opens_at: quiz2 } = settings;
  const days: [string, string, string | null][] = [['month_start', 'inicio', start], ['month_end', 'cierre', end], ['quiz2_opens_at', 'Quiz 2', quiz2]];
  const badDay = days.find(([, , value]) => value !== null && !isIsoDay(value));
  if (badDay) {
    invalid(badDay[0], `La fecha de ${badDay[1]} no es un día válido (AAAA-MM-DD)`);
    return problems;
  }
  if (start === null && end === null && quiz2 !== null) invalid('quiz2_opens_at', 'Indica las fechas del mes antes que la del Quiz 2');
  if ((start === null) !== (end === null)) {
    invalid(start === null ? 'month_start' : 'month_end', 'Indica a la vez la fecha de inicio y la de cierre del mes, o ninguna');
  } else if (start !== null && end !== null) {
    if (start > end) invalid('month_end', 'El cierre del mes no puede ser anterior a su inicio');
    else if (quiz2 !== null && (quiz2 < start || quiz2 > end)) invalid('quiz2_opens_at', 'El Quiz 2 debe abrirse entre el inicio y el cierre del mes');
  }
  if (settings.enabled && (start === null || end === null)) invalid('enabled', 'Para activar el atributo, indica las fechas de su mes');
  return problems;
}

type Month = Pick<StoredAttribute, 'id' | 'nombre' | 'enabled' | 'month_start' | 'month_end'>;

/** Enabled months never overlap: the first other enabled attribute whose month shares a day with `entry`'s. */
export function overlappingMonth<T extends Month>(entry: Month, others: readonly T[]): T | null {
  if (!entry.enabled || entry.month_start === null || entry.month_end === null) return null;
  const { month_start: start, month_end: end } = entry;
  return others.find((other) => other.id !== entry.id && other.enabled && other.month_start !== null && other.month_end !== null
    && other.month_start <= end && start <= other.month_end) ?? null;
}

const fmt = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export interface ChangeContext {
  now: Date;
  /** A ranking_closings row exists for the attribute: its winners are frozen. */
  frozen: boolean;
  /** The other attributes as stored (for the overlap rule). */
  others: readonly Month[];
}

/**
 * Every reason to refuse changing `before` into `requested` (as sent: it is normalized here),
 * and the settings to store when there is none. Frozen months are read-only; a started month
 * keeps its start, Quiz 2 day and switch, and may only extend its close and its grace (a
 * shorter month or grace would take back ranking places and points already earned).
 */
export function checkAttributeChange(before: StoredAttribute, requested: AttributeSettings, context: ChangeContext): { settings: AttributeSettings; problems: CalendarProblem[] } {
  const settings = normalizeSettings(requested);
  if (context.frozen) {
    return { settings, problems: [{ field: 'atributo', message: FROZEN_MESSAGE(before.nombre), status: 409 }] };
  }
  const problems = settingsProblems(settings);
  if (problems.length > 0) return { settings, problems };

  const conflict = (field: string, message: string) => problems.push({ field, message, status: 409 });
  if (hasMonthStarted(before, context.now)) {
    const why = 'cambiaría rankings y puntos ya ganados';
    if (!settings.enabled) conflict('enabled', `El mes de ${before.nombre} ya empezó: no se puede desactivar (${why})`);
    if (settings.month_start !== before.month_start) conflict('month_start', `El mes de ${before.nombre} ya empezó: su fecha de inicio no puede cambiar (${why})`);
    const today = calendarDay(context.now);
    const quiz2Moved = settings.quiz2_opens_at !== before.quiz2_opens_at;
    const quiz2Open = (before.quiz2_opens_at !== null && before.quiz2_opens_at <= today) || (settings.quiz2_opens_at !== null && settings.quiz2_opens_at <= today);
    if (quiz2Moved && quiz2Open) conflict('quiz2_opens_at', `El Quiz 2 de ${before.nombre} ya se abrió: su fecha no puede cambiar (${why})`);
    if (before.month_end !== null && settings.month_end !== null && settings.month_end < before.month_end) {
      conflict('month_end', `El mes de ${before.nombre} ya empezó: su cierre solo puede ampliarse, no adelantarse (${why})`);
    }
    if (settings.sync_grace_hours < before.sync_grace_hours) {
      conflict('sync_grace_hours', `El mes de ${before.nombre} ya empezó: su margen de sincronización solo puede ampliarse (${why})`);
    }
  }
  const overlap = overlappingMonth({ ...settings, id: before.id }, context.others);
  if (overlap?.month_start && overlap.month_end) {
    conflict('month_start', `Las fechas se solapan con el mes de ${overlap.nombre} (${fmt(overlap.month_start)} – ${fmt(overlap.month_end)}): los meses activos no pueden coincidir`);
  }
  return { settings, problems };
}

/** Whether two settings differ (the route records a change only when something changed). */
export function settingsEqual(a: AttributeSettings, b: AttributeSettings): boolean {
  const keys: (keyof AttributeSettings)[] = ['nombre', 'enabled', 'month_start', 'month_end', 'quiz2_opens_at', 'sync_grace_hours', 'color', 'tagline', 'definition'];
  return keys.every((key) => a[key] === b[key])
    && JSON.stringify(a.personality) === JSON.stringify(b.personality) && JSON.stringify(a.language) === JSON.stringify(b.language);
}
