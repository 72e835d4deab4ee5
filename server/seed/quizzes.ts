// Turns the planned quiz points of the demo ledger into real quizzes on the questions the demo
// pack wrote: participations, answers (wrong ones too) and 'quiz-answer:{participation}:{question}' credits.
// A quiz whose video the agent has not seen is dropped; its questions are issued after that
// video; answers are timed so the quiz rules hold (#domain/quiz). Ana gets a fixed showcase.
// Deterministic; never plans anything after `now`.
import type { Kysely } from 'kysely';
import { creditExpiry, sourceKeys } from '#domain/points';
import { answerPoints, CORRECTION_DELAY_MS, QUIZ_NUMBERS, type QuizNumber } from '#domain/quiz';
import { QUESTIONS_PER_QUIZ, RESPONSE_TIME_POINTS } from '#domain/scoring';
import { quizVideo } from '#domain/training';
import type { Database, NewLedgerEntry } from '#server/db/schema';
import { HARD_QUESTION, parseSeedQuizKey } from './activity.ts';
import type { Catalogue } from './catalogue.ts';
import { chunks } from './prng.ts';

const MINUTE = 60_000;
const BATCH = 500;

/**
 * Ana's quizzes by attribute: how many questions she has answered (0: not started). Her
 * dashboards show "Completado", and Accesible's Quiz 1 "En proceso" (resume it at question 8);
 * its Quiz 2 follows a video she has not seen, so it stays locked. She is a strong agent:
 * nine right answers in ten, all fast (the demo's "agent with points").
 */
const SHOWCASE_QUIZZES: Record<string, Record<QuizNumber, number>> = {
  devalor: { 1: 10, 2: 10 },
  resolutivo: { 1: 10, 2: 10 },
  accesible: { 1: 7, 2: 0 },
};
const SHOWCASE_ANSWERS: PlannedAnswer[] = Array.from({ length: QUESTIONS_PER_QUIZ }, (_, i) => ({ n: i + 1, points: i === 5 ? null : 5 }));

interface SeedQuestion {
  id: number;
  position: number;
  correctOption: number;
  wrongOptions: number[];
}

/** One planned answer: question number (1-10), and the points if correct (null: wrong). */
interface PlannedAnswer {
  n: number;
  points: number | null;
}

interface PlannedQuiz {
  userId: number;
  attributeId: number;
  quiz: QuizNumber;
  /** Not before this moment (the first planned answer, or a showcase moment). */
  from: number;
  answers: PlannedAnswer[];
}

/** A small deterministic spread (0 ≤ result < range) from the answer's identity. */
function spread(range: number, ...parts: number[]): number {
  const h = parts.reduce((acc, p) => (Math.imul(acc ^ p, 2_654_435_761) >>> 0), 2_166_136_261);
  return h % range;
}

/** A claimed time that scores exactly `points` when correct; any plausible time when wrong. */
function elapsedFor(answer: PlannedAnswer, salt: number): number {
  const band = RESPONSE_TIME_POINTS.find((b) => b.points === answer.points) ?? RESPONSE_TIME_POINTS[1];
  const from = Math.max(3, band?.fromSeconds ?? 20);
  const to = band?.toSeconds ?? from + 25;
  return (from + spread(to - from + 1, salt, answer.n)) * 1000 + spread(1000, salt, answer.n, 7);
}

async function loadQuestions(db: Kysely<Database>): Promise<Map<string, SeedQuestion[]>> {
  const rows = await db.selectFrom('quiz_questions as q').innerJoin('quiz_options as o', 'o.question_id', 'q.id')
    .select(['q.id', 'q.attribute_id', 'q.quiz', 'q.position', 'o.id as option_id', 'o.correct'])
    .orderBy('q.attribute_id').orderBy('q.quiz').orderBy('q.position').orderBy('o.position').execute();
  const byQuiz = new Map<string, SeedQuestion[]>();
  for (const row of rows) {
    const list = byQuiz.get(`${row.attribute_id}:${row.quiz}`) ?? [];
    let question = list.find((x) => x.id === row.id);
    if (!question) {
      question = { id: row.id, position: row.position, correctOption: 0, wrongOptions: [] };
      list.push(question);
      byQuiz.set(`${row.attribute_id}:${row.quiz}`, list);
    }
    if (row.correct) question.correctOption = row.option_id;
    else question.wrongOptions.push(row.option_id);
  }
  return byQuiz;
}

/** The generated agents' quizzes as activity.ts planned them: the correct answers' points by number. */
function plannedFromLedger(quizRows: readonly NewLedgerEntry[]): PlannedQuiz[] {
  const byKey = new Map<string, PlannedQuiz>();
  for (const row of quizRows) {
    const key = parseSeedQuizKey(row.source_key ?? '');
    if (!key) continue;
    const id = `${key.userId}:${key.attributeId}:${key.quiz}`;
    const at = new Date(row.occurred_at).getTime();
    const plan = byKey.get(id) ?? { userId: key.userId, attributeId: key.attributeId, quiz: key.quiz, from: at, answers: [] };
    plan.from = Math.min(plan.from, at);
    plan.answers.push({ n: key.n, points: row.amount });
    byKey.set(id, plan);
  }
  return [...byKey.values()].map((plan) => ({
    ...plan,
    answers: Array.from({ length: QUESTIONS_PER_QUIZ }, (_, i) => plan.answers.find((a) => a.n === i + 1) ?? { n: i + 1, points: null }),
  }));
}

