import { useState } from 'react';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AppConfig } from '#contract/session';
import { requestDemoSsoToken } from '#api/auth';
import { errorMessage } from '#api/http';
import { paths } from '#domain/paths';
import { DemoUserTile } from '#features/auth/components/demo-user-tile.tsx';

/** Demo mode only: sign in as one of the fixed demo users through a fresh SSO link. */
/** `navigate`: how the sign-in screen leaves (it opens the SSO link's route). */
export function DemoUsersCard({ users, navigate }: { users: AppConfig['demoUsers']; navigate: (to: string) => void }) {
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function signInAs(email: string) {
    setPendingEmail(email);
    setError(null);
    try {
      const token = await requestDemoSsoToken(email);
      navigate(paths.sso.getHref(token));
    } catch (reason) {
      setError(errorMessage(reason));
      setPendingEmail(null);
    }
  }

  return (
    <Card component="section" aria-labelledby="demo-mode-title" bg="imps.0" style={{ borderColor: 'var(--mantine-color-imps-3)' }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text id="demo-mode-title" fw={700}>
            Modo demostración
          </Text>
          <Badge color="imps.8" variant="outline">
            Demo
          </Badge>
        </Group>
        <Text size="sm" c="imps.9">
          Entra como uno de los usuarios de prueba. Los datos son ficticios.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {users.map((user) => (
            <DemoUserTile
              key={user.email}
              label={user.label}
              email={user.email}
              pending={pendingEmail === user.email}
              disabled={pendingEmail !== null}
              onSelect={() => void signInAs(user.email)}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
