import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '#domain/format';
import { discardFailed, retryFailed, type OutboxRow } from '#offline/outbox';

/**
 * The queued actions the server refused for good, each with the server's reason, to discard
 * or send again. Nothing is dropped without the user's say.
 */
export function FailedActions({ rows }: { rows: OutboxRow[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const act = (id: string, action: (id: string) => Promise<void>) => {
    setBusy(id);
    void action(id)
      .catch((error: unknown) => console.warn('Could not update the refused action', error))
      .finally(() => setBusy(null));
  };

  return (
    <section aria-labelledby="acciones-rechazadas">
      <Text fw={700} size="sm" c="red.9" id="acciones-rechazadas">
        El servidor no aceptó estas acciones
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        Puedes reintentarlas o descartarlas.
      </Text>
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <li key={row.id}>
            <Text size="sm" fw={600}>
              {row.label}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(row.occurredAt)}
            </Text>
            {row.lastError && (
              <Text size="sm" c="red.8">
                {row.lastError}
              </Text>
            )}
            <Group gap="xs" mt={6} justify="flex-end">
              <Button size="compact-sm" variant="subtle" color="red" disabled={busy === row.id} aria-label={`Descartar: ${row.label}`} onClick={() => act(row.id, discardFailed)}>
                Descartar
              </Button>
              <Button size="compact-sm" variant="light" disabled={busy === row.id} aria-label={`Reintentar: ${row.label}`} onClick={() => act(row.id, retryFailed)}>
                Reintentar
              </Button>
            </Group>
          </li>
        ))}
      </Stack>
    </section>
  );
}
