import { useState } from 'react';
import { Alert, Box, Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { FreshnessNote } from '#components/freshness-note';
import { AlertIcon } from '#components/alert-icon';
import { OfflineState } from '#components/offline-state';
import { PageLoader } from '#components/page-loader';
import { RouteTitleText } from '#components/route-title';
import { DOWNLOAD_FAILED, saveOrderSummary } from '#features/admin/order-summary/commands.ts';
import { useSummaryView } from '#features/admin/order-summary/hooks/use-summary-view.ts';
import { useOrderSummary } from '#features/admin/order-summary/queries.ts';
import { OrderSummaryCards } from './order-summary-cards.tsx';
import { OrderSummaryPager } from './order-summary-pager.tsx';
import { OrderSummaryTable } from './order-summary-table.tsx';

/**
 * /listado-usuarios ("Resumen de pedidos"): search, Descargar, the orders and their pager.
 * Phones get a card per order; from `sm` up, the spec's table.
 */
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

  const body = () => {
    if (summary.isLoading) return <PageLoader label="Cargando datos..." />;
    if (summary.status === 'offline') {
      return <OfflineState onRetry={() => void summary.revalidate()}>Abre el resumen de pedidos con conexión una vez para verlo sin conexión.</OfflineState>;
    }
    if (summary.data === undefined) {
      return (
        <Alert color="red" icon={<AlertIcon />} role="alert">
          No se pudo obtener el resumen de pedidos: {summary.error}
        </Alert>
      );
    }
    return (
      <>
        <Box hiddenFrom="sm">
          <OrderSummaryCards rows={view.rows} offset={view.offset} />
        </Box>
        <Box visibleFrom="sm">
          <OrderSummaryTable rows={view.rows} offset={view.offset} />
        </Box>
        <OrderSummaryPager view={view} onPrevious={previous} onNext={next} />
      </>
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          <RouteTitleText />
        </Title>
        <FreshnessNote fetchedAt={summary.fetchedAt} isStale={summary.isStale} />
      </Stack>
      <Card p={{ base: 'sm', xs: 'lg' }}>
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
          {body()}
        </Stack>
      </Card>
    </Stack>
  );
}
