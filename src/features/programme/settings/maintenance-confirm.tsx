import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';

interface MaintenanceConfirmProps {
  /** The state the admin asked for; null: the modal is closed. */
  next: 0 | 1 | null;
  /** The caller's own IP, and whether the list being saved holds it. */
  yourIp: string;
  yourIpListed: boolean;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation of turning maintenance on or off: what agents will see, and the lock-out guard. */
export function MaintenanceConfirm({ next, yourIp, yourIpListed, saving, onConfirm, onCancel }: MaintenanceConfirmProps) {
  const turningOn = next === 1;
  const blocked = turningOn && !yourIpListed;
  return (
    <Modal opened={next !== null} onClose={onCancel} title={turningOn ? 'Activar el mantenimiento' : 'Desactivar el mantenimiento'} centered>
      <Stack gap="md">
        {turningOn ? (
          <Alert color="orange" icon={<AlertIcon />} title="La app dejará de funcionar para todos">
            En cuanto lo confirmes, todas las personas que no estén en la lista verán «Estamos en mantenimiento», en
            todos los servidores. Lo que tengan pendiente de enviar se guarda en su dispositivo y se enviará al terminar.
          </Alert>
        ) : (
          <Text size="sm">La app vuelve a estar disponible para todos en cuanto lo confirmes.</Text>
        )}
        {blocked && (
          <Alert color="red" role="alert" icon={<AlertIcon />}>
            Tu IP ({yourIp}) no está en la lista: añádela antes de activar el mantenimiento o te quedarás fuera.
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancelar
          </Button>
          <Button color={turningOn ? 'red' : undefined} onClick={onConfirm} loading={saving} disabled={blocked}>
            {turningOn ? 'Activar mantenimiento' : 'Desactivar mantenimiento'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
