// Seguimiento rules (issue 20): when an agent started an attribute, finished its training
// (the rankings' trainingFinishedAt rule), stalled, and what is left; the quiz mean and the
// days of an attribute's month. Pure: `now` is passed in; never reads the clock, a database
// or the network. The server's counters and its set-based rebuild both follow these rules.
import type { NUDGE_STATES } from '#contract/coaching';
import { calendarDay, compareDays, PROGRAMME_TIME_ZONE } from './calendar';
import { trainingFinishedAt } from './ranking';
import { QUIZZES_PER_ATTRIBUTE } from './training';

const DAY_MS = 86_400_000;

export type NudgeState = (typeof NUDGE_STATES)[number];

/** What the server knows of one agent's work on one attribute. */
export interface CoachingFacts {
  videosTotal: number;
  /** The agent's progress rows on the attribute's videos; `updatedAt` is when it arrived. */
  videos: readonly { porcentaje: number; seenAt: Date | null; updatedAt: Date }[];
  /** Participations: when issued, completed, their answers' points and last answer moment. */
  quizzes: readonly { quiz: number; issuedAt: Date; completedAt: Date | null; points: number; lastAnswerAt: Date | null }[];
  /** `completed`: a portrait was made (a later re-upload keeps it). */
  reface: { completed: boolean; requestedAt: Date } | null;
}

/** An agent's state on one attribute, as stored and counted. */
export interface CoachingState {
  lastActivityAt: Date;
  videosSeen: number;
  /** Bit q-1 set when quiz q is completed. */
  quizMask: number;
  /** Points of the completed quizzes. */
  quizPoints: number;
  reface: boolean;
  finished: boolean;
}

const latest = (dates: readonly (Date | null)[]): Date | null => {
  const times = dates.flatMap((d) => (d === null ? [] : [d.getTime()]));
  return times.length === 0 ? null : new Date(Math.max(...times));
};

/** A video row counts as a start once anything was watched. */
const watched = (v: CoachingFacts['videos'][number]) => v.porcentaje > 0 || v.seenAt !== null;

/**
 * The state of an agent who started (any video watched, any quiz participation, any reface
 * upload); null when nothing was started. The last activity is the latest of those moments.
 */
export function coachingState(facts: CoachingFacts): CoachingState | null {
  const videos = facts.videos.filter(watched);
  if (videos.length === 0 && facts.quizzes.length === 0 && facts.reface === null) return null;
  const lastActivityAt = latest([
    ...videos.map((v) => v.updatedAt), ...facts.quizzes.flatMap((q) => [q.issuedAt, q.lastAnswerAt]), facts.reface?.requestedAt ?? null,
  ]) as Date;
  const completed = facts.quizzes.filter((q) => q.completedAt !== null);
  const seen = videos.flatMap((v) => (v.seenAt === null ? [] : [v.seenAt]));
  const finishedAt = trainingFinishedAt({
    videosTotal: facts.videosTotal, videoSeenAts: seen, quizzesTotal: QUIZZES_PER_ATTRIBUTE,
    quizCompletedAts: completed.map((q) => q.completedAt as Date),
  });
  return {
    lastActivityAt,
    videosSeen: seen.length,
    quizMask: completed.reduce((mask, q) => mask | (1 << (q.quiz - 1)), 0),
    quizPoints: completed.reduce((sum, q) => sum + q.points, 0),
    reface: facts.reface?.completed ?? false,
    finished: finishedAt !== null,
  };
}

/** How many quizzes a mask says are completed. */
export function quizzesDone(mask: number): number {
  let n = 0;
  for (let q = 0; q < QUIZZES_PER_ATTRIBUTE; q++) if (mask & (1 << q)) n++;
  return n;
}

/** Mean points per completed quiz, one decimal; null when none was completed. */
export function meanQuizScore(points: number, quizzes: number): number | null {
  return quizzes === 0 ? null : Math.round((points / quizzes) * 10) / 10;
}

/** Whether an agent needs a nudge: never started, or started, unfinished and idle for `days`. */
export function nudgeStateOf(state: Pick<CoachingState, 'lastActivityAt' | 'finished'> | null, now: Date, days: number): NudgeState | null {
  if (state === null) return 'sin-empezar';
  if (state.finished) return null;
  return state.lastActivityAt.getTime() <= stalledBefore(now, days).getTime() ? 'parado' : null;
}

/** The moment before which (inclusive) a started agent's last activity makes it stalled. */
export function stalledBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** What is left of the training: videos not seen, quizzes (1, 2) not completed, and the reface. */
export function whatIsLeft(state: Pick<CoachingState, 'videosSeen' | 'quizMask' | 'reface'> | null, videosTotal: number) {
  const s = state ?? { videosSeen: 0, quizMask: 0, reface: false };
  const quizzes: number[] = [];
  for (let q = 1; q <= QUIZZES_PER_ATTRIBUTE; q++) if (!(s.quizMask & (1 << (q - 1)))) quizzes.push(q);
  return { videos_pendientes: Math.max(0, videosTotal - s.videosSeen), quizzes_pendientes: quizzes, reface_pendiente: !s.reface };
}

/** The programme-calendar day of a credit (the day its points are drawn on). */
export function creditDay(occurredAt: Date, timeZone: string = PROGRAMME_TIME_ZONE): string {
  return calendarDay(occurredAt, timeZone);
}

/**
 * The days of an attribute's month that have happened by `today` (the programme's calendar day),
 * first to last: the whole month once it is over, none before it starts. Days still to come are
 * absent, never drawn as 0 points.
 */
export function daysSoFar(monthStart: string, monthEnd: string, today: string): string[] {
  return monthDays(monthStart, figuresReach(monthEnd, today));
}

/** The last day an attribute's figures cover: today while its month runs, its last day once over. */
export function figuresReach(monthEnd: string, today: string): string {
  return today < monthEnd ? today : monthEnd;
}

/** Every day of an attribute's month, first to last. */
export function monthDays(monthStart: string, monthEnd: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${monthStart}T00:00:00Z`); t <= Date.parse(`${monthEnd}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** The dated attribute just before `month_start` (by month), or null for the first. */
export function previousAttribute<T extends { month_start: string | null }>(entries: readonly T[], monthStart: string): T | null {
  return entries.filter((e) => e.month_start !== null && e.month_start < monthStart)
    .sort((a, b) => compareDays(b.month_start as string, a.month_start as string))[0] ?? null;
}
