import { ProgressState } from '#components/progress-state';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { formatNumber } from '#domain/format';
import { takesPart } from '#domain/profiles';
import { AttributeLogo } from '#components/attribute-logo';
import { FreshnessNote } from '#components/freshness-note';
import { sessionAtom } from '#offline/session';
import type { CachedQuery } from '#offline/use-cached-query';

interface EvolutionCardProps {
  slug: string;
  /** The attribute's own logo, from the calendar; null or absent: the built-in art. */
  logoUrl?: string | null | undefined;
  attributeName: string;
  progress: CachedQuery<number>;
  /** False while the attribute is disabled in the calendar: nothing to measure yet. */
  available: boolean;
}

/** The attribute's evolution: its logo and the training progress (GET /progreso); staff as themselves have none (takesPart). */
export function EvolutionCard({ slug, logoUrl, attributeName, progress, available }: EvolutionCardProps) {
  const { data, isLoading, error, status, fetchedAt, isStale } = progress;
  const earner = takesPart(useAtomValue(sessionAtom).user);
  if (!earner) return null;
  return (
    <Card component="section" aria-labelledby="evolucion">
      <Title order={2} size="h5" id="evolucion" mb="md">
        Estado de evolución
      </Title>
      <Group wrap="nowrap" gap="md">
        <AttributeLogo slug={slug} url={logoUrl} alt={attributeName} size={64} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs">
            <Text fw={600}>{attributeName}</Text>
            {data !== undefined && (
              <Text fw={800} size="lg" c="brand.8" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatNumber(data)}&nbsp;%
              </Text>
            )}
          </Group>
          {!available ? (
            <Text size="sm" c="dimmed">
              Disponible cuando empiece el mes de {attributeName}.
            </Text>
          ) : (
            <ProgressState value={data} isLoading={isLoading} error={error} offline={status === 'offline'} label={`Progreso de ${attributeName}`} />
          )}
          <FreshnessNote fetchedAt={fetchedAt} isStale={isStale} />
        </Stack>
      </Group>
    </Card>
  );
}
