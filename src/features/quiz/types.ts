import type { QuizNumber } from '#domain/quiz';

/** Which quiz a screen is about, and for whom. */
export interface QuizProps {
  userId: number;
  attributeId: number;
  slug: string;
  attributeName: string;
  quiz: QuizNumber;
}
