import { Button, Flex, Modal, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useCachedAppConfig } from '#data/shared-reads';

interface PartnerRedeemModalProps {
  userId: number;
  opened: boolean;
  onClose: () => void;
}

/**
 * Brands other than 2 redeem on the partner's site: the IMPs add to the Ring Ring balance there.
 * The partner's address comes from the device's copy of the configuration.
 */
export function PartnerRedeemModal({ userId, opened, onClose }: PartnerRedeemModalProps) {
  const { data: config, error } = useCachedAppConfig(userId);
  // Loaded on demand, it mounts already open: opening one render later lets it record where
  // the focus was, to return it on close as when opened by a click.
  const mounted = useMounted();
  return (
    <Modal opened={opened && mounted} onClose={onClose} title="Canjea tus IMPs" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="md">
        <Text>
          Tu saldo de IMPs se suma a tu saldo de puntos de <strong>Ring Ring</strong>. Puedes canjear el total en la web de
          premios de Ring Ring.
        </Text>
        <Text size="sm" c="dimmed">
          Si tienes alguna incidencia con tu saldo o con un canje, consulta con tu responsable.
        </Text>
        {error && !config && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
          <Button
            component="a"
            href={config?.partnerRedeemUrl}
            target="_blank"
            rel="noopener noreferrer"
            disabled={!config}
            aria-label="Ir a la web de Ring Ring (se abre en una pestaña nueva)"
          >
            Ir a la web de Ring Ring
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
