// Carries session invalidations to this process's caches from every instance on the same
// database: migration 0012's triggers NOTIFY SESSION_CHANNEL when a user row changes or a live
// session is revoked or deleted, 0016's when a cached read's table changes, 0017's when a
// stored balance does, 0028's when an operator setting does, whoever writes it, once the change commits. PostgreSQL: one
// dedicated client LISTENs, and reconnects with backoff; while it is down the cache is not
// live (it serves nothing), and it starts empty again once the client is back, since anything
// sent meanwhile is lost. PGlite: the single in-process connection delivers them as its writes
// commit. Never evicts or serves anything itself: it only tells an InvalidationTarget.
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { notificationSourceOf } from '#server/db/open';
import type { Database } from '#server/db/schema';
import type { InvalidationTarget } from './session-cache.ts';

/** Spelled the same in migration 0012's trigger function. */
export const SESSION_CHANNEL = 'impecable_session_cache';

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export interface InvalidationListener {
  /** Resolves once every invalidation committed before the call has reached the target. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

const listenersByDb = new WeakMap<Kysely<Database>, Set<InvalidationListener>>();

/**
 * Resolves once every invalidation committed before the call has reached each cache listening
 * through `db`: notifications arrive in commit order, so a marker sent now arriving means the
 * earlier ones did. Tests use it where a timer would guess.
 */
export async function invalidationsDelivered(db: Kysely<Database>): Promise<void> {
  await Promise.all([...(listenersByDb.get(db) ?? [])].map((listener) => listener.caughtUp()));
}

interface Connection {
  /** Whether the channel is heard now (after any connection attempt under way). */
  live(): Promise<boolean>;
  stop(): Promise<void>;
}

/** Starts listening for `target`; with no way to listen (a database opened elsewhere) it stays not live. */
export async function listenForInvalidations(db: Kysely<Database>, target: InvalidationTarget): Promise<InvalidationListener> {
  const markers = new Map<string, () => void>();
  const arriveAll = () => {
    for (const arrive of markers.values()) arrive();
  };
  const deliver = (payload: string) => {
    const [kind, id = ''] = payload.split(':', 2);
    if (kind === 'marker') markers.get(id)?.();
    else if (kind === 'user') target.evictUser(Number(id));
    else if (kind === 'session') target.evictSession(Number(id));
    else if (kind === 'reads') target.evictReads();
    else if (kind === 'balance') target.evictBalance(id === '' ? null : Number(id));
    else if (kind === 'setting') target.evictSetting?.(id);
    // Anything else is news this version cannot read: start over empty rather than guess.
    else target.setLive(true);
  };
  // A lost connection empties the cache, so whoever waits for a marker has nothing left to wait for.
  const notLive = () => {
    target.setLive(false);
    arriveAll();
  };
  const source = notificationSourceOf(db);
  const connection: Connection = source === null ? { live: async () => false, stop: async () => undefined }
    : source.kind === 'pglite' ? await listenPGlite(db, source.pglite, deliver, target)
    : await listenPostgres(source.connectionString, deliver, target, notLive);

  const listener: InvalidationListener = {
    async caughtUp() {
      if (!(await connection.live())) return;
      const id = randomUUID();
      const arrived = new Promise<void>((resolve) => markers.set(id, resolve));
      await sql`SELECT pg_notify(${SESSION_CHANNEL}, ${`marker:${id}`})`.execute(db);
      await arrived;
      markers.delete(id);
    },
    async stop() {
      listenersByDb.get(db)?.delete(listener);
      await connection.stop();
      notLive();
    },
  };
  const listeners = listenersByDb.get(db) ?? new Set<InvalidationListener>();
  listeners.add(listener);
  listenersByDb.set(db, listeners);
  return listener;
}

async function listenPGlite(db: Kysely<Database>, pglite: PGlite, deliver: (payload: string) => void, target: InvalidationTarget): Promise<Connection> {
  const off = pglite.onNotification((channel, payload) => {
    if (channel === SESSION_CHANNEL) deliver(payload);
  });
  // Through Kysely, so the LISTEN waits its turn on the one connection (never inside someone's transaction).
  await sql.raw(`LISTEN ${SESSION_CHANNEL}`).execute(db);
  target.setLive(true);
  let listening = true;
  return {
    live: async () => listening,
    // No UNLISTEN: other apps in this process may share the connection; only our callback goes.
    stop: async () => {
      listening = false;
      off();
    },
  };
}

/**
 * The dedicated client: connects and LISTENs (the first attempt is awaited), and on any loss
 * goes not live and reconnects with backoff until stopped.
 */
async function listenPostgres(connectionString: string, deliver: (payload: string) => void, target: InvalidationTarget, notLive: () => void): Promise<Connection> {
  let client: pg.Client | null = null;
  let listening = false;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let attempt: Promise<void> = Promise.resolve();

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    listening = false;
    notLive();
    void lostClient.end().catch(() => undefined);
    if (stopped) return;
    const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** failures);
    failures += 1;
    timer = setTimeout(() => {
      attempt = connect();
    }, wait);
    timer.unref();
  };

  const connect = async () => {
    timer = null;
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === SESSION_CHANNEL && message.payload !== undefined) deliver(message.payload);
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${SESSION_CHANNEL}`);
      if (stopped || client !== next) return;
      failures = 0;
      listening = true;
      target.setLive(true);
    } catch {
      lost(next);
    }
  };

  attempt = connect();
  await attempt;
  return {
    live: async () => {
      await attempt;
      return listening;
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await attempt;
      const current = client;
      client = null;
      listening = false;
      await current?.end().catch(() => undefined);
    },
  };
}
