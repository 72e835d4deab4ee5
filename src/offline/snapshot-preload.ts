// Snapshots read ahead of the screen that shows them: the router asks for a route's keys while
// the route's code loads, and useCachedQuery's first render takes them from here synchronously,
// so an offline or slow visit paints real content at once instead of a skeleton.
// Owns an in-memory copy of cache rows. Never fetches, never writes Dexie, and never serves a
// copy older than Dexie: any write of a key in this page drops its copy (the live query has the
// truth then), and sign-out (clearPersonalData) drops them all.
import { db, type CacheRow } from './db.ts';

/** A screen reads a few dozen keys; this bounds what a long session keeps in memory. */
const KEPT = 200;

/** key → the row read (null: none on the device). One row per key, whoever it belongs to. */
const warm = new Map<string, CacheRow | null>();
/** Keys written while each preload's read was in flight: its older copy of them must not land. */
const inFlight = new Set<Set<string>>();
let epoch = 0;

function forget(key: string): void {
  warm.delete(key);
  for (const written of inFlight) written.add(key);
}

// Every write through Dexie in this page goes through these hooks, the optimistic changes of
// queued commands included. The creating hook must return nothing (a value would become the key).
db.cache.hook('creating', (_key, row) => {
  forget(row.key);
});
db.cache.hook('updating', (_changes, key) => {
  forget(String(key));
});
db.cache.hook('deleting', (key) => {
  forget(String(key));
});

/**
 * Reads `keys` from the device into memory, for the first render of the screens that show them.
 * Rejects with the storage error (nothing is kept then); callers decide how long to wait.
 */
export async function preloadSnapshots(keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return;
  const startEpoch = epoch;
  const written = new Set<string>();
  inFlight.add(written);
  try {
    const rows = await db.cache.bulkGet(unique);
    if (epoch !== startEpoch) return;
    unique.forEach((key, index) => {
      if (written.has(key)) return;
      warm.delete(key);
      warm.set(key, rows[index] ?? null);
    });
    for (const key of [...warm.keys()].slice(0, Math.max(0, warm.size - KEPT))) warm.delete(key);
  } finally {
    inFlight.delete(written);
  }
}

/**
 * The preloaded snapshot of `key` for this user: a row, null when the device has none for them,
 * undefined when it was not preloaded (or was written since): ask Dexie then.
 */
export function peekSnapshot(key: string, userId: number): CacheRow | null | undefined {
  const row = warm.get(key);
  if (row === undefined) return undefined;
  return row !== null && row.userId === userId ? row : null;
}

/** Sign-out: forget every copy, and drop what a read still in flight brings back. */
export function forgetSnapshots(): void {
  epoch += 1;
  warm.clear();
}
