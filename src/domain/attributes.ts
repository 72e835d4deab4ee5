// The seven programme attributes as the product names them (spec sections 1 and 2).
// Pure lookup by URL slug; whether an attribute is enabled is data from the API, not here.
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

/** The line under each attribute's name on its banners (the same words as the art in public/art). */
const ATTRIBUTE_TAGLINES: Record<AttributeId, string> = {
  1: 'Cada gesto suma: aporta valor en cada contacto con el cliente.',
  2: 'A la primera y sin rodeos: soluciones que cierran cada caso.',
  3: 'Cerca, claro y a tu alcance: que el cliente siempre te encuentre.',
  4: 'Un solo equipo de principio a fin: nadie resuelve solo.',
  5: 'Adelántate a lo que el cliente va a necesitar.',
  6: 'Lo que prometes, lo cumples: la confianza se gana cada día.',
  7: 'Tu forma de atender deja huella en cada llamada.',
};

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

/** The banner tagline of an attribute id, or '' for an unknown id. */
export function attributeTagline(id: number): string {
  return ATTRIBUTE_TAGLINES[id as AttributeId] ?? '';
}
