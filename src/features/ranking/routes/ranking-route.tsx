import { useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import { UnknownAttribute } from '#components/unknown-attribute';
import { attributeIdFromSlug, attributeNameFromSlug } from '#domain/attributes';
import { sessionAtom } from '#offline/session';
import { useCalendar } from '#data/shared-reads';
import { RankingScreen } from '#features/ranking/components/ranking-screen.tsx';

/** /ranking/:atributo: the global ranking, and the attribute's rankings per site and per brand. */
export default function RankingRoute() {
  const { atributo } = useParams();
  const user = useAtomValue(sessionAtom).user;
  const id = attributeIdFromSlug(atributo);
  // The calendar's name (an operator may rename an attribute); the slug's default until it is read.
  const calendar = useCalendar(user?.id ?? null);
  const name = calendar.data?.find((a) => a.id === id)?.nombre ?? attributeNameFromSlug(atributo);
  if (id === null || name === null) return <UnknownAttribute />;
  if (!user) return null;
  return <RankingScreen key={id} user={user} attributeId={id} slug={ATTRIBUTE_SLUGS[id]} attributeName={name} />;
}
