import { useState } from 'react';
import { Alert, Button, Card, Input, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';
import { RouteTitleText } from '#components/route-title';
import type { DownloadFilter } from '#contract/ranking';
import { usesRankingDownloadFilter } from '#domain/profiles';
import { inDisplayOrder } from '#domain/training';
import { useRankingDownload } from '#features/admin/downloads/hooks/use-ranking-download.ts';
import { useCalendar } from '#data/shared-reads';

interface DownloadsScreenProps {
  userId: number;
  perfil: string;
}

/** /descargar/ranking ("Descargas de Ranking"): the global ranking, and one attribute's ranking. */
export function DownloadsScreen({ userId, perfil }: DownloadsScreenProps) {
  const calendar = useCalendar(userId);
  const attributes = inDisplayOrder((calendar.data ?? []).filter((a) => a.enabled));
  const [chosen, setChosen] = useState<string | null>(null);
  const [filter, setFilter] = useState<DownloadFilter>('plataforma');
  const download = useRankingDownload();
  const withFilter = usesRankingDownloadFilter(perfil);
  // The first attribute is preselected until the user picks one.
  const attribute = chosen ?? (attributes[0] ? String(attributes[0].id) : null);
  const busy = download.running !== null;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <RouteTitleText />
      </Title>
      {download.error && (
        <Alert color="red" icon={<AlertIcon />} role="alert" withCloseButton closeButtonLabel="Cerrar" onClose={download.clearError}>
          {download.error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card component="section" aria-labelledby="descarga-global">
          <Stack gap="md" h="100%" justify="space-between">
            <Stack gap="xs">
              <Title order={2} size="h4" id="descarga-global">
                Ranking global
              </Title>
              <Text size="sm" c="dimmed">
                Todos los agentes que puedes ver, con su posición, sus puntos y sus tareas completadas en todo el programa.
              </Text>
            </Stack>
            <Button onClick={() => download.start('global')} loading={download.running === 'global'} disabled={busy}>
              Descargar ranking global
            </Button>
          </Stack>
        </Card>
        <Card component="section" aria-labelledby="descarga-atributo">
          <Stack gap="md">
            <Stack gap="xs">
              <Title order={2} size="h4" id="descarga-atributo">
                Ranking por atributo
              </Title>
              <Text size="sm" c="dimmed">
                El ranking mensual de un atributo, con la posición de cada agente y sus premios.
              </Text>
            </Stack>
            {/* The browser's own list: seven attributes need no search, and a phone shows its native picker. */}
            <NativeSelect
              label="Atributo"
              data={
                attribute === null
                  ? [{ value: '', label: calendar.isLoading ? 'Cargando...' : 'Elige un atributo', disabled: true }]
                  : attributes.map((a) => ({ value: String(a.id), label: a.nombre }))
              }
              value={attribute ?? ''}
              onChange={(event) => setChosen(event.currentTarget.value)}
              disabled={busy || attribute === null}
            />
            {withFilter && (
              <Stack gap={4}>
                <Input.Label id="descarga-filtro">Filtro</Input.Label>
                <SegmentedControl
                  aria-labelledby="descarga-filtro"
                  value={filter}
                  onChange={(value) => setFilter(value === 'marca' ? 'marca' : 'plataforma')}
                  disabled={busy}
                  data={[
                    { value: 'plataforma', label: 'Sede' },
                    { value: 'marca', label: 'Marca' },
                  ]}
                />
              </Stack>
            )}
            <Button
              onClick={() => download.start('atributo', attribute === null ? null : Number(attribute), withFilter ? filter : undefined)}
              loading={download.running === 'atributo'}
              disabled={busy || attribute === null}
            >
              Descargar ranking del atributo
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
