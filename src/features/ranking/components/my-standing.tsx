import { Link } from 'react-router-dom';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { RankingStats } from '#api/ranking';
import { formatNumber } from '#domain/format';
import { paths } from '#domain/paths';

/** What the screen says about an agent: its figures, or why it is not in this ranking (staff get no card). */
export type Participation =
  | { kind: 'stats'; stats: RankingStats }
  | { kind: 'closed'; attributeName: string }
  | { kind: 'prompt'; attributeName: string | null; slug: string | null };

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0} align="center" ta="center">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {/* One fixed line box, whether it holds the figure or its skeleton: nothing below moves. */}
      <Text component="div" fw={800} size="xl" h={32} lh="32px" c="brand.8" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** The stats card's shape while the figures load, so the table below does not jump. */
export function MyStandingPlaceholder() {
  const loading = <Skeleton h={24} w={56} mt={4} aria-hidden />;
  return (
    <Card component="section" aria-label="Tus datos en este ranking" aria-busy="true">
      <SimpleGrid cols={3} spacing="xs">
        <Stat label="Tu posición" value={loading} />
        <Stat label="Tus puntos" value={loading} />
        <Stat label="Al primero" value={loading} />
      </SimpleGrid>
    </Card>
  );
}

/** Spec 2/6: an agent's figures when it has points; otherwise why it is not in this ranking yet. */
export function MyStanding({ participation }: { participation: Participation }) {
  if (participation.kind === 'stats') {
    const { position, totalPoints, pointsDifference } = participation.stats;
    return (
      <Card component="section" aria-label="Tus datos en este ranking">
        <SimpleGrid cols={3} spacing="xs">
          <Stat label="Tu posición" value={position === null ? '-' : `${formatNumber(position)}º`} />
          <Stat label="Tus puntos" value={formatNumber(totalPoints)} />
          <Stat label="Al primero" value={pointsDifference === 0 ? '¡Lideras!' : `${formatNumber(pointsDifference)} IMPs`} />
        </SimpleGrid>
      </Card>
    );
  }
  if (participation.kind === 'closed') {
    return (
      <Card>
        <Text fw={600} ta="center">
          El ranking de {participation.attributeName} está cerrado: su mes ya terminó y no sumaste puntos en él.
        </Text>
      </Card>
    );
  }
  const { attributeName, slug } = participation;
  return (
    <Card>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600}>
          {attributeName
            ? `Aún no tienes puntos en ${attributeName}: mira sus vídeos y resuelve sus cuestionarios para entrar en el ranking.`
            : 'Aún no tienes puntos: mira los vídeos, haz tu reface y resuelve los cuestionarios para entrar en el ranking.'}
        </Text>
        <Button component={Link} to={slug ? paths.dashboard.getHref(slug) : paths.attributes.getHref()}>
          {attributeName ? `Ir a ${attributeName}` : 'Ver atributos'}
        </Button>
      </Group>
    </Card>
  );
}
