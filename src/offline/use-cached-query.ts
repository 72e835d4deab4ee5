// React face of the snapshot cache: show the stored snapshot at once, refresh it behind.
// Owns the per-screen revalidation state (loading, refreshing, error, stale). The first render
// already has the snapshot when the router preloaded it (snapshot-preload.ts).
// Never throws into render: storage and network errors become `error`, the snapshot stays.
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useLiveRead } from './live-read.ts';
import { readSnapshot, registerRevalidator, revalidate } from './cache.ts';
import type { CacheRow } from './db.ts';
import { OFFLINE_MESSAGE, surelyOffline } from './network.ts';
import { peekSnapshot } from './snapshot-preload.ts';

export interface CachedQueryOptions {
  userId: number | null;
  /** Revalidate on mount only when the snapshot is older than this. 0: always, in the background. */
  maxAgeMs?: number;
}

/**
 * What a screen shows for a read: `ready` (a copy, fresh or not), `loading` (the first answer is
 * on its way), `offline` (no copy on the device and no network: not a failure, it fills in by
 * itself when the network is back), `error` (the server said no, or storage failed) or `idle`
 * (nothing asked: no key or no user).
 */
export type QueryStatus = 'idle' | 'loading' | 'ready' | 'offline' | 'error';

/** The one decision between the offline state and an error (pure: the hook passes `offline`). */
export function queryStatus(read: { active: boolean; hasData: boolean; isLoading: boolean; error: string | null; offline: boolean }): QueryStatus {
  if (read.hasData) return 'ready';
  if (!read.active) return 'idle';
  if (read.isLoading) return 'loading';
  if (read.offline || read.error === OFFLINE_MESSAGE) return 'offline';
  return 'error';
}

export interface CachedQuery<T> {
  data: T | undefined;
  /** See QueryStatus: screens branch on it rather than on data, isLoading and error. */
  status: QueryStatus;
  fetchedAt: number | undefined;
  /** No snapshot yet and the first answer is on its way. */
  isLoading: boolean;
  isRevalidating: boolean;
  error: string | null;
  /** Data is shown but not confirmed: the last refresh failed, or none succeeded yet and it is older than maxAgeMs. */
  isStale: boolean;
  revalidate: () => Promise<void>;
}

interface RunState {
  /** Which key|user this state describes; a different id means "fresh, nothing tried yet". */
  id: string;
  revalidating: boolean;
  error: string | null;
  attempted: boolean;
  confirmed: boolean;
  /** Refreshes in a row that reached no server while the browser said it was online. */
  unreachable: number;
}

/** What the live query read, for which key|user (`id`). */
type Live = { id: string } & ({ row: CacheRow | null } | { error: string });

function initialState(id: string): RunState {
  return { id, revalidating: false, error: null, attempted: false, confirmed: false, unreachable: 0 };
}

/** The longest a read waits before trying an unreachable server again. */
const UNREACHABLE_RETRY_MAX_MS = 30_000;

/**
 * When a read tries again after its `failures`-th refresh in a row reached no server although the
 * browser said it was online: 2 s, 4 s, 8 s... up to UNREACHABLE_RETRY_MAX_MS.
 */
