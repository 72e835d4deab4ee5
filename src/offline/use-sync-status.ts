// React face of the outbox for the sync indicator: online, pending work, refused actions.
// Owns nothing but the reading; retrying and discarding go through outbox.ts.
// Never throws into render: a storage error reads as "nothing pending".
// Online, a row just queued is not counted while it is being sent (sync-grace.ts).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { db, lastSyncAtKey, type OutboxRow } from './db.ts';
import { failedRows, pendingRows } from './outbox.ts';
import { nextCountAt, rowsToCount } from './sync-grace.ts';
import { useLiveRead } from './live-read.ts';

export interface SyncStatus {
  /** navigator.onLine: false is certain, true only means "maybe". */
  online: boolean;
  pending: number;
  pendingImps: number;
  /**
   * The pending rows themselves, oldest first, so the indicator can say what kind each is:
   * offline all of them; online only those that waited past the grace or failed a send.
   */
  pendingRows: OutboxRow[];
  failed: OutboxRow[];
  /** Last time one of this user's queued actions reached the server (ms epoch). */
  lastSyncAt: number | null;
}

interface Counts {
  waiting: OutboxRow[];
  failed: OutboxRow[];
  lastSyncAt: number | null;
}
const EMPTY: Counts = { waiting: [], failed: [], lastSyncAt: null };

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
  const counts = useLiveRead(async (): Promise<Counts> => {
    if (userId === null) return EMPTY;
    try {
      const [waiting, failed, lastSync] = await Promise.all([pendingRows(userId), failedRows(userId), db.meta.get(lastSyncAtKey(userId))]);
      const lastSyncAt = typeof lastSync?.value === 'number' ? lastSync.value : null;
      return { waiting, failed, lastSyncAt };
    } catch {
      return EMPTY;
    }
  }, [userId]);
  const { waiting, failed, lastSyncAt } = counts ?? EMPTY;
  const now = useCountingClock(waiting, online);
  const shown = rowsToCount(waiting, online, now);
  return { online, pending: shown.length, pendingImps: shown.reduce((sum, row) => sum + row.imps, 0), pendingRows: shown, failed, lastSyncAt };
}

/** `now`, moved on when a row still in its grace starts counting (sync-grace.ts). */
function useCountingClock(rows: OutboxRow[], online: boolean): number {
  const [now, setNow] = useState(Date.now);
  // The rows changed or the network did: read the clock again (derived-state update in render).
  const [seen, setSeen] = useState({ rows, online });
  if (seen.rows !== rows || seen.online !== online) {
    setSeen({ rows, online });
    setNow(Date.now());
  }
  const next = nextCountAt(rows, online, now);
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()));
    return () => clearTimeout(timer);
  }, [next]);
  return now;
}
