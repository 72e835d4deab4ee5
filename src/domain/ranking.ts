// Ranking rules (decisions.md, "Rankings"): the order and its tie-breaks, the monthly window
// with its 72 h sync grace, prize tiers, when winners freeze and when prizes are paid, and the
// "training finished" moment the tie-break reads. Pure: `now` and the calendar are passed in;
// never reads the clock, a database or the network. The server's SQL mirrors compareStandings
// (ORDER BY points DESC, finished_at ASC NULLS LAST, reached_at ASC, user_id ASC).
import { PROGRAMME_TIME_ZONE, type CalendarEntry } from './calendar';
import { dateTimeFormat } from './date-format';

export const RANKING_PAGE_SIZE = 10;
export const RANKING_MAX_PAGE_SIZE = 100;
/** Late (offline) activity of a month still counts if it arrives within this after the month. */
export const SYNC_GRACE_HOURS = 72;
/** "My rank ± neighbours": this many agents above and below. */
export const NEIGHBOUR_SPAN = 5;
/** Agents per extra first prize in a site: k = min(5, max(1, ceil(N / 30))). */
export const AGENTS_PER_PRIZE = 30;
export const MAX_FIRST_PRIZES = 5;
/** Prizes are paid on the first Monday after this day of the following month. */
export const PAYDAY_AFTER_DAY = 7;

/** What the order reads of one agent in one ranking. */
export interface Standing {
  userId: number;
  points: number;
  /** When the training was finished (inside the window), null if never. */
  finishedAt: Date | null;
  /** When the agent reached its current score (its last counted credit). */
  reachedAt: Date | null;
}

const time = (d: Date | null): number => (d === null ? Number.POSITIVE_INFINITY : d.getTime());

/**
 * Points desc; then training finished first (never finished after finished); then who reached
 * the score first; then user id. Negative when `a` ranks above `b`. Never 0 for two agents.
 */
export function compareStandings(a: Standing, b: Standing): number {
  if (a.points !== b.points) return b.points - a.points;
  const finished = time(a.finishedAt) - time(b.finishedAt);
  if (finished !== 0 && !Number.isNaN(finished)) return finished < 0 ? -1 : 1;
  const reached = time(a.reachedAt) - time(b.reachedAt);
  if (reached !== 0 && !Number.isNaN(reached)) return reached < 0 ? -1 : 1;
  return a.userId - b.userId;
}

/** Dense positions (1, 2, 3 … never shared) of the agents with points, in ranking order. */
export function rankStandings<T extends Standing>(rows: readonly T[]): (T & { position: number })[] {
  return rows.filter((r) => r.points > 0).sort(compareStandings).map((r, i) => ({ ...r, position: i + 1 }));
}

export interface PrizeTiers {
  premiados1: number;
  premiados2: number;
  premiados3: number;
}

/** Site prize tiers by active agents N, as cumulative positions (1..k, k+1..2k, 2k+1..3k). */
export function prizeTiers(activeAgents: number): PrizeTiers {
  const k = Math.min(MAX_FIRST_PRIZES, Math.max(1, Math.ceil(activeAgents / AGENTS_PER_PRIZE)));
  return { premiados1: k, premiados2: 2 * k, premiados3: 3 * k };
}

/** The brand ranking has one prize: position 1. */
export const BRAND_TIERS: PrizeTiers = { premiados1: 1, premiados2: 1, premiados3: 1 };
/** The global ranking's final prize is a surprise: no announced tiers. */
export const GLOBAL_TIERS: PrizeTiers = { premiados1: 0, premiados2: 0, premiados3: 0 };

export type PrizeTier = 1 | 2 | 3;

/** Which prize a position wins under `tiers`, or null. */
export function prizeTierOf(position: number, tiers: PrizeTiers): PrizeTier | null {
  if (position < 1) return null;
  if (position <= tiers.premiados1) return 1;
  if (position <= tiers.premiados2) return 2;
  if (position <= tiers.premiados3) return 3;
  return null;
}

/** Spec 3 "points_difference": how far the agent is from the first (0 for the first, or no ranking). */
export function pointsDifference(firstPoints: number | null, myPoints: number): number {
  return firstPoints === null ? 0 : Math.max(0, firstPoints - myPoints);
}

/** The positions of the "± neighbours" panel around `position` in a ranking of `total`. */
export function neighbourRange(position: number, total: number, span = NEIGHBOUR_SPAN): { from: number; to: number } | null {
  if (position < 1 || position > total) return null;
  return { from: Math.max(1, position - span), to: Math.min(total, position + span) };
}

