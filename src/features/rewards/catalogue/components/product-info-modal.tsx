import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { Product } from '#contract/rewards';

interface ProductInfoModalProps {
  product: Product | null;
  onClose: () => void;
}

/**
 * Spec 4: "Información del premio": the description and the conditions (or the name when there
 * are none). Its "Cerrar" button and Escape close it; no corner X, so one button has that name.
 */
export function ProductInfoModal({ product, onClose }: ProductInfoModalProps) {
  return (
    <Modal opened={product !== null} onClose={onClose} title="Información del premio" withCloseButton={false}>
      {product && (
        <Stack gap="md">
          {product.descripcion && <Text>{product.descripcion}</Text>}
          <Paper bg="gray.0" p="sm" radius="md">
            {product.condiciones && (
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                Condiciones
              </Text>
            )}
            <Text size="sm">{product.condiciones ?? product.nombre}</Text>
          </Paper>
          <Group justify="flex-end">
            <Button onClick={onClose}>Cerrar</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