export function unreachableRetryDelay(failures: number): number {
  return Math.min(UNREACHABLE_RETRY_MAX_MS, 2_000 * 2 ** Math.max(0, failures - 1));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The user's snapshot of `key`, kept fresh from `fetcher`. Offline, it shows the last snapshot
 * with `error` set and `isStale` true. Without a key or a userId nothing is read or fetched:
 * every cached read is personal.
 */
export function useCachedQuery<T>(
  key: string | null,
  fetcher: () => Promise<T>,
  options: CachedQueryOptions = { userId: null },
): CachedQuery<T> {
  const { userId, maxAgeMs = 0 } = options;
  const active = key !== null && userId !== null;
  const id = active ? `${userId}|${key}` : '';
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  const [state, setState] = useState<RunState>(() => initialState(id));
  const current = state.id === id ? state : initialState(id);

  // A live query rethrows querier errors into render; turn them into a value instead.
  const read = useLiveRead(async (): Promise<Live> => {
    if (key === null || userId === null) return { id, row: null };
    try {
      return { id, row: (await readSnapshot(key, userId)) ?? null };
    } catch (error) {
      return { id, error: message(error) };
    }
  }, [key, userId]);
  // Until the live query has answered for this key (it answers after the first paint), a copy
  // read ahead stands in; without one, the previous key's answer stays as before.
  const warm = active && read?.id !== id ? peekSnapshot(key, userId) : undefined;
  const live: Live | undefined = warm === undefined ? read : { id, row: warm };
  const row = live && 'row' in live ? live.row : null;

  const run = useCallback(async (): Promise<void> => {
    if (key === null || userId === null) return;
    const runId = `${userId}|${key}`;
    // A run for a key the screen has left must not overwrite the new key's state.
    // As a transition, like the rows above: the screen re-renders in slices.
    const update = (patch: Partial<RunState>, countUnreachable = false) =>
      startTransition(() =>
        setState((prev) => {
          if (prev.id === runId) return { ...prev, ...patch, ...(countUnreachable ? { unreachable: prev.unreachable + 1 } : {}) };
          return patch.revalidating === true ? { ...initialState(runId), ...patch } : prev;
        }),
      );
    // Surely offline: the copy on the device is the answer; no request, and the error below
    // makes the 'online' listener refresh as soon as the network is back.
    if (surelyOffline()) {
      update({ revalidating: false, error: OFFLINE_MESSAGE, attempted: true });
      return;
    }
    update({ revalidating: true });
    try {
      await revalidate(key, userId, () => fetcherRef.current());
      update({ revalidating: false, error: null, attempted: true, confirmed: true, unreachable: 0 });
    } catch (error) {
      const text = message(error);
      update({ revalidating: false, error: text, attempted: true }, text === OFFLINE_MESSAGE);
    }
  }, [key, userId]);

  useEffect(() => {
    if (key === null || userId === null) return undefined;
    let cancelled = false;
    const unregister = registerRevalidator(key, run);
    void (async () => {
      const snapshot = await readSnapshot(key, userId).catch(() => undefined);
      if (cancelled || (snapshot && maxAgeMs > 0 && Date.now() - snapshot.fetchedAt < maxAgeMs)) return;
      await run();
    })();
    return () => {
      cancelled = true;
      unregister();
    };
  }, [key, userId, maxAgeMs, run]);

  // Back online after a failed refresh: try again without waiting for the user.
  useEffect(() => {
    if (!current.error) return undefined;
    const onOnline = () => void run();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [current.error, run]);

  // The request reached no server while the browser said it was online (a Wi-Fi without
  // internet, a captive portal, a browser whose online flag is wrong): no 'online' event will
  // come, so it tries again by itself, less and less often. Surely offline, a run asks nothing
  // and counts nothing, and the 'online' event above takes over.
  useEffect(() => {
    if (current.unreachable === 0 || current.error !== OFFLINE_MESSAGE) return undefined;
    const timer = setTimeout(() => void run(), unreachableRetryDelay(current.unreachable));
    return () => clearTimeout(timer);
  }, [current.unreachable, current.error, run]);

  const data = row ? (row.data as T) : undefined;
  const fetchedAt = row?.fetchedAt;
  const storageError = live && 'error' in live ? live.error : null;
  const fresh = fetchedAt !== undefined && maxAgeMs > 0 && Date.now() - fetchedAt < maxAgeMs;
  // After a successful fetch the row is written, then reaches the live query a moment later:
  // still loading until it arrives, never a flash of "no data" (which remounted forms).
  const isLoading = active && data === undefined && storageError === null && (!current.attempted || current.revalidating || current.confirmed);
  const error = current.error ?? storageError;
  return {
    data,
    // Read at render: every change of the network re-renders (the 'online' listener's run, or the offline run's error).
    status: queryStatus({ active, hasData: data !== undefined, isLoading, error, offline: surelyOffline() }),
    fetchedAt,
    isLoading,
    isRevalidating: current.revalidating,
    error,
    isStale: data !== undefined && (current.error !== null || (!current.confirmed && !fresh)),
    revalidate: run,
  };
}
