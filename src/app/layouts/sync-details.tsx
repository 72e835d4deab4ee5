import { useCallback, useRef, useState } from 'react';
import { Divider, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { formatNumber } from '#domain/format';
import type { OutboxRow } from '#offline/outbox';
import { formatAge, formatLastSync } from '#offline/format-age';
import { useTakeOver, type OnDemandStart } from '#app/hooks/use-on-demand.ts';
import { FailedActions } from '#app/layouts/failed-actions.tsx';
import { SyncDetailsTrigger } from '#app/layouts/sync-details-trigger.tsx';
import { pendingLines } from '#app/layouts/sync-status-text.ts';

export interface SyncDetailsProps {
  online: boolean;
  /** The long summary ("6 acciones pendientes: +5 IMPs, …"), heading the list. */
  pendingSummary: string | null;
  pendingRows: OutboxRow[];
  failed: OutboxRow[];
  lastSyncAt: number | null;
  dataAge: number | null;
  now: number;
}

/**
 * The sync line's detail, on demand: why nothing is sent (offline), each pending action, the
 * refused ones with their retry and discard buttons, and when the last sync happened. Loaded
 * with its Popover on the first intent on its button (sync-status.tsx).
 */
export function SyncDetails({ online, pendingSummary, pendingRows, failed, lastSyncAt, dataAge, now, ...start }: SyncDetailsProps & OnDemandStart) {
  const lines = pendingLines(pendingRows);
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useTakeOver(target, start, useCallback(() => setOpened(true), []));
  return (
    <Popover position="bottom-end" width="min(380px, calc(100vw - 24px))" shadow="md" withArrow trapFocus returnFocus opened={opened} onChange={setOpened}>
      <Popover.Target>
        {/* A controlled Popover leaves the target's click to us. */}
        <SyncDetailsTrigger ref={target} failedCount={failed.length} onClick={() => setOpened((open) => !open)} />
      </Popover.Target>
      <Popover.Dropdown aria-label="Detalles de la sincronización">
        <Stack gap="sm">
          {!online && <Text size="sm">Sin conexión: lo que hagas se guarda en este dispositivo y se enviará al volver la conexión.</Text>}
          {online && lines.length > 0 && <Text size="sm">Se enviará al servidor en cuanto sea posible.</Text>}
          {lines.length > 0 && (
            <section aria-labelledby="pendiente-de-enviar">
              <Text fw={700} size="sm" id="pendiente-de-enviar" mb={4}>
                {pendingSummary ?? 'Pendiente de enviar'}
              </Text>
              <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
                <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                  {lines.map((line) => (
                    <Group key={line.key} component="li" justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm">{line.label}</Text>
                      {line.imps > 0 && (
                        <Text size="sm" fw={700} c="teal.9" style={{ whiteSpace: 'nowrap' }}>
                          +{formatNumber(line.imps)} IMPs
                        </Text>
                      )}
                    </Group>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </section>
          )}
          {failed.length > 0 && (
            <>
              <Divider />
              <FailedActions rows={failed} />
            </>
          )}
          {(lastSyncAt !== null || dataAge !== null) && (
            <Stack gap={2}>
              {dataAge !== null && (
                <Text size="xs" c="dimmed">
                  Datos de esta pantalla: {formatAge(dataAge, now)}
                </Text>
              )}
              {lastSyncAt !== null && (
                <Text size="xs" c="dimmed">
                  {formatLastSync(lastSyncAt, now)}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
