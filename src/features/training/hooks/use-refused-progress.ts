import { useLiveQuery } from 'dexie-react-hooks';
import { progressVideoId } from '#api/training';
import { failedRows } from '#offline/outbox';

/**
 * Videos whose queued progress report the server refused (kept in the outbox for the user to
 * retry or discard in the sync panel), so their row can say so next to the video.
 */
export function useRefusedProgress(userId: number): ReadonlySet<number> {
  const rows = useLiveQuery(() => failedRows(userId).catch(() => []), [userId]);
  const ids = new Set<number>();
  for (const row of rows ?? []) {
    const videoId = progressVideoId(row.path);
    if (videoId !== null) ids.add(videoId);
  }
  return ids;
}
