import { Button, Group, Modal, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';

interface IdleWarningProps {
  opened: boolean;
  secondsLeft: number;
  onStay: () => void;
}

/** "¿Sigues ahí?": the last minute before an idle kiosk session is signed out. */
export function IdleWarning({ opened, secondsLeft, onStay }: IdleWarningProps) {
  // Loaded on demand, it mounts already open: opening one render later lets it record where
  // the focus was, to return it on close as when opened by a click.
  const mounted = useMounted();
  return (
    <Modal
      opened={opened && mounted}
      onClose={onStay}
      title="¿Sigues ahí?"
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      size="sm"
      // Above any screen's own modal (Mantine's default is 200): this one ends the session.
      zIndex={900}
    >
      <Text mb="lg">Tu sesión se cerrará por inactividad en {secondsLeft} s</Text>
      <Group justify="flex-end">
        <Button onClick={onStay} data-autofocus>
          Seguir conectado
        </Button>
      </Group>
    </Modal>
  );
}
