import { Text } from '@mantine/core';
import { formatAge } from '#offline/format-age';

interface FreshnessNoteProps {
  /** When the shown snapshot came from the server. */
  fetchedAt: number | undefined;
  /** The snapshot is not confirmed (offline, or the refresh failed). */
  isStale: boolean;
  /** Light text on a dark background. */
  inverted?: boolean;
}

/** "actualizado hace 5 min" under data the device is showing from its cache. */
export function FreshnessNote({ fetchedAt, isStale, inverted = false }: FreshnessNoteProps) {
  if (!isStale || fetchedAt === undefined) return null;
  return (
    <Text size="xs" c={inverted ? 'brand.0' : 'dimmed'} component="span">
      {formatAge(fetchedAt, Date.now())}
    </Text>
  );
}
