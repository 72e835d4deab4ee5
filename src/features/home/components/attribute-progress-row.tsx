import { ProgressState } from '#components/progress-state';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Attribute } from '#contract/attributes';
import { formatNumber } from '#domain/format';
import { AttributeLogo } from '#components/attribute-logo';
import { FreshnessNote } from '#components/freshness-note';
import { useAttributeProgress } from '#data/shared-reads';

interface AttributeProgressRowProps {
  attribute: Attribute;
  userId: number;
  /** The attribute of the running month. */
  isCurrent: boolean;
}

/** One attribute's training progress (GET /progreso/{id}), from the device's snapshot first. */
export function AttributeProgressRow({ attribute, userId, isCurrent }: AttributeProgressRowProps) {
  const { data, isLoading, error, status, isStale, fetchedAt } = useAttributeProgress(attribute.id, userId);

  return (
    <Group wrap="nowrap" gap="md" align="center">
      <AttributeLogo slug={attribute.slug} url={attribute.logo_url} alt="" size={44} />
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <Text fw={600}>
              {attribute.nombre}
            </Text>
            {isCurrent && (
              <Badge size="sm" radius="sm" color="imps.4" c="imps.9" tt="none">
                Este mes
              </Badge>
            )}
          </Group>
          {data !== undefined && (
            <Text fw={700} c="brand.8" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatNumber(data)}&nbsp;%
            </Text>
          )}
        </Group>
        <ProgressState value={data} isLoading={isLoading} error={error} offline={status === 'offline'} label={`Progreso de ${attribute.nombre}`} />
        <FreshnessNote fetchedAt={fetchedAt} isStale={isStale} />
      </Stack>
    </Group>
  );
}
