import { useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import { UnknownAttribute } from '#components/unknown-attribute';
import { attributeIdFromSlug, attributeNameFromSlug } from '#domain/attributes';
import { sessionAtom } from '#offline/session';
import { DashboardScreen } from '#features/training/components/dashboard-screen.tsx';

/** /dashboard/:atributo: reface, progress and the training module of one attribute. */
export default function DashboardRoute() {
  const { atributo } = useParams();
  const user = useAtomValue(sessionAtom).user;
  const id = attributeIdFromSlug(atributo);
  const name = attributeNameFromSlug(atributo);
  if (id === null || name === null) return <UnknownAttribute />;
  if (!user) return null;
  return <DashboardScreen key={id} userId={user.id} attributeId={id} slug={ATTRIBUTE_SLUGS[id]} attributeName={name} />;
}
