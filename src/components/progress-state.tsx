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
    return (
      <Progress value={value} size="lg" radius="xl" color={value >= 100 ? 'teal.7' : 'brand.6'} aria-labelledby={labelledBy} aria-label={label} />
    );
  }
  if (isLoading) return <Skeleton height={12} radius="xl" aria-label="Cargando..." />;
  return (
    <Text size="sm" c="red.8" role="alert">
      No se pudo obtener el progreso del video: {error}
    </Text>
  );
}
