import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { inDisplayOrder, isNewAttribute } from '#domain/training';
import { QueryFallback } from '#components/offline-state';
import { FreshnessNote } from '#components/freshness-note';
import { RouteTitleText } from '#components/route-title';
import { useCalendar } from '#data/shared-reads';
import { AttributeTile } from '#features/attributes/components/attribute-tile.tsx';

const GRID = { base: 2, xs: 3, md: 4 } as const;

/** /atributos: the seven attributes; enabled ones open their dashboard. */
export function AttributesScreen({ userId }: { userId: number }) {
  const calendar = useCalendar(userId);
  const now = new Date();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          <RouteTitleText />
        </Title>
        <Text c="dimmed" mt={4}>
          Cada mes se abre un atributo nuevo con sus vídeos y sus cuestionarios.
        </Text>
      </div>
      {calendar.data ? (
        <>
          <SimpleGrid cols={GRID} spacing="lg">
            {inDisplayOrder(calendar.data).map((attribute) => (
              <AttributeTile key={attribute.id} attribute={attribute} isNew={isNewAttribute(calendar.data ?? [], attribute.id, now)} />
            ))}
          </SimpleGrid>
          <FreshnessNote fetchedAt={calendar.fetchedAt} isStale={calendar.isStale} />
        </>
      ) : calendar.isLoading ? (
        <SimpleGrid cols={GRID} spacing="lg" role="status" aria-busy="true" aria-label="Cargando...">
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} height={190} radius="lg" />
          ))}
        </SimpleGrid>
      ) : (
        <QueryFallback query={calendar} offline="Abre los atributos con conexión una vez para verlos sin conexión." errorTitle="No se pudieron obtener los atributos" />
      )}
    </Stack>
  );
}
