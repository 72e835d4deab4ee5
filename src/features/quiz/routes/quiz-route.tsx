import { useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import { UnknownAttribute } from '#components/unknown-attribute';
import { attributeIdFromSlug, attributeNameFromSlug } from '#domain/attributes';
import { isQuizNumber } from '#domain/quiz';
import { sessionAtom } from '#offline/session';
import { useCalendar } from '#data/shared-reads';
import { QuizScreen } from '#features/quiz/components/quiz-screen.tsx';
import { UnknownQuiz } from '#features/quiz/components/unknown-quiz.tsx';

/** /cuestionario/:atributo/quizz/:quizz: intro, questions and results of one quiz. */
export default function QuizRoute() {
  const { atributo, quizz } = useParams();
  const user = useAtomValue(sessionAtom).user;
  const id = attributeIdFromSlug(atributo);
  // The calendar's name (an operator may rename an attribute); the slug's default until it is read.
  const calendar = useCalendar(user?.id ?? null);
  const name = calendar.data?.find((a) => a.id === id)?.nombre ?? attributeNameFromSlug(atributo);
  const quiz = Number(quizz);
  if (id === null || name === null) return <UnknownAttribute />;
  if (!isQuizNumber(quiz)) return <UnknownQuiz slug={ATTRIBUTE_SLUGS[id]} attributeName={name} />;
  if (!user) return null;
  return <QuizScreen key={`${id}-${quiz}`} userId={user.id} attributeId={id} slug={ATTRIBUTE_SLUGS[id]} attributeName={name} quiz={quiz} />;
}
