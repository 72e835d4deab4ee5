import type { ReactNode } from 'react';
import { Card, Loader, Stack, Text } from '@mantine/core';
import { AuthShell } from '#features/auth/components/auth-shell.tsx';
import { RouteTitleText } from '#components/route-title';

/** A spinner and what is happening, in a card (also the first paint's status frame). */
export function StatusCard({ label }: { label: ReactNode }) {
  return (
    <Card>
      <Stack align="center" gap="md" py="lg" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text fw={600} size="lg">
          {label}
        </Text>
      </Stack>
    </Card>
  );
}

/** "Logando por SSO...", "Cerrando sesión..." (the route's title): a brief wait on the branded backdrop. */
export function SessionStatusScreen() {
  return (
    <AuthShell>
      <StatusCard label={<RouteTitleText />} />
    </AuthShell>
  );
}
