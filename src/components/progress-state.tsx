import { Progress, Skeleton, Text } from '@mantine/core';
import { FILLS_IN_ONLINE } from './offline-state';

export interface ProgressStateProps {
  value: number | undefined;
  isLoading: boolean;
  error: string | null;
  /** No copy on the device and no network (the read's status 'offline'): a calm line, not an error. */
  offline?: boolean;
  /** Accessible name: the id of a visible label, or a text. */
  labelledBy?: string;
  label?: string;
}

/** An attribute's training progress: the bar, its loading skeleton, or the spec's error text. */
export function ProgressState({ value, isLoading, error, offline = false, labelledBy, label }: ProgressStateProps) {
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
  if (offline) {
    return (
      <Text size="sm" c="gray.7" role="status">
        Sin conexión. {FILLS_IN_ONLINE}
      </Text>
    );
  }
  return (
    <Text size="sm" c="red.8" role="alert">
      No se pudo obtener el progreso del video: {error}
    </Text>
  );
}
