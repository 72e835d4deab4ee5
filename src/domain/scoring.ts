// Quiz scoring (spec 9, decisions "Points (IMPs) ledger"): points for a correct answer by
// response time, as data the rules page prints and the server scores with.
// Pure; boundaries are on whole seconds elapsed (floor): 19.9 s is under 20.
// Never decides plausibility of a claimed time: the server checks that before scoring.

export const QUESTIONS_PER_QUIZ = 10;
/** Points for an answer that is not correct, however fast. */
export const WRONG_ANSWER_POINTS = 0;

export interface ResponseTimeBand {
  /** First whole second of the band, inclusive. */
  fromSeconds: number;
  /** Last whole second of the band, inclusive; null for "and slower". */
  toSeconds: number | null;
  points: number;
  /** How the rules page reads the band. */
  label: string;
}

/** Spec 9: under 20 s = 5; 20 to 30 s = 4; 31 to 40 s = 3; 41 to 50 s = 2; over 50 s = 1. */
export const RESPONSE_TIME_POINTS: readonly ResponseTimeBand[] = [
  { fromSeconds: 0, toSeconds: 19, points: 5, label: 'Menos de 20 segundos' },
  { fromSeconds: 20, toSeconds: 30, points: 4, label: 'De 20 a 30 segundos' },
  { fromSeconds: 31, toSeconds: 40, points: 3, label: 'De 31 a 40 segundos' },
  { fromSeconds: 41, toSeconds: 50, points: 2, label: 'De 41 a 50 segundos' },
  { fromSeconds: 51, toSeconds: null, points: 1, label: 'Más de 50 segundos' },
];

export const MAX_POINTS_PER_ANSWER = Math.max(...RESPONSE_TIME_POINTS.map((b) => b.points));
/** Spec 9: up to 50 points per quiz. */
export const MAX_QUIZ_POINTS = QUESTIONS_PER_QUIZ * MAX_POINTS_PER_ANSWER;

/**
 * Time accommodation (issue 39, WCAG 2.2.1): an admin may give an agent ×1.5 or ×2 the time of
 * every band. 1 is everyone else. The only factors there are; anything else is refused.
 */
export const TIME_FACTORS = [1, 1.5, 2] as const;
export type TimeFactor = (typeof TIME_FACTORS)[number];

export function isTimeFactor(value: unknown): value is TimeFactor {
  return typeof value === 'number' && (TIME_FACTORS as readonly number[]).includes(value);
}

/** How the back-office and the import name a factor. */
export const TIME_FACTOR_LABELS: Record<TimeFactor, string> = { 1: 'Sin ampliar', 1.5: '×1,5', 2: '×2' };

/**
 * The bands of an agent with `factor`: each band starts at its usual second times the factor,
 * rounded up (never less time than the factor promises), and ends where the next one starts.
 * At ×1 these are RESPONSE_TIME_POINTS, labels included; at ×2 "Menos de 40 segundos" scores 5.
 */
export function scaledBands(factor: TimeFactor = 1): readonly ResponseTimeBand[] {
  if (factor === 1) return RESPONSE_TIME_POINTS;
  const starts = RESPONSE_TIME_POINTS.map((b) => Math.ceil(b.fromSeconds * factor));
  return RESPONSE_TIME_POINTS.map((b, i) => {
    const fromSeconds = starts[i] ?? 0;
    const next = starts[i + 1];
    const toSeconds = next === undefined ? null : next - 1;
    const label = i === 0 ? `Menos de ${toSeconds === null ? 0 : toSeconds + 1} segundos`
      : toSeconds === null ? `Más de ${fromSeconds - 1} segundos` : `De ${fromSeconds} a ${toSeconds} segundos`;
    return { fromSeconds, toSeconds, points: b.points, label };
  });
}

/** The agent's band `seconds` after the question was shown (whole seconds, floor). */
export function bandAt(seconds: number, factor: TimeFactor = 1): ResponseTimeBand | undefined {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : Number.POSITIVE_INFINITY;
  return scaledBands(factor).find((b) => whole >= b.fromSeconds && (b.toSeconds === null || whole <= b.toSeconds));
}

/** Points for one answer given `seconds` after the question was shown, with the agent's bands. */
export function pointsForElapsed(seconds: number, correct: boolean, factor: TimeFactor = 1): number {
  if (!correct) return WRONG_ANSWER_POINTS;
  return bandAt(seconds, factor)?.points ?? WRONG_ANSWER_POINTS;
}