/** Pages of a ranking of `total` rows (at least 1, so "Página 1 de 1" on an empty table). */
export function pageCount(total: number, perPage = RANKING_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

// ---- Calendar moments -------------------------------------------------------------------

/** Offset of `timeZone` from UTC at `instant`, in ms (Madrid: +1 h or +2 h). */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a calendar day (ISO YYYY-MM-DD) starts in `timeZone`. */
export function startOfDay(day: string, timeZone: string = PROGRAMME_TIME_ZONE): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const guess = utcMidnight - zoneOffsetMs(new Date(utcMidnight), timeZone);
  return new Date(utcMidnight - zoneOffsetMs(new Date(guess), timeZone));
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The monthly ranking's window: credits that happened in [start, end) and arrived before graceEnd. */
export interface MonthlyWindow {
  start: Date;
  end: Date;
  graceEnd: Date;
}

type Month = Pick<CalendarEntry, 'month_start' | 'month_end'>;

/**
 * The attribute month in the programme's time zone; null for undated (disabled) attributes. The
 * grace is the month's own (attributes.sync_grace_hours, set in Programa › Calendario y
 * atributos) where the entry carries it, SYNC_GRACE_HOURS otherwise.
 */
export function monthlyWindow(entry: Month & { sync_grace_hours?: number | undefined }, timeZone: string = PROGRAMME_TIME_ZONE): MonthlyWindow | null {
  if (entry.month_start === null || entry.month_end === null) return null;
  const end = startOfDay(addDays(entry.month_end, 1), timeZone);
  const grace = entry.sync_grace_hours ?? SYNC_GRACE_HOURS;
  return { start: startOfDay(entry.month_start, timeZone), end, graceEnd: new Date(end.getTime() + grace * 3_600_000) };
}

/** Whether a credit counts for the monthly ranking: earned inside the month, arrived within the grace. */
export function countsForMonth(window: MonthlyWindow | null, credit: { occurredAt: Date; createdAt: Date }): boolean {
  if (window === null) return false;
  const t = credit.occurredAt.getTime();
  return t >= window.start.getTime() && t < window.end.getTime() && credit.createdAt.getTime() < window.graceEnd.getTime();
}

/** After the grace the monthly ranking no longer changes: winners are computed and frozen. */
export function isRankingFrozen(window: MonthlyWindow | null, now: Date): boolean {
  return window !== null && now.getTime() >= window.graceEnd.getTime();
}

/** Prizes of a month are credited on the first Monday after day 7 of the next month (its start). */
export function prizePayday(entry: Month, timeZone: string = PROGRAMME_TIME_ZONE): Date | null {
  if (entry.month_end === null) return null;
  const nextMonth = addDays(entry.month_end, 1);
  const first = Date.parse(`${nextMonth.slice(0, 8)}${String(PAYDAY_AFTER_DAY + 1).padStart(2, '0')}T00:00:00Z`);
  const weekday = new Date(first).getUTCDay();
  const monday = new Date(first + ((8 - weekday) % 7) * 86_400_000).toISOString().slice(0, 10);
  return startOfDay(monday, timeZone);
}

// ---- Training finished ------------------------------------------------------------------

/** One attribute's training of one user: its videos and quizzes, with when each was done. */
export interface TrainingSteps {
  videosTotal: number;
  videoSeenAts: readonly Date[];
  quizzesTotal: number;
  quizCompletedAts: readonly Date[];
}

/** Tasks done (spec "tareas_completadas"): videos seen plus quizzes completed. */
export function tasksDone(steps: TrainingSteps): number {
  return steps.videoSeenAts.length + steps.quizCompletedAts.length;
}

/** When the training was finished (every video seen, every quiz completed): the last step; else null. */
export function trainingFinishedAt(steps: TrainingSteps): Date | null {
  if (steps.videosTotal === 0 || steps.videoSeenAts.length < steps.videosTotal || steps.quizCompletedAts.length < steps.quizzesTotal) {
    return null;
  }
  return new Date(Math.max(...steps.videoSeenAts.map((d) => d.getTime()), ...steps.quizCompletedAts.map((d) => d.getTime())));
}

/** The monthly ranking's tasks: the steps done inside the month. */
export function monthlyTasksDone(steps: TrainingSteps, window: MonthlyWindow | null): number {
  if (window === null) return 0;
  const inside = (d: Date) => d.getTime() < window.end.getTime();
  return steps.videoSeenAts.filter(inside).length + steps.quizCompletedAts.filter(inside).length;
}

/**
 * The monthly tie-break counts a training finished inside the month only. Steps are judged by
 * when they happened (a quiz finished offline on the last evening counts), so the standings
 * can always be rebuilt from the training tables alone.
 */
export function monthlyFinishedAt(finishedAt: Date | null, window: MonthlyWindow | null): Date | null {
  if (finishedAt === null || window === null) return null;
  return finishedAt.getTime() < window.end.getTime() ? finishedAt : null;
}

/**
 * The global ranking's tie-break: the training of every enabled attribute finished, at the
 * last of those moments; null while any is unfinished (or there is none).
 */
export function allTrainingsFinishedAt(perAttribute: readonly (Date | null)[]): Date | null {
  if (perAttribute.length === 0 || perAttribute.some((d) => d === null)) return null;
  return new Date(Math.max(...perAttribute.map((d) => (d as Date).getTime())));
}
