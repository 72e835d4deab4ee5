import { ActionIcon, Button, Divider, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { formatNumber } from '#domain/format';
import type { OutboxRow } from '#offline/outbox';
import { formatAge, formatLastSync } from '#offline/format-age';
import { AlertIcon } from '#components/alert-icon';
import { FailedActions } from '#app/layouts/failed-actions.tsx';
import { failedText, pendingLines } from '#app/layouts/sync-status-text.ts';
import classes from './sync-status.module.css';

interface SyncDetailsProps {
  online: boolean;
  /** The long summary ("6 acciones pendientes: +5 IMPs, …"), heading the list. */
  pendingSummary: string | null;
  pendingRows: OutboxRow[];
  failed: OutboxRow[];
  lastSyncAt: number | null;
  dataAge: number | null;
  now: number;
}

function ChevronIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/**
 * The sync line's detail, on demand: why nothing is sent (offline), each pending action, the
 * refused ones with their retry and discard buttons, and when the last sync happened.
 */
export function SyncDetails({ online, pendingSummary, pendingRows, failed, lastSyncAt, dataAge, now }: SyncDetailsProps) {
  const lines = pendingLines(pendingRows);
  return (
    <Popover position="bottom-end" width="min(380px, calc(100vw - 24px))" shadow="md" withArrow trapFocus returnFocus>
      <Popover.Target>
        {failed.length > 0 ? (
          <Button size="compact-sm" color="red" variant="white" leftSection={<AlertIcon size={16} />} rightSection={<ChevronIcon />} className={classes.trigger}>
            {failedText(failed.length)}
          </Button>
        ) : (
          <ActionIcon variant="subtle" color="white" size={32} aria-label="Detalles de la sincronización" className={classes.trigger}>
            <ChevronIcon />
          </ActionIcon>
        )}
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
