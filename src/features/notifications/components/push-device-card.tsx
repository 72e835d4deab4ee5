import { Alert, Button, Group, Text } from '@mantine/core';
import { usePushDevice } from '../hooks/use-push-device.ts';

const STATE_TEXT = {
  on: 'Este dispositivo recibe avisos aunque la aplicación esté cerrada.',
  off: 'Recibe avisos en este dispositivo aunque la aplicación esté cerrada.',
  denied: 'El navegador tiene bloqueados los avisos de esta aplicación: actívalos en sus ajustes.',
  unsupported: 'Este navegador no admite avisos. En iPhone, instala la aplicación en la pantalla de inicio.',
} as const;

/** This device's Web Push: its state and "Activar avisos en este dispositivo" / "Desactivar". */
export function PushDeviceCard() {
  const { state, busy, error, enable, disable } = usePushDevice();
  if (state === null) return null;
  return (
    <div>
      <Text size="sm">{STATE_TEXT[state]}</Text>
      <Group mt="xs" gap="xs">
        {state === 'off' && (
          // The label wraps on a 360 px phone instead of being cut off.
          <Button size="sm" h="auto" mih={36} py={6} styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }} loading={busy} onClick={() => void enable()}>
            Activar avisos en este dispositivo
          </Button>
        )}
        {state === 'on' && (
          <Button size="sm" variant="default" loading={busy} onClick={() => void disable()}>
            Desactivar
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" mt="xs" role="alert">
          {error}
        </Alert>
      )}
    </div>
  );
}
