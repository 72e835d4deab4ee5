// The IMPs history ("Mis ingresos") as months: movements grouped by the month they happened in
// Madrid's calendar (the programme's months), each with what it added, took away and its net,
// and paged by whole months so a phone shows a short page, newest first. Pure: the screen pages
// on the device over the one cached history, so older months open offline as well.
// Never formats a date of its own: the month's name is programme-prizes' monthTitle.
import type { PointsMovement } from '#contract/points';
import { calendarDay, PROGRAMME_TIME_ZONE } from './calendar';
import { monthTitle } from './programme-prizes';
import { movementSign } from './rewards';

/** A page adds older months while it holds at most this many movements (always one month at least). */
export const MOVEMENTS_PER_PAGE = 20;

export interface HistoryMonth {
  /** 'YYYY-MM' in Madrid time; null for the movements with no date. */
  month: string | null;
  /** "Noviembre de 2026", or "Sin fecha". */
  title: string;
  /** IMPs added (operacion `sumar`). */
  earned: number;
  /** IMPs taken away (redemptions, expiries). */
  spent: number;
  /** earned - spent. */
  net: number;
  /** Newest first, as the server lists them. */
  movements: PointsMovement[];
}

function monthOf(createdAt: string | null, timeZone: string): string | null {
  if (createdAt === null) return null;
  const at = new Date(createdAt);
  return Number.isNaN(at.getTime()) ? null : calendarDay(at, timeZone).slice(0, 7);
}

/**
 * The movements by month, newest month first, each month's movements in the order given; the
 * undated ones ("Sin fecha") last.
 */
export function historyByMonth(movements: readonly PointsMovement[], timeZone: string = PROGRAMME_TIME_ZONE): HistoryMonth[] {
  const byMonth = new Map<string | null, HistoryMonth>();
  for (const movement of movements) {
    const month = monthOf(movement.created_at, timeZone);
    let group = byMonth.get(month);
    if (!group) {
      group = { month, title: month === null ? 'Sin fecha' : monthTitle(month), earned: 0, spent: 0, net: 0, movements: [] };
      byMonth.set(month, group);
    }
    if (movementSign(movement.operacion) === '+') group.earned += movement.puntos;
    else group.spent += movement.puntos;
    group.net = group.earned - group.spent;
    group.movements.push(movement);
  }
  return [...byMonth.values()].sort((a, b) => (a.month === b.month ? 0 : a.month === null ? 1 : b.month === null ? -1 : a.month < b.month ? 1 : -1));
}

/**
 * How many of `months` (newest first) the first `pages` pages show: each page takes whole months,
 * at least one, and more while its movements stay within `perPage`.
 */
export function monthsShown(months: readonly Pick<HistoryMonth, 'movements'>[], pages: number, perPage: number = MOVEMENTS_PER_PAGE): number {
  let shown = 0;
  for (let page = 0; page < pages && shown < months.length; page += 1) {
    let count = months[shown]?.movements.length ?? 0;
    shown += 1;
    while (shown < months.length && count + (months[shown]?.movements.length ?? 0) <= perPage) {
      count += months[shown]?.movements.length ?? 0;
      shown += 1;
    }
  }
  return shown;
}
