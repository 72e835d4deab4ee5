// How old the data on screen is, said once per screen: every cached read shown unconfirmed
// (offline, or its refresh failed) reports when it was fetched, and the header's sync line
// shows the oldest. Module state, not React context: the reporters sit anywhere in the tree.
import { useEffect, useId, useSyncExternalStore } from 'react';

const ages = new Map<string, number>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

function changed(): void {
  oldest = ages.size === 0 ? null : Math.min(...ages.values());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Online, a snapshot is "stale" for the moment its refresh takes: saying its age then would
 * flash the line on every screen change. It counts once the refresh has had this long.
 */
const ONLINE_GRACE_MS = 2_000;

/** While mounted and `isStale`, counts `fetchedAt` (ms epoch) among the screen's data ages. */
export function useReportDataAge(fetchedAt: number | undefined, isStale: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isStale || fetchedAt === undefined) return undefined;
    const report = () => {
      ages.set(id, fetchedAt);
      changed();
    };
    const timer = navigator.onLine ? setTimeout(report, ONLINE_GRACE_MS) : undefined;
    if (!timer) report();
    return () => {
      clearTimeout(timer);
      if (ages.delete(id)) changed();
    };
  }, [id, fetchedAt, isStale]);
}

/** When the oldest unconfirmed data on screen was fetched (ms epoch), or null when all is fresh. */
export function useScreenDataAge(): number | null {
  return useSyncExternalStore(subscribe, () => oldest, () => null);
}
