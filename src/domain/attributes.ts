// The seven programme attributes as the product names them (spec sections 1 and 2).
// Pure lookup by URL slug; whether an attribute is enabled is data from the API, not here.
import { ATTRIBUTE_SLUGS, type AttributeId, type AttributeSlug } from '#contract/attributes';

const ATTRIBUTE_NAMES: Record<AttributeId, string> = {
  1: 'De Valor',
  2: 'Resolutivo',
  3: 'Accesible',
  4: 'Transversal',
  5: 'Proactivo',
  6: 'Confiable',
  7: 'Con Estilo',
};

/** The attribute id for a URL slug ("accesible" → 3), or null for an unknown slug. */
export function attributeIdFromSlug(slug: string | undefined): AttributeId | null {
  const wanted = slug?.toLowerCase();
  const entry = Object.entries(ATTRIBUTE_SLUGS).find(([, s]) => s === (wanted as AttributeSlug));
  return entry ? (Number(entry[0]) as AttributeId) : null;
}

/** The display name for a URL slug ("devalor" → "De Valor"), or null for an unknown slug. */
export function attributeNameFromSlug(slug: string | undefined): string | null {
  const id = attributeIdFromSlug(slug);
  return id === null ? null : ATTRIBUTE_NAMES[id];
}
