import { useParams } from 'react-router-dom';
import { ComingSoon } from '#components/coming-soon';
import { UnknownAttribute } from '#components/unknown-attribute';
import { attributeNameFromSlug } from '#domain/attributes';

/** /cuestionario/:atributo/quizz/:quizz: intro, questions and results (later issue). */
export function QuizRoute() {
  const { atributo } = useParams();
  const name = attributeNameFromSlug(atributo);
  if (!name) return <UnknownAttribute />;
  return <ComingSoon title={`Demuestra tu conocimiento sobre el atributo ${name}`} />;
}
