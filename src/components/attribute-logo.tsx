import { Image } from '@mantine/core';
import { attributeArt } from '#domain/attributes';

interface AttributeLogoProps {
  slug: string;
  /** Accessible name; pass '' when the name is printed next to the logo. */
  alt: string;
  size: number;
}

/** The round logo of an attribute (public/art/avatar-{slug}.svg). */
export function AttributeLogo({ slug, alt, size }: AttributeLogoProps) {
  return <Image src={attributeArt(slug).avatar} alt={alt} w={size} h={size} fit="contain" style={{ flexShrink: 0 }} />;
}
