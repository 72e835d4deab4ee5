import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, resetDb } from './db.ts';
import { runCommand } from './outbox.ts';
import type { OutboxSubject } from './outbox-subject.ts';
import { forgetRefusedAnswer, markQuestionShown, quizAnswersOnDevice, recordQueuedAnswer } from './quiz-answers.ts';

const ana = 7;

beforeEach(async () => {
  vi.useRealTimers();
  await resetDb();
});

/** Queues a row as a command would. The path is deliberately meaningless: rows are found by subject. */
function queue(subject: OutboxSubject, record?: { participationId: number; questionId: number }) {
  return runCommand({
    userId: ana,
    label: 'x',
    subject,
    request: { method: 'POST', path: '/opaque' },
    apply: record ? (tables) => recordQueuedAnswer(tables, record.participationId, { questionId: record.questionId, optionId: 1, answeredAt: 1, elapsedMs: 1 }) : undefined,
  });
}

const answerOf = (participationId: number, questionId: number): OutboxSubject => ({ kind: 'quiz-answer', participationId, questionId });
const refuse = (id: string) => db.outbox.where('id').equals(id).modify({ status: 'failed', lastError: 'No' });

describe('markQuestionShown', () => {
  it('keeps the first moment a question was shown, so a reload keeps the timer counting', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    expect(await markQuestionShown(41, 300)).toBe(1_000_000);
    vi.setSystemTime(1_060_000);
    expect(await markQuestionShown(41, 300)).toBe(1_000_000);
    expect(await markQuestionShown(41, 301)).toBe(1_060_000);
  });
});

describe('quizAnswersOnDevice', () => {
  it('finds the participation’s answer rows by their subject, a pending one over a refused one', async () => {
    const refused = await queue(answerOf(41, 300), { participationId: 41, questionId: 300 });
    await refuse(refused);
    const retried = await queue(answerOf(41, 300));
    const other = await queue(answerOf(41, 301), { participationId: 41, questionId: 301 });
    await queue(answerOf(42, 300), { participationId: 42, questionId: 300 });
    await queue({ kind: 'video-progress', videoId: 300 });
    const { records, rows } = await quizAnswersOnDevice(ana, 41);
    expect(records.map((record) => record.questionId).sort()).toEqual([300, 301]);
    expect([...rows.keys()].sort()).toEqual([300, 301]);
    expect(rows.get(300)?.id).toBe(retried);
    expect(rows.get(301)?.id).toBe(other);
  });

  it('ignores another user’s rows', async () => {
    await runCommand({ userId: 8, label: 'x', subject: answerOf(41, 300), request: { method: 'POST', path: '/opaque' } });
    expect((await quizAnswersOnDevice(ana, 41)).rows.size).toBe(0);
  });
});

describe('forgetRefusedAnswer', () => {
  it('drops that question’s refused row and local record and restarts its timer; nothing else', async () => {
    await markQuestionShown(41, 300);
    const refused = await queue(answerOf(41, 300), { participationId: 41, questionId: 300 });
    await refuse(refused);
    const pending = await queue(answerOf(41, 301), { participationId: 41, questionId: 301 });
    const otherRefused = await queue(answerOf(42, 300));
    await refuse(otherRefused);
    await forgetRefusedAnswer(ana, 41, 300);
    expect((await db.outbox.toArray()).map((row) => row.id).sort()).toEqual([pending, otherRefused].sort());
    expect(await db.meta.get('quiz-answer:41:300')).toBeUndefined();
    expect(await db.meta.get('quiz-shown:41:300')).toBeUndefined();
    expect(await db.meta.get('quiz-answer:41:301')).toBeDefined();
  });
});
