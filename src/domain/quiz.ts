// Quiz rules (spec 4, 5, 9; decisions "Quiz timing that works offline"): when a quiz opens,
// how an answer is scored, which claimed timings are impossible, and a participation's counters.
// Pure: `now` and every moment are passed in; never reads the clock, storage or the network.
// Scoring by seconds lives in scoring.ts; this file only decides which seconds it is given.
import { isContentOpen, type CalendarEntry } from './calendar';
import { pointsForElapsed, QUESTIONS_PER_QUIZ, type TimeFactor } from './scoring';
import type { QuizProgress } from './training';

export type QuizNumber = 1 | 2;
export const QUIZ_NUMBERS: readonly QuizNumber[] = [1, 2];

/** Spec 9: the correction stays on screen this long before the next question. */
export const CORRECTION_DELAY_MS = 2_000;
/** The server never scores an answer as faster than this (decisions: "never lower than 1 s"). */
export const MIN_SCORED_MS = 1_000;
/**
 * How far a device clock may run behind the server's before its answer moments look earlier
 * than the quiz's issue. Only the "answered before the quiz was issued" check needs it: the
 * elapsed-time total is compared with two server moments.
 */
export const CLOCK_TOLERANCE_MS = 60_000;

export function isQuizNumber(value: number): value is QuizNumber {
  return value === 1 || value === 2;
}

/** Quiz 1 opens with the attribute's month (and its presentation); Quiz 2 on its mid-month day. */
export function isQuizOpen(entry: Pick<CalendarEntry, 'enabled' | 'month_start' | 'quiz2_opens_at'>, quiz: QuizNumber, now: Date): boolean {
  return isContentOpen(entry.enabled, quiz === 1 ? entry.month_start : entry.quiz2_opens_at, now);
}

/** The whole seconds an answer is scored with: floor of the claimed time, at least 1. */
export function scoredSeconds(elapsedMs: number): number {
  return Math.floor(Math.max(MIN_SCORED_MS, elapsedMs) / 1000);
}

/** Points of one answer: the scoring rule (the agent's bands) applied to the claimed time, never below 1 s. */
export function answerPoints(elapsedMs: number, correct: boolean, factor: TimeFactor = 1): number {
  return pointsForElapsed(Math.max(MIN_SCORED_MS, elapsedMs) / 1000, correct, factor);
}

export interface AnswerTiming {
  /** When the server first handed the questions out. */
  issuedAt: Date;
  /** When this answer reached the server. */
  receivedAt: Date;
  /** When the device says the answer was confirmed (X-Occurred-At, already clamped to ≤ receivedAt). */
  occurredAt: Date;
  elapsedMs: number;
  /** The elapsed times of the participation's answers already recorded. */
  earlierElapsedMs: readonly number[];
}

export type TimingProblem = 'before-issue' | 'longer-than-quiz';

/**
 * Why a claimed timing is impossible, or null when it is possible: the question was shown (or
 * answered) before the quiz was issued, or the answers' times add up to more than the time
 * between issue and this answer's arrival.
 */
export function timingProblem(t: AnswerTiming): TimingProblem | null {
  const earliest = t.issuedAt.getTime() - CLOCK_TOLERANCE_MS;
  if (t.occurredAt.getTime() < earliest || t.occurredAt.getTime() - t.elapsedMs < earliest) return 'before-issue';
  const total = t.earlierElapsedMs.reduce((sum, ms) => sum + ms, t.elapsedMs);
  if (total > t.receivedAt.getTime() - t.issuedAt.getTime()) return 'longer-than-quiz';
  return null;
}

export interface ServedQuestion {
  /** When the participation was issued. */
  issuedAt: Date;
  /** The question GET /{participacion}/pregunta last served, and when it first served it. */
  servedQuestionId: number | null;
  servedAt: Date | null;
  /** When the participation's latest recorded answer reached the server, if any. */
  lastAnswerReceivedAt: Date | null;
}

/**
 * An answer sent without client timing (the spec's body, `{respuesta_id}` alone) is timed by
 * the server's own clock: from when this question was served to this participation (or, if it
 * never was, from the later of the issue and the previous answer's arrival) to its arrival.
 */
export function serverElapsedMs(served: ServedQuestion, questionId: number, receivedAt: Date): number {
  const start = served.servedQuestionId === questionId && served.servedAt !== null
    ? served.servedAt.getTime()
    : Math.max(served.issuedAt.getTime(), served.lastAnswerReceivedAt?.getTime() ?? -Infinity);
  return Math.max(0, receivedAt.getTime() - start);
}

export interface QuizCounters {
  preguntas_totales: number;
  preguntas_respondidas: number;
  preguntas_no_respondidas: number;
  numero_aciertos: number;
  numero_fallos: number;
}

/** Spec 3 `estado` of a participation from its recorded answers. */
export function quizCounters(answers: readonly { correct: boolean }[], total: number = QUESTIONS_PER_QUIZ): QuizCounters {
  const right = answers.filter((a) => a.correct).length;
  return {
    preguntas_totales: total,
    preguntas_respondidas: answers.length,
    preguntas_no_respondidas: Math.max(0, total - answers.length),
    numero_aciertos: right,
    numero_fallos: answers.length - right,
  };
}

/** Every question has an answer: the participation is completed. */
export function isCompleted(counters: Pick<QuizCounters, 'preguntas_totales' | 'preguntas_respondidas'>): boolean {
  return counters.preguntas_totales > 0 && counters.preguntas_respondidas >= counters.preguntas_totales;
}

/** The dashboard's view of a quiz: no participation, one in progress, or one completed. */
export function quizProgressOf(participation: { estado: QuizCounters } | null | undefined): QuizProgress {
  if (!participation) return 'not-started';
  return isCompleted(participation.estado) ? 'completed' : 'in-progress';
}

/** The spec's "Finaliza quizz" usage event, with the quiz and the attribute. */
export function quizFinishedAction(quiz: QuizNumber, attributeName: string): string {
  return `Finaliza quizz ${quiz} ${attributeName}`;
}
