import { Progress, Stack, Text } from '@mantine/core';

/** An upload's progress bar and line; `checking` is what the server does once the bytes are in. */
export function UploadProgress({ progress, checking }: { progress: number | null; checking: string }) {
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label="Progreso de la subida" animated={progress < 1} />
      <Text size="xs" c="dimmed" role="status">
        {progress < 1 ? `Subiendo… ${percent} %` : checking}
      </Text>
    </Stack>
  );
}
