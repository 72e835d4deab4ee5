import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Logo } from '#components/logo';
import { paths } from '#app/paths.ts';

// A lazily loaded screen whose file could not be fetched (offline before it was cached,
// or a new version replaced the old files): a reload is the fix, not a bug report.
function isChunkLoadError(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

/** Route error boundary: a calm Spanish screen instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  const title = chunk ? 'No se pudo cargar esta pantalla' : 'Algo ha ido mal';
  const detail = chunk
    ? 'Comprueba tu conexión e inténtalo de nuevo.'
    : isRouteErrorResponse(error) && error.status === 404
      ? 'La página que buscas no existe.'
      : 'Ha ocurrido un error inesperado. Inténtalo de nuevo.';

  return (
    <Center mih="100dvh" p="md" bg="var(--app-bg)">
      <Card maw={440} w="100%" padding="xl">
        <Stack gap="md">
          <Logo size={32} />
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{detail}</Text>
          <Group gap="sm">
            <Button onClick={() => window.location.reload()}>Reintentar</Button>
            <Button component={Link} to={paths.home.getHref()} variant="default" reloadDocument>
              Volver al inicio
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}
