// Stale-while-revalidate snapshots of API reads: fetch, then write Dexie; screens follow Dexie.
// Owns when a server answer may replace a snapshot, and the sign-out wipe of personal data.
// Never overwrites a snapshot that a queued (pending) action has changed: the server's answer
// predates that action. Never deletes outbox rows. No window, localStorage or React here.
import { db, DEVICE_META_PREFIX, type CacheRow } from './db.ts';
import { forgetSnapshots } from './snapshot-preload.ts';

export interface RevalidateResult<T> {
  data: T;
  /** False when the snapshot was kept: a pending action changes it, or the user signed out meanwhile. */
  written: boolean;
}

const inFlight = new Map<string, Promise<RevalidateResult<unknown>>>();
const revalidators = new Map<string, Set<() => Promise<unknown>>>();
// Bumped by clearPersonalData: an answer that arrives after sign-out must not be written.
let epoch = 0;

function flightKey(key: string, userId: number): string {
  return `${userId}|${key}`;
}

/** This user's snapshot of `key`; another user's snapshot counts as none. */
export async function readSnapshot(key: string, userId: number): Promise<CacheRow | undefined> {
  const row = await db.cache.get(key);
  return row?.userId === userId ? row : undefined;
}

/**
 * Fetches `key` and stores the answer as the user's snapshot. Concurrent calls for one key
 * share one request. Rejects with the fetcher's error, leaving the old snapshot in place.
 */
export function revalidate<T>(key: string, userId: number, fetcher: () => Promise<T>): Promise<RevalidateResult<T>> {
  const id = flightKey(key, userId);
  const existing = inFlight.get(id) as Promise<RevalidateResult<T>> | undefined;
  if (existing) return existing;
  const promise = fetchAndStore(key, userId, fetcher).finally(() => inFlight.delete(id));
  inFlight.set(id, promise);
  return promise;
}

async function fetchAndStore<T>(key: string, userId: number, fetcher: () => Promise<T>): Promise<RevalidateResult<T>> {
  const startEpoch = epoch;
  const data = await fetcher();
  if (epoch !== startEpoch) return { data, written: false };
  // Read and write in one transaction so a command queued meanwhile is seen before we write.
  const written = await db.transaction('rw', db.cache, db.outbox, async () => {
    const pending = await db.outbox
      .where('affects')
      .equals(key)
      .filter((row) => row.userId === userId && row.status === 'pending')
      .count();
    if (pending > 0) return false;
    await db.cache.put({ key, userId, data, fetchedAt: Date.now() });
    return true;
  });
  return { data, written };
}

/**
 * Mounted queries register how to refetch their key, so the drain loop can refresh what a sent
 * action changed. Returns the unregister function.
 */
export function registerRevalidator(key: string, run: () => Promise<unknown>): () => void {
  const set = revalidators.get(key) ?? new Set();
  set.add(run);
  revalidators.set(key, set);
  return () => {
    set.delete(run);
    if (set.size === 0 && revalidators.get(key) === set) revalidators.delete(key);
  };
}

/**
 * Refreshes keys after the outbox sent (or the server refused) actions that change them. Waits
 * for a request already in flight first: it may have left before the action reached the server.
 * Keys nobody shows right now are left alone; they revalidate when a screen mounts them.
 */
export async function revalidateKeys(keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map(async (key) => {
      const run = revalidators.get(key)?.values().next().value;
      if (!run) return;
      const pendingFlights = [...inFlight].filter(([id]) => id.endsWith(`|${key}`)).map(([, p]) => p);
      await Promise.allSettled(pendingFlights);
      await run().catch(() => undefined);
    }),
  );
}

/**
 * Sign-out on a shared device: deletes every cached snapshot and the personal meta rows.
 * Outbox rows stay (unsent work is never dropped), and so do 'device:' meta rows.
 */
export async function clearPersonalData(): Promise<void> {
  epoch += 1;
  forgetSnapshots();
  await db.transaction('rw', db.cache, db.meta, async () => {
    await db.cache.clear();
    await db.meta.filter((row) => !row.key.startsWith(DEVICE_META_PREFIX)).delete();
  });
  // Again: a preload that read between the two calls must not keep the deleted rows in memory.
  forgetSnapshots();
}
