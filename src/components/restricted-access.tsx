import { Link } from 'react-router-dom';
import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '#domain/paths';

/** Spec 2: what a user outside a section's audience sees (/premios, /mis-ordenes). */
export function RestrictedAccess() {
  return (
    <Card maw={520} mx="auto" mt={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" gap="sm" py="lg" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="brand" aria-hidden="true">
          <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
        </ThemeIcon>
        <Title order={1} size="h2">
          Acceso restringido
        </Title>
        <Text c="dimmed">No tienes permisos para acceder a esta sección.</Text>
        <Button component={Link} to={paths.root.getHref()} mt="sm">
          Volver al inicio
        </Button>
      </Stack>
    </Card>
  );
}
