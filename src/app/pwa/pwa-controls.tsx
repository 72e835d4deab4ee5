import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Affix, Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { installOptionAtom, promptInstall } from '#app/pwa/install-prompt.ts';

const DISMISS_KEY = 'impecable.install-dismissed-at';
const DISMISS_MS = 14 * 24 * 60 * 60 * 1000;

function dismissedRecently(): boolean {
  try {
    return Date.now() - Number(localStorage.getItem(DISMISS_KEY) ?? 0) < DISMISS_MS;
  } catch {
    return false;
  }
}

/**
 * The install offer: "Instalar app" where the browser can install (Chrome, Edge, Android), the
 * Share → "Añadir a pantalla de inicio" steps on iPhone and iPad, nothing when already running
 * installed. Loaded by install-offer.tsx once the person has started using the page; it floats
 * at the bottom so nothing on the screen moves. "Ahora no" hides it for two weeks on this device.
 */
export function PwaControls() {
  const option = useAtomValue(installOptionAtom);
  const [dismissed, setDismissed] = useState(dismissedRecently);

  // install-offer.tsx renders this only while there is something to offer.
  if (dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      localStorage.setItem(DISMISS_KEY, String(Date.now()));
    } catch {
      // Private mode without storage: hidden for this visit only.
    }
  };

  return (
    <Affix position={{ bottom: 'var(--mantine-spacing-md)', left: 'var(--mantine-spacing-md)', right: 'var(--mantine-spacing-md)' }}>
      <Paper withBorder shadow="md" radius="md" px="md" py="xs" maw={720} mx="auto" role="region" aria-label="Instalar la app">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          {option === 'prompt' ? (
            <Group gap="sm" wrap="wrap" style={{ flex: 1 }}>
              <Text size="sm" style={{ flex: '1 1 12rem' }}>
                Instala +impecable para abrirla como una app, también sin conexión.
              </Text>
              <Button size="xs" onClick={() => void promptInstall()}>
                Instalar app
              </Button>
            </Group>
          ) : (
            <Text size="sm" style={{ flex: 1 }}>
              Para instalarla: Compartir → Añadir a pantalla de inicio
            </Text>
          )}
          <CloseButton size="sm" aria-label="Ahora no" onClick={dismiss} />
        </Group>
      </Paper>
    </Affix>
  );
}
