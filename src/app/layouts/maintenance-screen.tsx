import { useLayoutEffect } from 'react';
import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Logo } from '#components/logo';
import { dismissShell } from '#app/shell/shell.ts';
import classes from './maintenance.module.css';

interface MaintenanceScreenProps {
  onRetry: () => void;
  checking: boolean;
  /** A retry answered "still in maintenance". */
  stillDown: boolean;
}

/** Maintenance state 1 (decisions.md "Maintenance"): the whole app gives way to this card. */
export function MaintenanceScreen({ onRetry, checking, stillDown }: MaintenanceScreenProps) {
  // It replaces the routes, so it takes over from the static shell itself.
  useLayoutEffect(() => dismissShell(), []);
  return (
    <main className={classes.root}>
      <Stack className={classes.column} gap="lg">
        <Center>
          <Logo size={44} inverted />
        </Center>
        <Card>
          <Stack align="center" gap="sm" py="md" ta="center">
            <ThemeIcon size={64} radius="xl" variant="light" color="imps" aria-hidden="true">
              <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
              </svg>
            </ThemeIcon>
            <Title order={1} size="h2">
              Estamos en mantenimiento
            </Title>
            <Text c="dimmed">
              La app volverá a estar disponible en unos minutos. Lo que hayas hecho sin conexión sigue guardado en este
              dispositivo y se enviará después.
            </Text>
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {stillDown ? 'Seguimos en mantenimiento. Vuelve a intentarlo en unos minutos.' : ''}
            </Text>
            <Button onClick={onRetry} loading={checking} mt="xs">
              Reintentar
            </Button>
          </Stack>
        </Card>
      </Stack>
    </main>
  );
}
