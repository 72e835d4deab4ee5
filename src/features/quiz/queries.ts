// Quiz reads, each from the device first: the participation, its question bundle and the
// server's corrections (useCachedQuery, refreshed behind), and the answers this device has
// queued (IndexedDB, live), so a quiz started online carries on with the network off.
import { useLiveQuery } from 'dexie-react-hooks';
import { fetchAttributes } from '#api/attributes';
import { fetchParticipation, fetchQuestionBundle, fetchQuizResults, quizCacheKeys } from '#api/quiz';
import { cacheKeys } from '#api/training';
import type { LocalAnswer } from '#domain/quiz-flow';
import { db, type OutboxRow } from '#offline/db';
import { useCachedQuery } from '#offline/use-cached-query';
import { answerMetaPrefix, type QueuedAnswerRecord } from '#features/quiz/commands.ts';

/** The calendar changes once a month: a snapshot younger than this is not refetched on mount. */
const CALENDAR_MAX_AGE_MS = 10 * 60_000;

/** The programme calendar (which attributes are open), shared with the other screens' snapshot. */
export function useProgrammeCalendar(userId: number | null) {
  return useCachedQuery(cacheKeys.attributes, fetchAttributes, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}

/** userId null: nothing is read or fetched (an attribute known not to be open has no quiz to check). */
export function useParticipation(attributeId: number, quiz: number, userId: number | null) {
  return useCachedQuery(quizCacheKeys.participation(attributeId, quiz), () => fetchParticipation(attributeId, quiz), { userId });
}

export function useQuestionBundle(participationId: number, userId: number | null) {
  return useCachedQuery(quizCacheKeys.bundle(participationId), () => fetchQuestionBundle(participationId), { userId });
}

export function useQuizResults(participationId: number, userId: number | null) {
  return useCachedQuery(quizCacheKeys.results(participationId), () => fetchQuizResults(participationId), { userId });
}

/** The outbox rows carrying answers of this participation (pending or refused). */
function answerRows(userId: number, participationId: number): Promise<OutboxRow[]> {
  return db.outbox.where('[userId+status]').anyOf([[userId, 'pending'], [userId, 'failed']])
    .filter((row) => row.path.startsWith(`/${participationId}/`) && row.path.endsWith('/answer'))
    .toArray();
}

export interface LocalAnswers {
  answers: Map<number, LocalAnswer>;
  /** The outbox row of each question's answer, while it is on the device. */
  rows: Map<number, OutboxRow>;
}

/** Answers this device confirmed for the participation, with their outbox state; undefined while loading. */
export function useLocalAnswers(participationId: number, userId: number): LocalAnswers | undefined {
  return useLiveQuery(async () => {
    const [records, rows] = await Promise.all([
      db.meta.where('key').startsWith(answerMetaPrefix(participationId)).toArray(),
      answerRows(userId, participationId),
    ]);
    const rowOf = new Map<number, OutboxRow>();
    for (const row of rows) {
      const questionId = Number(row.path.split('/')[2]);
      // A refused row and a newer pending one for the same question: the pending one is current.
      if (!rowOf.has(questionId) || row.status === 'pending') rowOf.set(questionId, row);
    }
    const answers = new Map<number, LocalAnswer>();
    for (const record of records) {
      const value = record.value as QueuedAnswerRecord;
      const row = rowOf.get(value.questionId);
      const refused = row?.status === 'failed';
      answers.set(value.questionId, { questionId: value.questionId, optionId: value.optionId, status: refused ? 'refused' : 'queued', error: refused ? row.lastError : null });
    }
    return { answers, rows: rowOf };
  }, [participationId, userId]);
}
