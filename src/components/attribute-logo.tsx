import { Image } from '@mantine/core';
import { attributeArt } from '#domain/attributes';

interface AttributeLogoProps {
  slug: string;
  /** The attribute's own logo (its logo_url); null or absent: the built-in art of the slug. */
  url?: string | null | undefined;
  /** Accessible name; pass '' when the name is printed next to the logo. */
  alt: string;
  size: number;
}

/** The round logo of an attribute: the operator's, or public/art/avatar-{slug}.svg. */
export function AttributeLogo({ slug, url, alt, size }: AttributeLogoProps) {
  return <Image src={url ?? attributeArt(slug).avatar} alt={alt} w={size} h={size} fit="contain" style={{ flexShrink: 0 }} />;
}
