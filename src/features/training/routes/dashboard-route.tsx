import { useParams } from 'react-router-dom';
import { ComingSoon } from '#components/coming-soon';
import { UnknownAttribute } from '#components/unknown-attribute';
import { attributeNameFromSlug } from '#domain/attributes';

/** /dashboard/:atributo: reface, progress and the training module (later issue). */
export function DashboardRoute() {
  const { atributo } = useParams();
  const name = attributeNameFromSlug(atributo);
  if (!name) return <UnknownAttribute />;
  return <ComingSoon title={name} />;
}
