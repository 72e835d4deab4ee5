// A short in-process cache of session lookups (the live session row and its user, as the auth
// service reads them), so a hot read skips one query. Keyed by the token's SHA-256 hash, never
// the token. Entries live SESSION_CACHE_TTL_MS of monotonic time (not the app's clock, which
// tests move by hours: the service's idle check must be what ends a cached idle session),
// and there are at most SESSION_CACHE_MAX_ENTRIES.
// It serves nothing until its invalidation channel (session-channel.ts) says it is live: a
// revocation committed elsewhere reaches it only through that channel. Never queries the
// database and never decides validity (the service applies idle limits to what it returns).
import type { UserRow } from '#server/db/schema';
import type { LiveSession } from './repository.ts';

/** Long enough to spare the lookup of a burst of reads; revocations never wait for it. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** An entry is about 1 KB: the bound keeps the cache under ~10 MB whatever the traffic. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export interface CachedSession {
  session: LiveSession;
  user: UserRow;
}

interface Entry {
  value: CachedSession;
  storedAt: number;
}

/** What the invalidation channel tells a cache. */
export interface InvalidationTarget {
  evictSession(sessionId: number): void;
  evictUser(userId: number): void;
  /** Something a cached precomputed read shows changed (migration 0016's triggers). */
  evictReads(): void;
  /** A user's stored balance changed (migration 0017's trigger); null: anyone's may have. */
  evictBalance(userId: number | null): void;
  /** An operator setting changed (migration 0028's trigger): the maintenance switch reads it again. */
  evictSetting?(key: string): void;
  /** Live: every invalidation reaches this cache from now on. Any change empties it. */
  setLive(live: boolean): void;
}

/** The live caches of this process (one per app), for forgetCachedUser. */
const liveCaches = new Set<SessionCache>();

/**
 * For code that changes a user row: this process's caches forget the user's sessions at once,
 * so the writer's own next request sees the change. Every instance, this one included, hears
 * it again from the database's NOTIFY once the change commits (migration 0012's trigger).
 */
export function forgetCachedUser(userId: number): void {
  for (const cache of liveCaches) cache.evictUser(userId);
}

export class SessionCache implements InvalidationTarget {
  readonly #entries = new Map<string, Entry>();
  readonly #bySession = new Map<number, string>();
  readonly #byUser = new Map<number, Set<string>>();
  /** Bumped by every eviction: a lookup that began before one is not stored (it may predate it). */
  #generation = 0;
  #live = false;

  constructor(private readonly options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {}

  #now(): number {
    return this.options.now ? this.options.now() : performance.now();
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached lookup for a token hash, if live and younger than the TTL. */
  get(tokenHash: string): CachedSession | undefined {
    if (!this.#live) return undefined;
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt < (this.options.ttlMs ?? SESSION_CACHE_TTL_MS)) return entry.value;
    this.#remove(tokenHash);
    return undefined;
  }

  /** Runs the database lookup and keeps its answer, unless an eviction happened meanwhile. */
  async load(tokenHash: string, lookup: () => Promise<CachedSession | undefined>): Promise<CachedSession | undefined> {
    const generation = this.#generation;
    const value = await lookup();
    if (value && this.#live && generation === this.#generation) this.#store(tokenHash, value);
    return value;
  }

  /** The session's last use was just recorded: the cached copy says so too. */
  touched(tokenHash: string, seenAt: Date): void {
    const entry = this.#entries.get(tokenHash);
    if (entry) entry.value = { ...entry.value, session: { ...entry.value.session, last_seen_at: seenAt } };
  }

  /** Drops a copy that is no use (an idle session), with no effect on lookups under way. */
  forget(tokenHash: string): void {
    this.#remove(tokenHash);
  }

  evictToken(tokenHash: string): void {
    this.#generation += 1;
    this.#remove(tokenHash);
  }

  evictSession(sessionId: number): void {
    this.#generation += 1;
    const tokenHash = this.#bySession.get(sessionId);
    if (tokenHash !== undefined) this.#remove(tokenHash);
  }

  evictUser(userId: number): void {
    this.#generation += 1;
    for (const tokenHash of [...(this.#byUser.get(userId) ?? [])]) this.#remove(tokenHash);
  }

  evictReads(): void {
    // Standings and counters are not sessions: nothing cached here depends on them.
  }

  evictBalance(): void {
    // Nor are balances.
  }

  setLive(live: boolean): void {
    this.#live = live;
    if (live) liveCaches.add(this);
    else liveCaches.delete(this);
    this.#generation += 1;
    this.#entries.clear();
    this.#bySession.clear();
    this.#byUser.clear();
  }

  #store(tokenHash: string, value: CachedSession): void {
    this.#remove(tokenHash);
    // Oldest first: Map keeps insertion order, and with a fixed TTL the oldest is the stalest.
    while (this.#entries.size >= (this.options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES)) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#remove(oldest);
    }
    this.#entries.set(tokenHash, { value, storedAt: this.#now() });
    this.#bySession.set(value.session.id, tokenHash);
    const ofUser = this.#byUser.get(value.user.id) ?? new Set<string>();
    ofUser.add(tokenHash);
    this.#byUser.set(value.user.id, ofUser);
  }

  #remove(tokenHash: string): void {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return;
    this.#entries.delete(tokenHash);
    this.#bySession.delete(entry.value.session.id);
    const ofUser = this.#byUser.get(entry.value.user.id);
    ofUser?.delete(tokenHash);
    if (ofUser?.size === 0) this.#byUser.delete(entry.value.user.id);
  }
}
