import { Modal, Stack, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { AttributeLogo } from '#components/attribute-logo';
import { attributeDefinition } from '#features/training/attribute-content.ts';

interface AttributeInfoModalProps {
  attributeId: number;
  slug: string;
  attributeName: string;
  opened: boolean;
  onClose: () => void;
}

/** The attribute's logo and definition (loaded on demand by attribute-hero.tsx). */
export function AttributeInfoModal({ attributeId, slug, attributeName, opened, onClose }: AttributeInfoModalProps) {
  // It mounts already open: opening one render later lets it record where the focus was, to
  // return it on close as when opened by a click.
  const mounted = useMounted();
  return (
    <Modal opened={opened && mounted} onClose={onClose} title={attributeName} size="md">
      <Stack align="center" gap="md">
        <AttributeLogo slug={slug} alt="" size={112} />
        <Text ta="center">{attributeDefinition(attributeId)}</Text>
      </Stack>
    </Modal>
  );
}
