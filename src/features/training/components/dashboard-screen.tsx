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
  const available = useAttributeOpen(userId, attributeId).open !== false;
  const videos = useVideos(attributeId, available ? userId : null);
  const progress = useAttributeProgress(attributeId, available ? userId : null);

  return (
    <>
      <VisuallyHidden>
        <Title order={1}>{attributeName}</Title>
      </VisuallyHidden>
      <div className={classes.layout}>
        <div className={classes.column}>
          <div className={classes.slot} style={order(4)}>
            <RefaceSlot attributeId={attributeId} />
          </div>
          <div className={classes.slot} style={order(1)}>
            <EvolutionCard slug={slug} attributeName={attributeName} progress={progress} available={available} />
          </div>
          <div className={classes.slot} style={order(6)}>
            <PeersCard />
          </div>
        </div>
        <div className={classes.column}>
          <div className={classes.slot} style={order(0)}>
            <AttributeHero attributeId={attributeId} slug={slug} attributeName={attributeName} />
          </div>
          <div className={classes.slot} style={order(5)}>
            <AttributeTraits attributeId={attributeId} attributeName={attributeName} />
          </div>
          <div className={classes.slot} style={order(2)}>
            <TrainingModule userId={userId} attributeId={attributeId} slug={slug} attributeName={attributeName} videos={videos} available={available} />
          </div>
        </div>
      </div>
    </>
  );
}

