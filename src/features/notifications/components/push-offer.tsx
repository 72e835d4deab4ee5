import { useEffect, useState } from 'react';
import { Button, Dialog, Group, Text } from '@mantine/core';
import { useScreenBusy } from '#offline/use-busy';
import { usePushDevice } from '../hooks/use-push-device.ts';
import { dismissedMemory, readPromptMemory, writePromptMemory } from '../prompt-rule.ts';

/**
 * The app's own offer of Web Push (prompt-rule.ts says when): a small card, not the browser's
 * dialog, which only opens after "Activar avisos" is tapped. "Ahora no" keeps it away a month.
 * Never over a quiz question or a video: it waits until they close.
 */
export function PushOffer() {
  const { state, busy, error, enable } = usePushDevice();
  const screenBusy = useScreenBusy();
  const [closed, setClosed] = useState(false);
  // Subscribed meanwhile (on /avisos, or the permission was granted): nothing more to offer.
  useEffect(() => {
    if (state === 'on') setClosed(true);
  }, [state]);
  const dismiss = () => {
    const now = Date.now();
    writePromptMemory(localStorage, dismissedMemory(readPromptMemory(localStorage, now), now));
    setClosed(true);
  };
  return (
    <Dialog opened={state === 'off' && !closed && !screenBusy} onClose={dismiss} withCloseButton size="lg" radius="md" position={{ bottom: 16, right: 16 }} aria-label="Avisos en este dispositivo" role="dialog">
      <Text size="sm" fw={700} mb={4}>
        ¿Te avisamos cuando haya algo para ti?
      </Text>
      <Text size="sm" mb="sm">
        Nuevos atributos, el Quiz 2, tus premios y cupones, aunque la aplicación esté cerrada.
      </Text>
      {error && (
        <Text size="sm" c="red.8" mb="xs" role="alert">
          {error}
        </Text>
      )}
      <Group gap="xs">
        <Button size="sm" loading={busy} onClick={() => void enable()}>
          Activar avisos
        </Button>
        <Button size="sm" variant="default" onClick={dismiss}>
          Ahora no
        </Button>
      </Group>
    </Dialog>
  );
}
