import type { QuizProgress } from '#domain/training';

export interface QuizStates {
  1: QuizProgress;
  2: QuizProgress;
  /** How many of the attribute's quizzes are completed. */
  done: number;
}

const NONE_STARTED: QuizStates = { 1: 'not-started', 2: 'not-started', done: 0 };

/**
 * The user's quiz participations for an attribute. Participations arrive with the quiz
 * screens; until the device can read them, no quiz counts as started or completed.
 */
export function useQuizStates(_attributeId: number): QuizStates {
  return NONE_STARTED;
}
