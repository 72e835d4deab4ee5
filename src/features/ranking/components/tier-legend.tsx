import { Group, Text } from '@mantine/core';
import type { RankingPage } from '#contract/ranking';
import classes from './ranking.module.css';

const range = (from: number, to: number) => (from === to ? `${from}º` : `${from}º–${to}º`);

/** What the row colours mean for this ranking: which positions win which prize. */
export function TierLegend({ tiers }: { tiers: RankingPage['numero_ganadores'] }) {
  const { premiados1: p1, premiados2: p2, premiados3: p3 } = tiers;
  const items = [
    { tier: 1, label: 'Primer premio', from: 1, to: p1 },
    { tier: 2, label: 'Segundo premio', from: p1 + 1, to: p2 },
    { tier: 3, label: 'Tercer premio', from: p2 + 1, to: p3 },
  ].filter((i) => i.to >= i.from && i.to > 0);
  if (items.length === 0) return null;
  return (
    <Group gap="md" wrap="wrap" aria-label="Premios por posición">
      {items.map((i) => (
        <Group key={i.tier} gap={6} wrap="nowrap">
          <span className={classes.swatch} data-tier={i.tier} aria-hidden="true" />
          <Text size="xs">
            {i.label}: {range(i.from, i.to)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
