import { useReportDataAge } from '#components/screen-data-age';

interface FreshnessNoteProps {
  /** When the shown snapshot came from the server. */
  fetchedAt: number | undefined;
  /** The snapshot is not confirmed (offline, or the refresh failed). */
  isStale: boolean;
}

/**
 * Marks data the device is showing from its cache. It renders nothing where it sits: the
 * header's sync line says "actualizado hace 5 min" once for the whole screen (the oldest).
 */
export function FreshnessNote({ fetchedAt, isStale }: FreshnessNoteProps) {
  useReportDataAge(fetchedAt, isStale);
  return null;
}
