// The seven programme attributes by URL slug (spec sections 1 and 2), and their art. Names
// here are the slug's default, for what paints before the calendar is read (the static shell,
// a route's title); the attribute's name, texts, logo and banner are data (GET atributos),
// which an operator edits in Programa › Calendario y atributos.
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import type { AttributeId, AttributeSlug } from '#contract/attributes';

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

export interface AttributeArt {
  /** Round logo (tiles, avatars, evolution card). */
  avatar: string;
  /** Home carousel banner with its call to action, wide and phone versions. */
  banner: string;
  bannerCompact: string;
  /** Dashboard header, without a call to action, wide and phone versions. */
  hero: string;
  heroCompact: string;
}

/** Static artwork of an attribute, served from public/art. */
export function attributeArt(slug: string): AttributeArt {
  return {
    avatar: `/art/avatar-${slug}.svg`,
    banner: `/art/banner-${slug}.svg`,
    bannerCompact: `/art/banner-${slug}-compact.svg`,
    hero: `/art/hero-${slug}.svg`,
    heroCompact: `/art/hero-${slug}-compact.svg`,
  };
}

/**
 * An attribute's artwork as its data says: the operator's logo and banner (Programa ›
 * Calendario y atributos) where it has them, one image for every size; the built-in art of
 * its slug otherwise (and on a calendar stored before the content was data).
 */
export function attributeArtOf(entry: { slug: string; logo_url?: string | null | undefined; banner_url?: string | null | undefined }): AttributeArt {
  const art = attributeArt(entry.slug);
  const logo = entry.logo_url ?? null;
  const banner = entry.banner_url ?? null;
  return {
    avatar: logo ?? art.avatar,
    banner: banner ?? art.banner,
    bannerCompact: banner ?? art.bannerCompact,
    hero: banner ?? art.hero,
    heroCompact: banner ?? art.heroCompact,
  };
}

/** The banner's text alternative: the name and, when the attribute has one, its line. */
export function bannerAlt(entry: { nombre: string; tagline?: string | null | undefined }): string {
  return entry.tagline ? `${entry.nombre}: ${entry.tagline}` : entry.nombre;
}
