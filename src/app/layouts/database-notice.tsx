import { useEffect } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { onDatabaseEvent, type DatabaseEvent } from '#offline/db-events';
import { notify } from '#components/notify';

const MESSAGES: Record<DatabaseEvent, string> = {
  outdated: 'La app se actualizó en otra pestaña. Recarga para continuar.',
  blocked: 'Cierra las demás pestañas de +impecable para terminar de actualizar la app.',
};

// Rare, so the notifications package loads only when it happens, not with the layout.
function notifyEvent(event: DatabaseEvent): Promise<void> {
  return notify({
    id: `database-${event}`,
    color: 'yellow',
    autoClose: false,
    message: (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{MESSAGES[event]}</Text>
        {event === 'outdated' && (
          <Button size="xs" onClick={() => window.location.reload()}>
            Recargar
          </Button>
        )}
      </Stack>
    ),
  });
}

/**
 * Says when the device's database changed under this tab: another tab upgraded it (this one
 * closed its connection and runs old code), or an old tab holds back our upgrade.
 */
export function DatabaseNotice() {
  useEffect(() => onDatabaseEvent((event) => void notifyEvent(event).catch((error: unknown) => console.warn('Could not show the database notice', error))), []);
  return null;
}
