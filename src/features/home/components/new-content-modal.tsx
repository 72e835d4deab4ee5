import { Link } from 'react-router-dom';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Attribute } from '#contract/attributes';
import { paths } from '#domain/paths';
import { AttributeLogo } from '#components/attribute-logo';

interface NewContentModalProps {
  attribute: Attribute;
  opened: boolean;
  /** Whether the formative content and Quiz 2 are already open (mid-month). */
  quiz2Open: boolean;
  onClose: () => void;
}

/** Spec 2: "¡Nuevo contenido de {atributo}!", shown until it is closed once in the session. */
export function NewContentModal({ attribute, opened, quiz2Open, onClose }: NewContentModalProps) {
  const quiz = quiz2Open ? 'el Quizz 2' : 'el Quizz 1';
  return (
    <Modal opened={opened} onClose={onClose} title={`¡Nuevo contenido de ${attribute.nombre}!`} size="md">
      <Stack gap="md" align="center" ta="center">
        <AttributeLogo slug={attribute.slug} url={attribute.logo_url} alt="" size={96} />
        <Text>
          Entra en el perfil de <strong>{attribute.nombre}</strong> para ver el nuevo contenido formativo y resolver {quiz}.
          ¡Cada vídeo y cada respuesta suman IMPs!
        </Text>
        <Group justify="center" gap="sm" w="100%">
          <Button variant="default" onClick={onClose}>
            Más tarde
          </Button>
          <Button component={Link} to={paths.dashboard.getHref(attribute.slug)} onClick={onClose}>
            Ir a {attribute.nombre}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
