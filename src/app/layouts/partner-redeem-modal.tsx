import { Button, Flex, Modal, Stack, Text } from '@mantine/core';
import { useAppConfig } from '#data/app-config';

interface PartnerRedeemModalProps {
  opened: boolean;
  onClose: () => void;
}

/** Brands other than 2 redeem on the partner's site: the IMPs add to the Ring Ring balance there. */
export function PartnerRedeemModal({ opened, onClose }: PartnerRedeemModalProps) {
  const { config, error } = useAppConfig();
  return (
    <Modal opened={opened} onClose={onClose} title="Canjea tus IMPs" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
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
