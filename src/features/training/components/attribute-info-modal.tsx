import { Modal, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { AttributeLogo } from '#components/attribute-logo';

interface AttributeInfoModalProps {
  slug: string;
  /** The attribute's own logo; null or absent: the built-in art. */
  logoUrl: string | null | undefined;
  /** The calendar's definition of the attribute (Programa › Calendario y atributos); null: not written yet. */
  definition: string | null;
  attributeName: string;
  opened: boolean;
  onClose: () => void;
}

/** The attribute's logo and definition (loaded on demand by attribute-hero.tsx). */
export function AttributeInfoModal({ slug, logoUrl, definition, attributeName, opened, onClose }: AttributeInfoModalProps) {
  // It mounts already open: opening one render later lets it record where the focus was, to
  // return it on close as when opened by a click.
  const mounted = useMounted();
  return (
    <Modal opened={opened && mounted} onClose={onClose} title={attributeName} size="md">
      <Stack align="center" gap="md">
        <AttributeLogo slug={slug} url={logoUrl} alt="" size={112} />
        <Text ta="center" c={definition ? undefined : 'dimmed'}>
          {definition ?? 'La definición de este atributo aún no está disponible.'}
        </Text>
      </Stack>
    </Modal>
  );
}