/** Ana's quizzes replaced by SHOWCASE_QUIZZES, at the moments her own plan had them (if any). */
function shapeShowcaseQuizzes(plans: readonly PlannedQuiz[], userId: number, catalogue: Catalogue): PlannedQuiz[] {
  const others = plans.filter((p) => p.userId !== userId);
  const hers = catalogue.calendar.filter((a) => a.enabled).flatMap((attribute) =>
    QUIZ_NUMBERS.flatMap((quiz) => {
      const answered = SHOWCASE_QUIZZES[attribute.slug]?.[quiz] ?? 0;
      if (answered === 0) return [];
      const planned = plans.find((p) => p.userId === userId && p.attributeId === attribute.id && p.quiz === quiz);
      return [{ userId, attributeId: attribute.id, quiz, from: planned?.from ?? 0, answers: SHOWCASE_ANSWERS.slice(0, answered) }];
    }));
  return [...others, ...hers];
}

/**
 * Seeds the participations and answers behind the planned quiz credits of `ledger` (placeholder
 * keys from activity.ts), on the questions the demo pack wrote, and returns the ledger with real credits.
 */
export async function seedQuizzes(db: Kysely<Database>, catalogue: Catalogue, ledger: NewLedgerEntry[], now: Date, showcaseUserId: number | null): Promise<NewLedgerEntry[]> {
  const questions = await loadQuestions(db);
  const isPlanned = (row: NewLedgerEntry) => parseSeedQuizKey(row.source_key ?? '') !== null;
  const rest = ledger.filter((row) => !isPlanned(row));
  const seenAt = new Map(rest.filter((row) => row.source_key?.startsWith('video:')).map((row) => [`${row.user_id}:${row.source_key}`, new Date(row.occurred_at).getTime()]));
  const planned = plannedFromLedger(ledger.filter(isPlanned));
  const plans = showcaseUserId === null ? planned : shapeShowcaseQuizzes(planned, showcaseUserId, catalogue);

  const participations: { plan: PlannedQuiz; issuedAt: number; times: number[]; elapsed: number[] }[] = [];
  for (const plan of plans) {
    const video = quizVideo(catalogue.videos.filter((v) => v.attributeId === plan.attributeId), plan.quiz);
    const seen = video ? seenAt.get(`${plan.userId}:${sourceKeys.video(video.id)}`) : undefined;
    if (seen === undefined) continue;
    // Issued after the video (the server's gate), at the planned moment when that is later.
    const issuedAt = Math.max(plan.from - MINUTE, seen + 10 * MINUTE);
    const elapsed = plan.answers.map((a) => elapsedFor(a, plan.userId * 31 + plan.attributeId * 7 + plan.quiz));
    const times: number[] = [];
    let t = issuedAt;
    for (const ms of elapsed) {
      t += ms;
      if (t > now.getTime()) break;
      times.push(t);
      t += CORRECTION_DELAY_MS + spread(4_000, plan.userId, times.length);
    }
    // Still answering right now: an unfinished participation with the answers given so far.
    if (times.length > 0) participations.push({ plan, issuedAt, times, elapsed });
  }

  const credits: NewLedgerEntry[] = [];
  for (const batch of chunks(participations, BATCH)) {
    const rows = await db.insertInto('quiz_participations').values(batch.map(({ plan, issuedAt, times }) => ({
      user_id: plan.userId, attribute_id: plan.attributeId, quiz: plan.quiz, issued_at: new Date(issuedAt), created_at: new Date(issuedAt),
      completed_at: times.length >= QUESTIONS_PER_QUIZ ? new Date(times[times.length - 1] ?? issuedAt) : null,
    }))).returning(['id', 'user_id', 'attribute_id', 'quiz']).execute();
    const idOf = new Map(rows.map((r) => [`${r.user_id}:${r.attribute_id}:${r.quiz}`, r.id]));
    const answers = batch.flatMap(({ plan, times, elapsed }) => {
      const participationId = idOf.get(`${plan.userId}:${plan.attributeId}:${plan.quiz}`) ?? 0;
      const quizQuestions = questions.get(`${plan.attributeId}:${plan.quiz}`) ?? [];
      const name = catalogue.calendar.find((a) => a.id === plan.attributeId)?.nombre ?? '';
      return times.flatMap((at, k) => {
        const planned = plan.answers[k];
        const question = quizQuestions[k];
        if (!planned || !question) return [];
        const correct = planned.points !== null;
        const elapsedMs = elapsed[k] ?? 0;
        const points = answerPoints(elapsedMs, correct);
        const when = new Date(at);
        if (points > 0) {
          credits.push({
            user_id: plan.userId, amount: points, concept: `Quizz ${plan.quiz} ${name}: pregunta ${question.position}`,
            source_key: sourceKeys.quizAnswer(participationId, question.id), attribute_id: plan.attributeId, kind: 'activity',
            occurred_at: when, created_at: when, expires_at: creditExpiry(when),
          });
        }
        // The hard question's wrong answers mostly pick one tempting option.
        const tempting = plan.quiz === 1 && question.position === HARD_QUESTION && spread(10, plan.userId, k, 3) < 7;
        const wrong = (tempting ? question.wrongOptions[0] : question.wrongOptions[spread(question.wrongOptions.length || 1, plan.userId, k)]) ?? question.correctOption;
        return [{
          participation_id: participationId, question_id: question.id, option_id: correct ? question.correctOption : wrong,
          correct, elapsed_ms: elapsedMs, points, occurred_at: when, received_at: when,
        }];
      });
    });
    for (const part of chunks(answers, BATCH)) await db.insertInto('quiz_answers').values(part).execute();
  }
  return [...rest, ...credits];
}
