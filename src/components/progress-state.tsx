import { Progress, Skeleton, Text } from '@mantine/core';

export interface ProgressStateProps {
  value: number | undefined;
  isLoading: boolean;
  error: string | null;
  /** Accessible name: the id of a visible label, or a text. */
  labelledBy?: string;
  label?: string;
}

/** An attribute's training progress: the bar, its loading skeleton, or the spec's error text. */
export function ProgressState({ value, isLoading, error, labelledBy, label }: ProgressStateProps) {
  if (value !== undefined) {
    // The name goes on the section: it is the element with role="progressbar" (Progress puts
    // aria-labelledby on its root, which leaves the bar itself unnamed).
    return (
      <Progress.Root size="lg" radius="xl">
        <Progress.Section value={value} color={value >= 100 ? 'teal.7' : 'brand.6'} aria-labelledby={labelledBy} aria-label={label} />
      </Progress.Root>
    );
  }
  if (isLoading) return <Skeleton height={12} radius="xl" role="status" aria-label="Cargando..." />;
  return (
    <Text size="sm" c="red.8" role="alert">
      No se pudo obtener el progreso del video: {error}
    </Text>
  );
}
