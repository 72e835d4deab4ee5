import { useLiveQuery } from 'dexie-react-hooks';
import { failedRows } from '#offline/outbox';

const PROGRESS_PATH = /^\/video\/(\d+)\/porcentaje$/;

/**
 * Videos whose queued progress report the server refused (kept in the outbox for the user to
 * retry or discard in the sync panel), so their row can say so next to the video.
 */
export function useRefusedProgress(userId: number): ReadonlySet<number> {
  const rows = useLiveQuery(() => failedRows(userId).catch(() => []), [userId]);
  const ids = new Set<number>();
  for (const row of rows ?? []) {
    const match = PROGRESS_PATH.exec(row.path);
    if (match) ids.add(Number(match[1]));
  }
  return ids;
}
