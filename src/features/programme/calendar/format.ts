// How the calendar screen writes days and states (pure helpers, no React).
import type { MonthState } from '#contract/programme-calendar-constants';

/** 2025-06-01 → 01/06/2025; null → '—'. */
export function formatDay(day: string | null): string {
  return day === null ? '—' : `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

export const STATE_COLORS: Record<MonthState, string> = {
  proximamente: 'gray',
  programado: 'blue',
  'en-curso': 'green',
  cerrado: 'dark',
};
