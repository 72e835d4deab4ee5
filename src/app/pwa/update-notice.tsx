import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Affix, Box, Button, Group, Notification, Text } from '@mantine/core';
import { busyAtom } from '#offline/busy';
import { applyUpdate } from '#app/pwa/sw-registration.ts';
import type { UpdateStatus } from '#app/pwa/update-status.ts';

/**
 * "Nueva versión disponible": the update is applied only when the user chooses "Actualizar",
 * and waits while a video or quiz is busy. Loaded only once a new version waits.
 */
export function UpdateNotice({ status }: { status: Exclude<UpdateStatus, 'none'> }) {
  const busy = useAtomValue(busyAtom).length > 0;
  const [hidden, setHidden] = useState(false);
  if (hidden && status === 'waiting') return null;

  const deferred = status === 'deferred';
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={900}>
      <Box maw={460} ml="auto">
        <Notification
          title="Nueva versión disponible"
          withBorder
          loading={status === 'applying'}
          withCloseButton={status === 'waiting'}
          onClose={() => setHidden(true)}
          closeButtonProps={{ 'aria-label': 'Más tarde' }}
          role="status"
          aria-live="polite"
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        >
          {status === 'applying' ? (
            <Text size="sm">Actualizando…</Text>
          ) : deferred ? (
            <Text size="sm">Se aplicará al terminar el video o el cuestionario en curso.</Text>
          ) : (
            <Group justify="space-between" gap="sm" wrap="nowrap" mt={4}>
              <Text size="sm">{busy ? 'Si actualizas ahora, se aplicará al terminar.' : 'Actualiza para usar la última versión.'}</Text>
              <Button size="xs" style={{ flexShrink: 0 }} onClick={() => void applyUpdate()}>
                Actualizar
              </Button>
            </Group>
          )}
        </Notification>
      </Box>
    </Affix>
  );
}
