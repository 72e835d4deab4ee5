import { Center, Loader, Stack, Text } from '@mantine/core';

interface PageLoaderProps {
  label?: string;
  /** Fill the whole viewport (first load, public screens) rather than the content area. */
  fullScreen?: boolean;
}

/** A centred spinner with a Spanish label, announced politely to screen readers. */
export function PageLoader({ label = 'Cargando...', fullScreen = false }: PageLoaderProps) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden="true" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
