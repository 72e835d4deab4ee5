// Programa › Quizzes reads: the device's snapshot first, refreshed behind it.
import { fetchQuiz, fetchQuizList } from '#api/programme-quizzes';
import { useCachedQuery } from '#offline/use-cached-query';
import { quizKeys } from './keys.ts';

export function useQuizList(userId: number | null) {
  return useCachedQuery(quizKeys.list, fetchQuizList, { userId });
}

/** Without an attribute (the list still loading) nothing is read. */
export function useQuizDetail(userId: number | null, atributo: number | null, quizz: number) {
  const key = atributo === null ? null : quizKeys.quiz(atributo, quizz);
  return useCachedQuery(key, () => (atributo === null ? Promise.reject(new Error('Sin atributo')) : fetchQuiz(atributo, quizz)), { userId });
}
