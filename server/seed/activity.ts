// Plans the demo ledger: videos (+5), refaces (+10) and quiz answers (1-5 points) spread over
// the three enabled months, some done late (after a closed month), and twin agents with the
// very same points at slightly later moments, so rankings show real ties. Quiz answers carry
// placeholder keys until seedQuizzes makes them real. Pure given the rng; never writes, never
// plans anything after `now`.
import { isMonthClosed, type CalendarEntry } from '#domain/calendar';
import { creditExpiry, REFACE_POINTS, sourceKeys, VIDEO_POINTS } from '#domain/points';
import { isQuiz2Open } from '#domain/training';
import type { NewLedgerEntry } from '#server/db/schema';
import type { Catalogue } from './catalogue.ts';
import type { Rng } from './prng.ts';

interface Earning {
  key: (userId: number) => string;
  amount: number;
  concept: string;
  attributeId: number;
  at: number;
}

export interface ActivityUser {
  id: number;
  engagement: number;
  twinOf: number | null;
}

const DAY = 86_400_000;
const QUESTIONS = 10;
/** The floor's hard question (its number in quiz 1): most agents get it wrong (Seguimiento shows it). */
export const HARD_QUESTION = 4;

/**
 * Placeholder source keys of a planned quiz's correct answers: participations do not exist yet.
 * seedQuizzes (quizzes.ts) replaces them with real participations, answers and credits.
 */
export function seedQuizKeyPrefix(userId: number, attributeId: number, quiz: 1 | 2): string {
  return `quiz-answer:seed-${userId}-${attributeId}-${quiz}:`;
}

/** What a placeholder key stands for: whose quiz, and the question number (1-10). */
export function parseSeedQuizKey(key: string): { userId: number; attributeId: number; quiz: 1 | 2; n: number } | null {
  const match = /^quiz-answer:seed-(\d+)-(\d+)-([12]):(\d+)$/.exec(key);
  if (!match) return null;
  return { userId: Number(match[1]), attributeId: Number(match[2]), quiz: match[3] === '1' ? 1 : 2, n: Number(match[4]) };
}

function window(entry: CalendarEntry, fromDay: string | null, now: number): [number, number] {
  const start = Date.parse(`${fromDay ?? entry.month_start}T07:00:00Z`);
  const end = Math.min(Date.parse(`${entry.month_end}T19:00:00Z`), now);
  return [start, end];
}

function planAttribute(rng: Rng, entry: CalendarEntry, catalogue: Catalogue, e: number, now: Date): Earning[] {
  const nowMs = now.getTime();
  const closed = isMonthClosed(entry, now);
  const [start, end] = window(entry, null, nowMs);
  if (end <= start) return [];
  const elapsed = closed ? 1 : (end - start) / (Date.parse(`${entry.month_end}T19:00:00Z`) - start);
  if (!rng.chance(Math.min(1, 0.5 + 0.5 * e) * (0.4 + 0.6 * elapsed))) return [];

  const quiz2Open = isQuiz2Open(entry, now);
  const monthEnd = Date.parse(`${entry.month_end}T19:00:00Z`);
  // Closed months: a few activities happened after the month (they count globally only).
  const when = ([lo, hi]: [number, number]): number => {
    if (closed && rng.chance(0.08)) return monthEnd + rng.next() * Math.min(20 * DAY, nowMs - monthEnd);
    return Math.min(lo + rng.next() * Math.max(0, hi - lo), nowMs);
  };
  const earnings: Earning[] = [];
  const videos = catalogue.videos.filter((v) => v.attributeId === entry.id);
  const video = (position: number, w: [number, number]) => {
    const v = videos.find((x) => x.position === position);
    if (v) earnings.push({ key: () => sourceKeys.video(v.id), amount: VIDEO_POINTS, concept: `Vídeo completado: ${v.title}`, attributeId: entry.id, at: when(w) });
  };
  const quiz = (number: 1 | 2, w: [number, number]) => {
    let at = when(w);
    for (let n = 1; n <= QUESTIONS; n++) {
      at += rng.int(8, 70) * 1000;
      if (!rng.chance(0.45 + 0.5 * e)) continue;
      const roll = rng.next();
      const points = roll < 0.3 + 0.4 * e ? 5 : roll < 0.55 + 0.3 * e ? 4 : rng.int(1, 3);
      // After every draw, so the stream (and all other activity) stays as it was.
      if (number === 1 && n === HARD_QUESTION && roll < 0.85) continue;
      earnings.push({
        key: (userId) => `${seedQuizKeyPrefix(userId, entry.id, number)}${n}`,
        amount: points, concept: `Quiz ${number} ${entry.nombre}: respuesta correcta`, attributeId: entry.id, at: Math.min(at, nowMs),
      });
    }
  };

  if (rng.chance(0.9 + 0.1 * e)) video(0, [start, end]);
  if (rng.chance(0.75 + 0.25 * e)) quiz(1, [start, end]);
  if (quiz2Open) {
    const mid = window(entry, entry.quiz2_opens_at, nowMs);
    if (rng.chance(0.6 + 0.4 * e)) video(1, mid);
    if (rng.chance(0.6 + 0.4 * e)) video(2, mid);
    if (rng.chance(0.55 + 0.45 * e)) quiz(2, mid);
  }
  if (rng.chance(Math.min(1, 0.35 + 0.65 * e))) {
    earnings.push({ key: () => sourceKeys.reface(entry.id), amount: REFACE_POINTS, concept: `Reface ${entry.nombre}`, attributeId: entry.id, at: when([start, end]) });
  }
  return earnings;
}

