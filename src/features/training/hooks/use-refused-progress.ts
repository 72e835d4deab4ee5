import { useLiveQuery } from 'dexie-react-hooks';
import { refusedVideoIds } from '#offline/outbox';

const NONE: ReadonlySet<number> = new Set();

/**
 * Videos whose queued progress report the server refused (kept in the outbox for the user to
 * retry or discard in the sync panel), so their row can say so next to the video.
 */
export function useRefusedProgress(userId: number): ReadonlySet<number> {
  return useLiveQuery(() => refusedVideoIds(userId).catch(() => NONE), [userId]) ?? NONE;
}
