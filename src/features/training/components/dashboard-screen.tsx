import type { CSSProperties } from 'react';
import { Title, VisuallyHidden } from '@mantine/core';
import { useAttributeOpen, useAttributeProgress, useVideos } from '#data/shared-reads';
import { AttributeHero } from '#features/training/components/attribute-hero.tsx';
import { AttributeTraits } from '#features/training/components/attribute-traits.tsx';
import { EvolutionCard } from '#features/training/components/evolution-card.tsx';
import { PeersCard } from '#features/training/components/peers-card.tsx';
import { RefaceSlot } from '#features/training/components/reface-slot.tsx';
import { TrainingModule } from '#features/training/components/training-module.tsx';
import classes from './dashboard-screen.module.css';

/** Place of a card in the phones' single column (desktop keeps the spec's two columns). */
const order = (n: number) => ({ '--phone-order': n }) as CSSProperties;

interface DashboardScreenProps {
  userId: number;
  attributeId: number;
  slug: string;
  attributeName: string;
}

/**
 * /dashboard/:atributo. Desktop: reface, evolution and peers on the left; banner, traits and
 * the training module on the right. Phones: one column, banner, progress and module first.
 */
export function DashboardScreen({ userId, attributeId, slug, attributeName }: DashboardScreenProps) {
  const { open, entry } = useAttributeOpen(userId, attributeId);
  const available = open !== false;
  // The name, texts and art are the calendar's (Programa › Calendario y atributos); the
  // slug's default name until it is read.
  const name = entry?.nombre ?? attributeName;
  const videos = useVideos(attributeId, available ? userId : null);
  const progress = useAttributeProgress(attributeId, available ? userId : null);

  return (
    <>
      <VisuallyHidden>
        <Title order={1}>{name}</Title>
      </VisuallyHidden>
      <div className={classes.layout}>
        <div className={classes.column}>
          <div className={classes.slot} style={order(4)}>
            <RefaceSlot attributeId={attributeId} />
          </div>
          <div className={classes.slot} style={order(1)}>
            <EvolutionCard slug={slug} logoUrl={entry?.logo_url} attributeName={name} progress={progress} available={available} />
          </div>
          <div className={classes.slot} style={order(6)}>
            <PeersCard />
          </div>
        </div>
        <div className={classes.column}>
          <div className={classes.slot} style={order(0)}>
            <AttributeHero slug={slug} attributeName={name} entry={entry} />
          </div>
          <div className={classes.slot} style={order(5)}>
            <AttributeTraits attributeName={name} entry={entry} />
          </div>
          <div className={classes.slot} style={order(2)}>
            <TrainingModule userId={userId} attributeId={attributeId} slug={slug} attributeName={name} videos={videos} available={available} />
          </div>
        </div>
      </div>
    </>
  );
}