export function planActivity(rng: Rng, catalogue: Catalogue, users: readonly ActivityUser[], now: Date): NewLedgerEntry[] {
  const enabled = catalogue.calendar.filter((a) => a.enabled);
  const plans: Earning[][] = [];
  users.forEach((user, index) => {
    const original = user.twinOf === null ? undefined : plans[user.twinOf];
    if (original) {
      // Same points, a little later: the tie-break "who reached the score first" decides.
      const shift = rng.int(1, 180) * 60_000;
      plans[index] = original.map((earning) => {
        const entry = enabled.find((a) => a.id === earning.attributeId);
        const monthEnd = entry ? Date.parse(`${entry.month_end}T19:00:00Z`) : Infinity;
        const cap = Math.min(now.getTime(), earning.at <= monthEnd ? monthEnd : Infinity);
        return { ...earning, at: Math.max(earning.at, Math.min(earning.at + shift, cap)) };
      });
      return;
    }
    plans[index] = user.engagement < 0 ? [] : enabled.flatMap((entry) => planAttribute(rng, entry, catalogue, user.engagement, now));
  });

  return users.flatMap((user, index) => (plans[index] ?? []).map((earning) => {
    const at = new Date(Math.floor(earning.at));
    return {
      user_id: user.id, amount: earning.amount, concept: earning.concept, source_key: earning.key(user.id),
      attribute_id: earning.attributeId, kind: 'activity' as const, occurred_at: at, created_at: at, expires_at: creditExpiry(at),
    };
  }));
}

/** Days before `now` after which the demo's stalled agents did nothing on the open attribute. */
export const STALLED_DEMO_DAYS = 9;

/**
 * Seguimiento's stalled agents: one generated agent in six (never a twin or a twin's original,
 * so ties stay) did nothing on the open attribute in the last STALLED_DEMO_DAYS days. Drops
 * their later credits after planning, so the random stream and everyone else stay as they were.
 */
export function shapeStalled(ledger: NewLedgerEntry[], users: readonly (ActivityUser & { email?: string })[], catalogue: Catalogue, now: Date): NewLedgerEntry[] {
  const open = catalogue.calendar.find((a) => a.enabled && !isMonthClosed(a, now) && a.month_start !== null && a.month_start <= now.toISOString().slice(0, 10));
  if (!open) return ledger;
  const twinned = new Set(users.flatMap((u) => (u.twinOf === null ? [] : [u.twinOf])));
  const stalled = new Set(users.filter((u, i) => i % 6 === 4 && u.twinOf === null && !twinned.has(i) && u.engagement >= 0).map((u) => u.id));
  const after = now.getTime() - STALLED_DEMO_DAYS * DAY;
  return ledger.filter((e) => !(stalled.has(e.user_id) && e.attribute_id === open.id && new Date(e.occurred_at).getTime() > after));
}
