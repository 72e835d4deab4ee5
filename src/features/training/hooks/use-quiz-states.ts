import { useAtomValue } from 'jotai';
import { quizProgressOf } from '#domain/quiz';
import type { QuizProgress } from '#domain/training';
import { sessionAtom } from '#offline/session';
import { useParticipation } from '#data/shared-reads';

export interface QuizStates {
  1: QuizProgress;
  2: QuizProgress;
  /** How many of the attribute's quizzes are completed. */
  done: number;
}

/**
 * The user's quiz participations for an attribute, from the device's snapshots first (the quiz
 * screens update them as answers are queued, so they hold offline) and refreshed behind.
 */
export function useQuizStates(attributeId: number): QuizStates {
  const userId = useAtomValue(sessionAtom).user?.id ?? null;
  const quiz1 = useParticipation(attributeId, 1, userId);
  const quiz2 = useParticipation(attributeId, 2, userId);
  const states = { 1: quizProgressOf(quiz1.data), 2: quizProgressOf(quiz2.data) };
  return { ...states, done: [states[1], states[2]].filter((s) => s === 'completed').length };
}
