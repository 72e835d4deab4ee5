// The rate limiter's counters, kept in the database (table rate_limit_hits) instead of each
// process's memory, so every instance on one database spends one budget per (route, client):
// one upsert per hit starts or continues the client's fixed window, atomically on PostgreSQL's
// row lock. Rows whose window ended are deleted lazily, at most once per SWEEP_EVERY_MS.
// Never decides limits or answers: @fastify/rate-limit does, with the counts this returns.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Ended windows are forgotten this often (a sign-in burst leaves one row per address). */
const SWEEP_EVERY_MS = 5 * 60_000;
/** A route key for the plugin's own store, which only a global limit would use (none here). */
const ANY_ROUTE = '*';

/** The route a child store counts for: its method and full URL, as @fastify/rate-limit passes them. */
function routeKeyOf(options: unknown): string {
  const route = (options as { routeInfo?: { method?: unknown; url?: unknown } } | null)?.routeInfo;
  if (!route || typeof route.url !== 'string') return ANY_ROUTE;
  const method = Array.isArray(route.method) ? route.method.join(',') : String(route.method ?? '');
  return `${method} ${route.url}`;
}

/**
 * A store class for `@fastify/rate-limit`'s `store` option (it instantiates it, then asks for a
 * child per limited route). `clock` is the app's, so tests can move the window.
 */
export function databaseRateLimitStore(db: Kysely<Database>, clock: () => Date): FastifyRateLimitStoreCtor {
  let sweptAt = 0;

  async function sweep(now: Date): Promise<void> {
    if (Math.abs(now.getTime() - sweptAt) < SWEEP_EVERY_MS) return;
    sweptAt = now.getTime();
    await db.deleteFrom('rate_limit_hits').where('window_ends_at', '<', now).execute();
  }

  async function hit(routeKey: string, clientKey: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const now = clock();
    await sweep(now);
    // A window that ended starts again at 1; otherwise the count goes up and the end stays.
    const ended = sql<boolean>`rate_limit_hits.window_ends_at <= ${now}`;
    const row = await db.insertInto('rate_limit_hits')
      .values({ route_key: routeKey, client_key: clientKey, hits: 1, window_ends_at: new Date(now.getTime() + windowMs) })
      .onConflict((oc) => oc.columns(['route_key', 'client_key']).doUpdateSet({
        hits: sql<number>`CASE WHEN ${ended} THEN 1 ELSE rate_limit_hits.hits + 1 END`,
        window_ends_at: sql<Date>`CASE WHEN ${ended} THEN excluded.window_ends_at ELSE rate_limit_hits.window_ends_at END`,
      }))
      .returning(['hits', 'window_ends_at'])
      .executeTakeFirstOrThrow();
    return { current: row.hits, ttl: Math.max(0, new Date(row.window_ends_at).getTime() - now.getTime()) };
  }

  async function peek(routeKey: string, clientKey: string): Promise<{ current: number; ttl: number }> {
    const now = clock();
    const row = await db.selectFrom('rate_limit_hits').select(['hits', 'window_ends_at'])
      .where('route_key', '=', routeKey).where('client_key', '=', clientKey).where('window_ends_at', '>', now)
      .executeTakeFirst();
    return row ? { current: row.hits, ttl: new Date(row.window_ends_at).getTime() - now.getTime() } : { current: 0, ttl: 0 };
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #routeKey: string;

    constructor(options: unknown) {
      this.#routeKey = routeKeyOf(options);
    }

    incr(key: string, callback: Counted, timeWindow: number): void {
      hit(this.#routeKey, key, timeWindow).then((result) => callback(null, result), (error: unknown) => callback(error as Error));
    }

    /** The plugin's non-counting look (`{ increment: false }`). */
    read(key: string, callback: Counted): void {
      peek(this.#routeKey, key).then((result) => callback(null, result), (error: unknown) => callback(error as Error));
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  }
  return DatabaseRateLimitStore;
}
