import { useAtomValue } from 'jotai';
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import type { AttributeId } from '#contract/attributes';
import { attributeNameFromSlug } from '#domain/attributes';
import { takesPart } from '#domain/profiles';
import { sessionAtom } from '#offline/session';
import { useAttributeOpen } from '#data/shared-reads';
import { RefaceCard } from '#features/training/reface/reface-card.tsx';

/** The dashboard's reface card for the signed-in user (the dashboard renders it here); staff as themselves make none (takesPart). */
export function RefaceSlot({ attributeId }: { attributeId: number }) {
  const user = useAtomValue(sessionAtom).user;
  const { open } = useAttributeOpen(user?.id ?? null, attributeId);
  const name = attributeNameFromSlug(ATTRIBUTE_SLUGS[attributeId as AttributeId]) ?? '';
  const available = open !== false;
  if (!user || !takesPart(user)) return null;
  return <RefaceCard userId={user.id} attributeId={attributeId} attributeName={name} available={available} />;
}
