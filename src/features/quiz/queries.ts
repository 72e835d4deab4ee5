// Quiz reads, each from the device first: the question bundle and the server's corrections
// (useCachedQuery, refreshed behind), and the answers this device has queued (live, through
// #offline/quiz-answers), so a quiz started online carries on with the network off. The
// participation and the calendar are shared reads (#data/shared-reads).
import { useLiveQuery } from 'dexie-react-hooks';
import { fetchQuestionBundle, fetchQuizResults } from '#api/quiz';
import type { LocalAnswer } from '#domain/quiz-flow';
import type { OutboxRow } from '#offline/outbox';
import { quizAnswersOnDevice } from '#offline/quiz-answers';
import { useCachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';

export function useQuestionBundle(participationId: number, userId: number | null) {
  return useCachedQuery(cacheKeys.quiz.bundle(participationId), () => fetchQuestionBundle(participationId), { userId });
}

export function useQuizResults(participationId: number, userId: number | null) {
  return useCachedQuery(cacheKeys.quiz.results(participationId), () => fetchQuizResults(participationId), { userId });
}

export interface LocalAnswers {
  answers: Map<number, LocalAnswer>;
  /** The outbox row of each question's answer, while it is on the device. */
  rows: Map<number, OutboxRow>;
}

/** Answers this device confirmed for the participation, with their outbox state; undefined while loading. */
export function useLocalAnswers(participationId: number, userId: number): LocalAnswers | undefined {
  return useLiveQuery(async () => {
    const { records, rows } = await quizAnswersOnDevice(userId, participationId);
    const answers = new Map<number, LocalAnswer>();
    for (const record of records) {
      const row = rows.get(record.questionId);
      const refused = row?.status === 'failed';
      answers.set(record.questionId, { questionId: record.questionId, optionId: record.optionId, status: refused ? 'refused' : 'queued', error: refused ? row.lastError : null });
    }
    return { answers, rows };
  }, [participationId, userId]);
}
