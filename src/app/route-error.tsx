import { Component, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Logo } from '#components/logo';
import { dismissShell } from '#app/shell/shell.ts';
import { paths } from '#app/paths.ts';

// A lazily loaded screen whose file could not be fetched (offline before it was cached,
// or a new version replaced the old files): a reload is the fix, not a bug report. Vite's
// preload of the screen's CSS fails with its own Error ("Unable to preload CSS for …").
function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error
    && /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload CSS/i.test(error.message);
}

interface RouteErrorProps {
  error: unknown;
  /** Fill the viewport (the guard or the layout failed) rather than the content area. */
  fullScreen?: boolean;
}

/** A calm Spanish screen instead of a blank page. */
export function RouteError({ error, fullScreen = false }: RouteErrorProps) {
  // An error is a screen too: the static shell must not stay over it.
  useLayoutEffect(() => dismissShell(), []);
  const chunk = isChunkLoadError(error);
  // The network coming back loads the screen by itself: a kiosk's sign-in screen that could not
  // load offline must still come up to send the work the last agent left.
  useEffect(() => {
    if (!chunk) return undefined;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [chunk]);
  const title = chunk ? 'No se pudo cargar esta pantalla' : 'Algo ha ido mal';
  const detail = chunk ? 'Comprueba tu conexión e inténtalo de nuevo.' : 'Ha ocurrido un error inesperado. Inténtalo de nuevo.';

  return (
    <Center mih={fullScreen ? '100dvh' : 320} p="md" bg={fullScreen ? 'var(--app-bg)' : undefined}>
      <Card maw={440} w="100%" padding="xl">
        <Stack gap="md">
          <Logo size={32} />
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{detail}</Text>
          <Group gap="sm">
            <Button onClick={() => window.location.reload()}>Reintentar</Button>
            <Button component="a" href={paths.home.getHref()} variant="default">
              Volver al inicio
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The location's key: a navigation elsewhere gives the screen a new chance. */
  resetKey: string;
  fullScreen?: boolean;
}

interface BoundaryState {
  resetKey: string;
  failure: { error: unknown } | null;
}

/**
 * Catches what a screen (or the guard and layout around it) throws while rendering, including
 * its code failing to load, and shows RouteError in its place until the next navigation.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { resetKey: this.props.resetKey, failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, failure: null };
  }

  override componentDidCatch(error: unknown): void {
    if (!isChunkLoadError(error)) console.error(error);
  }

  override render() {
    const { failure } = this.state;
    if (failure) return <RouteError error={failure.error} fullScreen={this.props.fullScreen ?? false} />;
    return this.props.children;
  }
}
