import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { FreshnessNote } from '#components/freshness-note';
import { AlertIcon } from '#components/alert-icon';
import { PageLoader } from '#components/page-loader';
import { DOWNLOAD_FAILED, saveOrderSummary } from '#features/admin/order-summary/commands.ts';
import { useSummaryView } from '#features/admin/order-summary/hooks/use-summary-view.ts';
import { useOrderSummary } from '#features/admin/order-summary/queries.ts';
import { OrderSummaryTable } from '#features/admin/order-summary/components/order-summary-table.tsx';

/** /listado-usuarios ("Resumen de pedidos"): search, Descargar, the table and its pager. */
export function OrderSummaryScreen({ userId }: { userId: number }) {
  const summary = useOrderSummary(userId);
  const { search, setSearch, view, previous, next } = useSummaryView(summary.data ?? []);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const download = () => {
    setDownloading(true);
    setDownloadError(null);
    saveOrderSummary()
      .catch((error: unknown) => {
        console.error('Order summary download failed', error);
        setDownloadError(DOWNLOAD_FAILED);
      })
      .finally(() => setDownloading(false));
  };

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Resumen de pedidos
        </Title>
        <FreshnessNote fetchedAt={summary.fetchedAt} isStale={summary.isStale} />
      </Stack>
      <Card>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              flex="1 1 240px"
              aria-label="Buscar pedidos"
              placeholder="Buscar nombre, nick o producto..."
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Button onClick={download} loading={downloading}>
              Descargar
            </Button>
          </Group>
          {downloadError && (
            <Alert color="red" icon={<AlertIcon />} role="alert" withCloseButton closeButtonLabel="Cerrar" onClose={() => setDownloadError(null)}>
              {downloadError}
            </Alert>
          )}
          {summary.isLoading ? (
            <PageLoader label="Cargando datos..." />
          ) : summary.data === undefined ? (
            <Alert color="red" icon={<AlertIcon />} role="alert">
              No se pudo obtener el resumen de pedidos: {summary.error}
            </Alert>
          ) : (
            <OrderSummaryTable rows={view.rows} offset={view.offset} />
          )}
          <Group justify="center" gap="md">
            <Button variant="default" onClick={previous} disabled={!view.canPrevious}>
              Anterior
            </Button>
            <Text fw={600} aria-live="polite">
              Página {view.page} de {view.totalPages}
            </Text>
            <Button variant="default" onClick={next} disabled={!view.canNext}>
              Siguiente
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
