// The album's seven slides: every attribute in display order, whether it is enabled, and the
// user's portrait path if there is one. Pure; the calendar may be missing (first visit offline).
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import type { Attribute, AttributeId } from '#contract/attributes';
import type { AlbumEntry } from '#contract/reface';
import { attributeNameFromSlug } from '#domain/attributes';

export interface AlbumSlide {
  id: number;
  slug: string;
  name: string;
  /** The attribute's own logo (null: the built-in art of the slug). */
  logoUrl: string | null;
  enabled: boolean;
  image: string | null;
}

/** Without a calendar, the spec's reading: attributes 1-3 enabled, 4-7 coming later. */
const DEFAULT_ENABLED_UP_TO = 3;

export function albumSlides(album: readonly AlbumEntry[], calendar: readonly Attribute[] | undefined): AlbumSlide[] {
  const images = new Map(album.map((entry) => [entry.atributo_id, entry.image]));
  const ids = (Object.keys(ATTRIBUTE_SLUGS).map(Number) as AttributeId[]);
  const order = (id: number) => calendar?.find((a) => a.id === id)?.display_order ?? id;
  return [...ids].sort((a, b) => order(a) - order(b) || a - b).map((id) => {
    const slug = ATTRIBUTE_SLUGS[id];
    const entry = calendar?.find((a) => a.id === id);
    return {
      id,
      slug,
      name: entry?.nombre ?? attributeNameFromSlug(slug) ?? slug,
      logoUrl: entry?.logo_url ?? null,
      enabled: entry ? entry.enabled : id <= DEFAULT_ENABLED_UP_TO,
      image: images.get(id) ?? null,
    };
  });
}
