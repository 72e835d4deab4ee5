import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { FreshnessNote } from '#components/freshness-note';
import { QueryFallback } from '#components/offline-state';
import { PageLoader } from '#components/page-loader';
import type { RankingPage } from '#contract/ranking';
import { pageCount } from '#domain/ranking';
import type { CachedQuery } from '#offline/use-cached-query';
import { RankingTable } from './ranking-table.tsx';
import { TierLegend } from './tier-legend.tsx';
import classes from './ranking.module.css';

interface RankingTableCardProps {
  title: string;
  ranking: CachedQuery<RankingPage>;
  page: number;
  onPage: (page: number) => void;
  /**
   * Null hides the search (spec 5: only for users with points). `disabled` while that is not
   * known yet: the box holds its place, so the table does not jump down when the figures arrive.
   */
  search: { value: string; onChange: (text: string) => void; disabled?: boolean } | null;
  myUserId: number;
  /** Nothing asked yet (the calendar or staff's options still loading): show the loader. */
  waiting?: boolean;
}

/** The table with its search, its prize legend and the pager (Anterior / Siguiente). */
export function RankingTableCard({ title, ranking, page, onPage, search, myUserId, waiting = false }: RankingTableCardProps) {
  const data = ranking.data;
  const pages = pageCount(data?.total ?? 0);
  return (
    <Card component="section" aria-labelledby="ranking-tabla" padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Text fw={700} size="lg" id="ranking-tabla" component="h2" m={0}>
            {title}
          </Text>
          <FreshnessNote fetchedAt={ranking.fetchedAt} isStale={ranking.isStale} />
        </Group>
        {search && (
          <TextInput
            aria-label="Buscar por nick name"
            placeholder="Buscar por nick name..."
            value={search.value}
            disabled={search.disabled}
            onChange={(event) => search.onChange(event.currentTarget.value)}
            maxLength={50}
          />
        )}
        {data && data.data.length > 0 && <TierLegend tiers={data.numero_ganadores} />}
        {waiting || ranking.isLoading ? (
          <div className={classes.tableLoading}>
            <PageLoader label="Cargando datos..." />
          </div>
        ) : data === undefined ? (
          <QueryFallback query={ranking} inline offline="Abre este ranking con conexión una vez para verlo sin conexión." errorTitle="No se pudo cargar el ranking" />
        ) : (
          <RankingTable page={data} myUserId={myUserId} />
        )}
        {/* Held while loading (nothing moves when the rows arrive); gone when nothing can be paged. */}
        {(data !== undefined || waiting || ranking.isLoading) && (
          <Group justify="center" gap={6} wrap="nowrap">
            <Button variant="default" size="sm" px="xs" style={{ flexShrink: 0 }} onClick={() => onPage(page - 1)} disabled={page <= 1}>
              Anterior
            </Button>
            <Text fw={600} size="sm" ta="center" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
              Página {page} de {pages}
            </Text>
            <Button variant="default" size="sm" px="xs" style={{ flexShrink: 0 }} onClick={() => onPage(page + 1)} disabled={data === undefined || page >= pages}>
              Siguiente
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
