import { useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import { UnknownAttribute } from '#components/unknown-attribute';
import { attributeIdFromSlug, attributeNameFromSlug } from '#domain/attributes';
import { sessionAtom } from '#offline/session';
import { RankingScreen } from '#features/ranking/components/ranking-screen.tsx';

/** /ranking/:atributo: the global ranking, and the attribute's rankings per site and per brand. */
export function RankingRoute() {
  const { atributo } = useParams();
  const user = useAtomValue(sessionAtom).user;
  const id = attributeIdFromSlug(atributo);
  const name = attributeNameFromSlug(atributo);
  if (id === null || name === null) return <UnknownAttribute />;
  if (!user) return null;
  return <RankingScreen key={id} user={user} attributeId={id} slug={ATTRIBUTE_SLUGS[id]} attributeName={name} />;
}
