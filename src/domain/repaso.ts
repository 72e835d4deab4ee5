// Repaso (issue 39): questions an agent got wrong, or answered in the slowest scoring band, come
// back in short untimed rounds, spaced by calendar days. Which answers enter it, when a question
// is due, how a review moves it, what a round holds, and the retention Seguimiento shows.
// Repaso never scores: it earns no IMPs and touches no ranking, prize or quiz score.
// Pure: `now` and every fact are passed in; never reads the clock, a database or the network.
// The server's SQL mirrors `entersRepaso` (SLOWEST_BAND_POINTS) and `entryDueDay` (the
// programme day of the quiz's completion, plus the first interval).
import { calendarDay, PROGRAMME_TIME_ZONE } from './calendar';
import { RESPONSE_TIME_POINTS } from './scoring';

/** Days to wait before each review: the first after 1 day, then 3, 7 and 14 after the last right one. */
export const REPASO_INTERVAL_DAYS = [1, 3, 7, 14] as const;
/** At most this many due questions make a round. */
export const REPASO_ROUND_SIZE = 5;
/** The points of the slowest scoring band (spec 9's "more than 50 s"), read from the band rule. */
export const SLOWEST_BAND_POINTS = Math.min(...RESPONSE_TIME_POINTS.map((band) => band.points));
/** Repaso days are the programme's calendar days. */
export const REPASO_TIME_ZONE = PROGRAMME_TIME_ZONE;

/**
 * A quiz answer enters Repaso when it was wrong, or right but scored as the slowest band. The
 * points are the ones the quiz recorded, so whatever bands scored it (an agent's own limits
 * included), "slowest" is the band it fell in.
 */
export function entersRepaso(answer: { correct: boolean; points: number }): boolean {
  return !answer.correct || answer.points <= SLOWEST_BAND_POINTS;
}

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** A question enters Repaso when its quiz is completed: first due the next programme day. */
export function entryDueDay(quizCompletedAt: Date): string {
  return addDays(calendarDay(quizCompletedAt, REPASO_TIME_ZONE), REPASO_INTERVAL_DAYS[0]);
}

/**
 * Due means the server's programme day has reached the question's due day (from 00:00 Madrid
 * time), whatever the hour; a graduated question is never due.
 */
export function isRepasoDue(item: { dueDay: string; graduated: boolean }, now: Date): boolean {
  return !item.graduated && item.dueDay <= calendarDay(now, REPASO_TIME_ZONE);
}

/** Where a question stands: `stage` is how many reviews in a row it has had right (0-3). */
export interface RepasoState {
  stage: number;
  dueDay: string;
  graduated: boolean;
}

/**
 * A review on the server's day `today`. Right: the next interval (1 → 3 → 7 → 14 days); right
 * after the 14-day wait (the fourth right in a row): it leaves Repaso (graduated). Wrong: back
 * to the first interval, 1 day.
 */
export function afterReview(state: Pick<RepasoState, 'stage'>, correct: boolean, today: string): RepasoState {
  if (!correct) return { stage: 0, dueDay: addDays(today, REPASO_INTERVAL_DAYS[0]), graduated: false };
  const stage = state.stage + 1;
  const wait = REPASO_INTERVAL_DAYS[stage];
  if (wait === undefined) return { stage, dueDay: today, graduated: true };
  return { stage, dueDay: addDays(today, wait), graduated: false };
}

/** The round: the due questions, oldest due day first (then by id), at most REPASO_ROUND_SIZE. */
export function repasoRound<T extends { questionId: number; dueDay: string; graduated: boolean }>(items: readonly T[], now: Date): T[] {
  return items.filter((item) => isRepasoDue(item, now))
    .sort((a, b) => (a.dueDay < b.dueDay ? -1 : a.dueDay > b.dueDay ? 1 : a.questionId - b.questionId))
    .slice(0, REPASO_ROUND_SIZE);
}

/**
 * Retention of a question: of the agents who saw it again in Repaso (their first review, the
 * "second sight"), the share who got it right; null when nobody has reviewed it yet.
 */
export function retentionRate(firstReviews: number, rightAtFirstReview: number): number | null {
  return firstReviews === 0 ? null : rightAtFirstReview / firstReviews;
}

/** The home's line: "Repaso: 3 preguntas" (one question reads "Repaso: 1 pregunta"). */
export function repasoHomeLine(questions: number): string {
  return `Repaso: ${questions} ${questions === 1 ? 'pregunta' : 'preguntas'}`;
}
