import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, Loader, Select, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { fetchHistory } from '#api/programme-settings';
import type { HistoryRow } from '#contract/programme-settings';
import { PROGRAMME_AREA_LABELS, PROGRAMME_AREA_NAMES, type ProgrammeAreaName } from '#contract/programme-settings-constants';
import { sessionAtom } from '#offline/session';
import { AlertIcon } from '#components/alert-icon';
import { LoadError } from '#components/load-error';
import { HistoryEntry } from './history-entry.tsx';
import { useHistoryFirstPage } from './queries.ts';

const AREA_OPTIONS = [{ value: '', label: 'Todas las secciones' }, ...PROGRAMME_AREA_NAMES.map((area) => ({ value: area, label: PROGRAMME_AREA_LABELS[area] }))];

/** Programa › Historial de cambios: every change to the programme, newest first, by area. */
export function HistorySection() {
  const userId = useAtomValue(sessionAtom).user?.id ?? 0;
  const [area, setArea] = useState<ProgrammeAreaName | null>(null);
  return (
    <Stack gap="md">
      <Select
        label="Sección"
        data={AREA_OPTIONS}
        value={area ?? ''}
        onChange={(value) => setArea(value ? (value as ProgrammeAreaName) : null)}
        allowDeselect={false}
        maw={360}
      />
      {/* A new filter starts its own list: pages loaded under another one never mix in. */}
      <HistoryList key={area ?? ''} userId={userId} area={area} />
    </Stack>
  );
}

function HistoryList({ userId, area }: { userId: number; area: ProgrammeAreaName | null }) {
  const { online } = useNetwork();
  const first = useHistoryFirstPage(userId, area);
  const [more, setMore] = useState<{ changes: HistoryRow[]; nextCursor: number | null } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  if (!first.data) {
    if (first.error) return <LoadError title={`No se pudo cargar el historial. ${first.error}`} onRetry={() => void first.revalidate()} />;
    return <Loader aria-label="Cargando el historial" />;
  }
  const changes = [...first.data.changes, ...(more?.changes ?? [])];
  const nextCursor = more ? more.nextCursor : first.data.nextCursor;

  async function loadMore() {
    if (nextCursor === null) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await fetchHistory({ area, cursor: nextCursor });
      setMore((m) => ({ changes: [...(m?.changes ?? []), ...page.changes], nextCursor: page.nextCursor }));
    } catch (error) {
      setMoreError(error instanceof Error ? error.message : 'No se pudo cargar');
    } finally {
      setLoadingMore(false);
    }
  }

  if (changes.length === 0) return <Text c="dimmed">Todavía no hay cambios{area ? ' en esta sección' : ''}.</Text>;
  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" p={0} m={0} aria-label="Cambios, del más reciente al más antiguo">
        {changes.map((change) => (
          <HistoryEntry key={change.id} change={change} />
        ))}
      </Stack>
      {moreError && (
        <Alert color="red" role="alert" icon={<AlertIcon />}>
          {moreError}
        </Alert>
      )}
      {nextCursor !== null && (
        <>
          {!online && <Text size="sm" c="dimmed">Necesitas conexión para cargar más cambios.</Text>}
          <Button variant="default" onClick={() => void loadMore()} loading={loadingMore} disabled={!online} style={{ alignSelf: 'center' }}>
            Cargar más
          </Button>
        </>
      )}
    </Stack>
  );
}
