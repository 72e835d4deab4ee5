import { useSetAtom } from 'jotai';
import { Affix, Box, Button, Group, Notification, Text } from '@mantine/core';
import { applyUpdate } from '#app/pwa/sw-registration.ts';
import { updateNoticeClosedAtom, type UpdateStatus } from '#app/pwa/update-status.ts';

/**
 * "Nueva versión disponible": the update is applied only when the user chooses "Actualizar",
 * and waits while a download is busy. Not shown over a quiz question or a video (update-banner.tsx).
 * Loaded only once a new version waits.
 */
export function UpdateNotice({ status }: { status: Exclude<UpdateStatus, 'none'> }) {
  const close = useSetAtom(updateNoticeClosedAtom);
  const deferred = status === 'deferred';
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={900}>
      <Box maw={460} ml="auto">
        <Notification
          title="Nueva versión disponible"
          withBorder
          loading={status === 'applying'}
          withCloseButton={status === 'waiting'}
          onClose={() => close(true)}
          closeButtonProps={{ 'aria-label': 'Más tarde' }}
          role="status"
          aria-live="polite"
          style={{ boxShadow: 'var(--mantine-shadow-md)' }}
        >
          {status === 'applying' ? (
            <Text size="sm">Actualizando…</Text>
          ) : deferred ? (
            <Text size="sm">Se aplicará al terminar la descarga en curso.</Text>
          ) : (
            <Group justify="space-between" gap="sm" wrap="nowrap" mt={4}>
              <Text size="sm">Actualiza para usar la última versión.</Text>
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
