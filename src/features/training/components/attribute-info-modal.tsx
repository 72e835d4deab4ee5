import { Modal, Stack, Text } from '@mantine/core';
import { AttributeLogo } from '#components/attribute-logo';
import { attributeDefinition } from '#features/training/attribute-content.ts';

interface AttributeInfoModalProps {
  attributeId: number;
  slug: string;
  attributeName: string;
  opened: boolean;
  onClose: () => void;
}

/** The attribute's logo and definition. */
export function AttributeInfoModal({ attributeId, slug, attributeName, opened, onClose }: AttributeInfoModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={attributeName} size="md">
      <Stack align="center" gap="md">
        <AttributeLogo slug={slug} alt="" size={112} />
        <Text ta="center">{attributeDefinition(attributeId)}</Text>
      </Stack>
    </Modal>
  );
}
