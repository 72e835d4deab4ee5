// The quiz answers this device holds, so a quiz started online carries on offline: when each
// question was first shown, what was answered (meta rows, personal: gone at sign-out), and the
// outbox rows carrying those answers, found by their subject. Owns those meta keys and every
// query on them; never decides correctness or points (the server's corrections do).
// No window, localStorage or React here.
import { db, type OutboxRow } from './db.ts';
import type { CommandTables } from './outbox.ts';
import { subjectOf } from './outbox-subject.ts';

/** What the device remembers of an answer it queued. */
export interface QueuedAnswerRecord {
  questionId: number;
  optionId: number;
  answeredAt: number;
  elapsedMs: number;
}

const answerPrefix = (participationId: number) => `quiz-answer:${participationId}:`;
const answerKey = (participationId: number, questionId: number) => `${answerPrefix(participationId)}${questionId}`;
const shownKey = (participationId: number, questionId: number) => `quiz-shown:${participationId}:${questionId}`;

/**
 * When this question was first shown on this device (ms epoch), recording now if it never was.
 * A reload mid-question finds the first moment again, so the timer keeps counting from it.
 */
export async function markQuestionShown(participationId: number, questionId: number): Promise<number> {
  return db.transaction('rw', db.meta, async () => {
    const key = shownKey(participationId, questionId);
    const existing = await db.meta.get(key);
    if (typeof existing?.value === 'number') return existing.value;
    const now = Date.now();
    await db.meta.put({ key, value: now });
    return now;
  });
}

/** Inside a queued answer's `apply`: records it with the outbox row, in the same transaction. */
export async function recordQueuedAnswer(tables: CommandTables, participationId: number, record: QueuedAnswerRecord): Promise<void> {
  await tables.meta.put({ key: answerKey(participationId, record.questionId), value: record });
}

export interface AnswersOnDevice {
  records: QueuedAnswerRecord[];
  /** Each question's answer row while it is on the device (pending, or refused). */
  rows: Map<number, OutboxRow>;
}

function isAnswerOf(row: OutboxRow, participationId: number, questionId?: number): boolean {
  const subject = subjectOf(row);
  return subject.kind === 'quiz-answer' && subject.participationId === participationId && (questionId === undefined || subject.questionId === questionId);
}

/** The answers this device recorded for a participation, with the outbox rows still carrying them. */
export async function quizAnswersOnDevice(userId: number, participationId: number): Promise<AnswersOnDevice> {
  const [records, rows] = await Promise.all([
    db.meta.where('key').startsWith(answerPrefix(participationId)).toArray(),
    db.outbox.where('[userId+status]').anyOf([[userId, 'pending'], [userId, 'failed']])
      .filter((row) => isAnswerOf(row, participationId))
      .toArray(),
  ]);
  const rowOf = new Map<number, OutboxRow>();
  for (const row of rows) {
    const subject = subjectOf(row);
    if (subject.kind !== 'quiz-answer') continue;
    // A refused row and a newer pending one for the same question: the pending one is current.
    if (!rowOf.has(subject.questionId) || row.status === 'pending') rowOf.set(subject.questionId, row);
  }
  return { records: records.map((record) => record.value as QueuedAnswerRecord), rows: rowOf };
}

/** A refused answer is asked again: its refused outbox rows and local records go, and the timer restarts. */
export async function forgetRefusedAnswer(userId: number, participationId: number, questionId: number): Promise<void> {
  await db.transaction('rw', db.outbox, db.meta, async () => {
    await db.outbox.where('[userId+status]').equals([userId, 'failed'])
      .filter((row) => isAnswerOf(row, participationId, questionId))
      .delete();
    await db.meta.bulkDelete([answerKey(participationId, questionId), shownKey(participationId, questionId)]);
  });
}
