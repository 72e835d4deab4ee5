// React face of the outbox for the sync indicator: online, pending work, refused actions.
// Owns nothing but the reading; retrying and discarding go through outbox.ts.
// Never throws into render: a storage error reads as "nothing pending".
import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, lastSyncAtKey, type OutboxRow } from './db.ts';
import { failedRows, pendingCount, pendingImps, pendingRows } from './outbox.ts';

export interface SyncStatus {
  /** navigator.onLine: false is certain, true only means "maybe". */
  online: boolean;
  pending: number;
  pendingImps: number;
  /** The pending rows themselves, oldest first, so the indicator can say what kind each is. */
  pendingRows: OutboxRow[];
  failed: OutboxRow[];
  /** Last time one of this user's queued actions reached the server (ms epoch). */
  lastSyncAt: number | null;
}

type Counts = Omit<SyncStatus, 'online'>;
const EMPTY: Counts = { pending: 0, pendingImps: 0, pendingRows: [], failed: [], lastSyncAt: null };

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const readOnline = () => navigator.onLine;
const serverOnline = () => true;

export function useSyncStatus(userId: number | null): SyncStatus {
  const online = useSyncExternalStore(subscribeOnline, readOnline, serverOnline);
  const counts = useLiveQuery(async (): Promise<Counts> => {
    if (userId === null) return EMPTY;
    try {
      const [pending, imps, waiting, failed, lastSync] = await Promise.all([
        pendingCount(userId),
        pendingImps(userId),
        pendingRows(userId),
        failedRows(userId),
        db.meta.get(lastSyncAtKey(userId)),
      ]);
      const lastSyncAt = typeof lastSync?.value === 'number' ? lastSync.value : null;
      return { pending, pendingImps: imps, pendingRows: waiting, failed, lastSyncAt };
    } catch {
      return EMPTY;
    }
  }, [userId]);
  return { online, ...(counts ?? EMPTY) };
}
