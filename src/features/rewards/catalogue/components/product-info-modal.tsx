import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
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
  // Loaded on demand, it mounts already open: opening one render later lets it record where
  // the focus was, to return it on close as when opened by a click.
  const mounted = useMounted();
  return (
    <Modal opened={mounted && product !== null} onClose={onClose} title="Información del premio" withCloseButton={false}>
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
