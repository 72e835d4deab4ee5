import { useState } from 'react';
import { Badge, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import type { HistoryRow } from '#contract/programme-settings';
import { PROGRAMME_TIME_ZONE } from '#domain/calendar';
import { formatDateTime } from '#domain/format';
import { changedFields } from '#domain/programme-settings';
import { actionLabel, areaLabel, valueText } from './labels.ts';

/** One change of the history: when, who, what, and on demand the fields it changed, before and after. */
export function HistoryEntry({ change }: { change: HistoryRow }) {
  const [open, setOpen] = useState(false);
  const fields = changedFields(change.before, change.after);
  const detailsId = `cambio-${change.id}`;

  return (
    <Paper withBorder p="sm" radius="md" component="li" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {areaLabel(change.area)} · {change.entity} {change.entityId}
          </Text>
          <Badge variant="light">{actionLabel(change.action)}</Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(change.when, PROGRAMME_TIME_ZONE)} ·{' '}
          {change.who ? `${change.who.name} (${change.who.email})` : 'El sistema'}
        </Text>
        {fields.length > 0 && (
          <>
            <Button variant="subtle" size="compact-sm" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={detailsId} style={{ alignSelf: 'flex-start' }}>
              {open ? 'Ocultar cambios' : `Ver cambios (${fields.length})`}
            </Button>
            <Collapse expanded={open} id={detailsId}>
              <Stack gap="xs">
                {fields.map((field) => (
                  <Stack key={field.field} gap={2}>
                    <Text size="xs" fw={700}>
                      {field.field}
                    </Text>
                    <Text size="xs" ff="monospace" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                      Antes: {valueText(field.before)}
                    </Text>
                    <Text size="xs" ff="monospace" c="green.8" style={{ overflowWrap: 'anywhere' }}>
                      Después: {valueText(field.after)}
                    </Text>
                  </Stack>
                ))}
              </Stack>
            </Collapse>
          </>
        )}
      </Stack>
    </Paper>
  );
}
