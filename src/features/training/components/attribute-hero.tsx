import { Suspense, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Attribute } from '#contract/attributes';
import { attributeArtOf, bannerAlt } from '#domain/attributes';
import { onDemand } from '#components/on-demand';
import { ModuleIcon } from '#features/training/components/module-icon.tsx';
import classes from './attribute-hero.module.css';

// The definition's Modal (focus trap, scroll lock) loads the first time it is asked for.
const AttributeInfoModal = onDemand(() => import('#features/training/components/attribute-info-modal.tsx').then((m) => m.AttributeInfoModal));

interface AttributeHeroProps {
  slug: string;
  attributeName: string;
  /** The attribute in the calendar (its banner, line and definition); undefined while it is read. */
  entry: Attribute | undefined;
}

/** The attribute's banner (its own, or the built-in art) with an info button that opens its definition. */
export function AttributeHero({ slug, attributeName, entry }: AttributeHeroProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [asked, setAsked] = useState(false);
  if (opened && !asked) setAsked(true);
  const art = attributeArtOf({ slug, banner_url: entry?.banner_url });
  return (
    <div className={classes.hero}>
      <picture>
        <source media="(max-width: 47.99em)" srcSet={art.heroCompact} width={800} height={600} />
        <img src={art.hero} className={classes.image} alt={bannerAlt({ nombre: attributeName, tagline: entry?.tagline })} width={1600} height={600} />
      </picture>
      <ActionIcon
        className={classes.info}
        size={44}
        radius="xl"
        variant="white"
        color="brand.8"
        onClick={open}
        aria-label={`Qué significa ser ${attributeName}`}
      >
        <ModuleIcon name="info" size={24} />
      </ActionIcon>
      {asked && (
        <Suspense fallback={null}>
          <AttributeInfoModal
            slug={slug}
            logoUrl={entry?.logo_url}
            definition={entry?.definition ?? null}
            attributeName={attributeName}
            opened={opened}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
