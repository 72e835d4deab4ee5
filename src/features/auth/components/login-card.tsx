// The sign-in card's look, with no data: the login screen puts the Google button (or an alert)
// in it, and the first paint's frame (app/shell/frame.tsx) its bone.
import type { ReactNode } from 'react';
import { Card, Divider, Skeleton, Stack, Text, Title } from '@mantine/core';

/** "Identifícate", what the programme is, `children` (the sign-in), and who may enter. */
export function LoginCard({ children }: { children: ReactNode }) {
  return (
    <Card padding="xl" shadow="xl" withBorder={false}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} size="h2">
            Identifícate
          </Title>
          <Text c="dimmed">Formación, ranking y premios para los agentes de +impecable.</Text>
        </Stack>
        {children}
        <Divider />
        <Text size="xs" c="dimmed" ta="center">
          Acceso solo para usuarios dados de alta en el programa.
        </Text>
      </Stack>
    </Card>
  );
}

/** Where the Google button goes while the configuration loads. */
export function SignInBone() {
  return <Skeleton height={50} radius="md" role="status" aria-label="Cargando..." />;
}
