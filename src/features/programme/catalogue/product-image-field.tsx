import { useEffect, useMemo } from 'react';
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { PRODUCT_IMAGE_ACCEPT } from '#contract/programme-catalogue-constants';
import { PRODUCT_IMAGE_MAX_BYTES } from '#domain/programme-catalogue';

interface ProductImageFieldProps {
  /** The stored image ('' when none). */
  current: string;
  /** A picked file not sent yet: it goes with "Guardar". */
  picked: File | null;
  disabled: boolean;
  onPick: (file: File | null) => void;
  onError: (message: string) => void;
}

export const IMAGE_TOO_LARGE = `La imagen es demasiado grande (máximo ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB)`;

/** The product's image: a preview of the stored one or of the file picked, and the picker. */
export function ProductImageField({ current, picked, disabled, onPick, onError }: ProductImageFieldProps) {
  const preview = useMemo(() => (picked ? URL.createObjectURL(picked) : null), [picked]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const src = preview ?? (current || null);
  const pick = (file: File | null) => {
    if (file && file.size > PRODUCT_IMAGE_MAX_BYTES) return onError(IMAGE_TOO_LARGE);
    onPick(file);
  };
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        Imagen
      </Text>
      {src ? (
        <Image src={src} alt={picked ? 'Vista previa de la imagen elegida' : 'Imagen actual del premio'} h={160} fit="contain" radius="sm" bg="gray.0" />
      ) : (
        <Stack h={120} bg="gray.1" align="center" justify="center" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <Text c="dimmed" size="sm">
            Sin imagen
          </Text>
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        {picked ? `Se subirá al guardar: ${picked.name}. ` : ''}PNG, JPEG o WebP de hasta {PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB.
      </Text>
      <Group gap="xs">
        <FileButton onChange={pick} accept={PRODUCT_IMAGE_ACCEPT} disabled={disabled}>
          {(props) => (
            <Button {...props} size="xs" variant="light" disabled={disabled}>
              {src ? 'Cambiar imagen' : 'Elegir imagen'}
            </Button>
          )}
        </FileButton>
        {picked && (
          <Button size="xs" variant="subtle" color="gray" onClick={() => onPick(null)} disabled={disabled}>
            Descartar
          </Button>
        )}
      </Group>
    </Stack>
  );
}
