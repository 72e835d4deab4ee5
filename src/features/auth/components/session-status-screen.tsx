import { Card, Loader, Stack, Text } from '@mantine/core';
import { AuthShell } from '#features/auth/components/auth-shell.tsx';

/** "Logando por SSO...", "Cerrando sesión...": a brief wait on the branded backdrop. */
export function SessionStatusScreen({ label }: { label: string }) {
  return (
    <AuthShell>
      <Card>
        <Stack align="center" gap="md" py="lg" role="status" aria-live="polite">
          <Loader aria-hidden="true" />
          <Text fw={600} size="lg">
            {label}
          </Text>
        </Stack>
      </Card>
    </AuthShell>
  );
}
