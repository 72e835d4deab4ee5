// A short in-process cache of the hot precomputed reads (rankings: pages, searches, positions;
// Seguimiento: figures, points per day, answers; the places and calendar both check), so a
// floor reading the same first page asks the database once. Every entry is dropped the moment
// anything those reads show may have changed, on any instance: migration 0016's triggers
// NOTIFY on standings, score counts, winners, closings, the coaching counters, the calendar and
// the places, and 0012's on any user row (nick names, profiles, placement). Balances too, one
// entry a user (balanceKey), dropped alone when 0017's trigger names that user;
// auth/session-channel.ts delivers them here. It serves nothing while that channel is down,
// and a read that began before an invalidation is never stored. Never queries the database.
import type { InvalidationTarget } from '#server/modules/auth/session-cache';

/** A safety net only: invalidations, not age, are what keep the entries true. */
export const READ_CACHE_TTL_MS = 5_000;
/** Pages are a few KB: the bound keeps the cache to tens of MB whatever is asked. */
export const READ_CACHE_MAX_ENTRIES = 5_000;

interface Entry {
  value: Promise<unknown>;
  storedAt: number;
}

export class ReadCache implements InvalidationTarget {
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a read begun before one is not kept. */
  #generation = 0;
  #live = false;

  constructor(private readonly options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {}

  #now(): number {
    return this.options.now ? this.options.now() : performance.now();
  }

  /**
   * The cached answer of `load` under `key`, or `load`'s own (stored when the cache is live
   * and nothing changed meanwhile). Concurrent reads of one key share one query; a failed
   * load is never kept.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.#live) return load();
    const found = this.#entries.get(key);
    if (found && this.#now() - found.storedAt < (this.options.ttlMs ?? READ_CACHE_TTL_MS)) return found.value as Promise<T>;
    const generation = this.#generation;
    const value = load();
    this.#entries.delete(key);
    this.#entries.set(key, { value, storedAt: this.#now() });
    while (this.#entries.size > (this.options.maxEntries ?? READ_CACHE_MAX_ENTRIES)) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    value.then(
      () => {
        // Changed while the query ran: its answer may predate the change.
        if (this.#generation !== generation && this.#entries.get(key)?.value === value) this.#entries.delete(key);
      },
      () => {
        if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
      },
    );
    return value;
  }

  get size(): number {
    return this.#entries.size;
  }

  #clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  evictReads(): void {
    this.#clear();
  }

  evictBalance(userId: number | null): void {
    if (userId === null) return this.#clear();
    this.#generation += 1;
    this.#entries.delete(balanceKey(userId));
  }

  /** A user's nick name, profile or place shows in these reads. */
  evictUser(): void {
    this.#clear();
  }

  evictSession(): void {
    // A session ending changes no figure.
  }

  setLive(live: boolean): void {
    this.#live = live;
    this.#clear();
  }
}

/** The cache key of a user's stored balance (points/ledger.ts). */
export function balanceKey(userId: number): string {
  return `balance:${userId}`;
}

/**
 * `repo` with the `methods` read through `cache`, each answer kept under the area, the method
 * and its arguments (JSON). Only for reads whose answer depends on nothing but the database.
 */
export function cachedReads<R extends object>(repo: R, cache: ReadCache, area: string, methods: readonly (keyof R & string)[]): R {
  const wrapped: Record<string, unknown> = { ...(repo as Record<string, unknown>) };
  for (const name of methods) {
    const read = repo[name] as unknown as (...args: unknown[]) => Promise<unknown>;
    wrapped[name] = (...args: unknown[]) => cache.read(`${area}.${name}:${JSON.stringify(args)}`, () => read(...args));
  }
  return wrapped as R;
}
