// The device's one IndexedDB database: cached API reads, the outbox of queued writes, meta.
// Owns the schema and its versions; every other offline module reads and writes through `db`.
// Decision: ONE database named `impecable`, not one per user. A local change and its outbox
// row must be written in one Dexie transaction, and a transaction cannot span two databases.
// Personal cached data is keyed by user and cleared at sign-out; outbox rows survive sign-out.
// Never touches window, localStorage or React: the service worker imports this module too.
import Dexie, { type EntityTable } from 'dexie';
import { emitDatabaseEvent } from './db-events.ts';
import { legacySubject, type OutboxSubject } from './outbox-subject.ts';
import { DB_NAME, OUTBOX_STATUS_SEQ_INDEX, OUTBOX_STORE } from './db-names.ts';

export { DB_NAME };

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OutboxStatus = 'pending' | 'failed';

export interface CacheRow {
  /** What was read, e.g. 'imps', 'atributos', 'videos:3' (#data/cache-keys). One snapshot per key. */
  key: string;
  /** Whose data this is; a snapshot of another user is treated as absent. */
  userId: number;
  data: unknown;
  /** When the server answered (ms epoch); optimistic local edits leave it alone. */
  fetchedAt: number;
}

export interface OutboxRow {
  /** UUID, sent as the Idempotency-Key: a replay gets the first response back. */
  id: string;
  /** Auto-increment insertion order; rows of one user drain strictly in this order. */
  seq: number;
  userId: number;
  method: OutboxMethod;
  /** Relative to API_BASE, e.g. '/crear-nickname'. */
  path: string;
  body: unknown;
  /** ISO moment the action happened on the device (it may reach the server much later). */
  occurredAt: string;
  /** Points this action is expected to bring, for the "+15 IMPs pendientes" indicator. */
  imps: number;
  /** Cache keys this action changes: revalidated after it is sent, protected while pending. */
  affects: string[];
  /** 'failed' rows were refused by the server (4xx): kept and shown, never retried alone. */
  status: OutboxStatus;
  attempts: number;
  /** ms epoch before which the row is not sent again (backoff). */
  nextAttemptAt: number;
  /**
   * ms epoch before which the server asked not to be called again (Retry-After on a 429 or
   * 503, plus jitter): unlike the backoff, not even a drain at start-up or when the network
   * returns sends the row earlier. Absent or 0: no such request.
   */
  notBefore?: number;
  lastError: string | null;
  /** Short Spanish description for the UI, e.g. "Progreso de vídeo". */
  label: string;
  /**
   * What the row is about. Version 2 gave it to every row already queued; absent only on a row
   * queued since by an older tab still open, which reads as { kind: 'other' } (subjectOf).
   */
  subject?: OutboxSubject;
  /**
   * The row signed with its user's action key when it was queued (src/contract/action-signature.ts):
   * what lets the write-only sync credential deliver it after sign-out. Absent on rows queued
   * without a key (impersonation, an insecure origin); those leave only with a full session.
   */
  signature?: string | null;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** Meta keys starting with this prefix belong to the device and survive sign-out. */
export const DEVICE_META_PREFIX = 'device:';

/** Meta key of the last time one of this user's queued actions reached the server. */
export function lastSyncAtKey(userId: number): string {
  return `lastSyncAt:${userId}`;
}

/**
 * Meta key of the signed-in user's action key (it signs their queued rows). Personal meta, not
 * 'device:': signing out forgets it, so nobody can queue anything as them afterwards.
 */
export function actionKeyMetaKey(userId: number): string {
  return `actionKey:${userId}`;
}

export class ImpecableDb extends Dexie {
  /** Stale-while-revalidate snapshots of API reads for the signed-in user, one per key. */
  declare readonly cache: EntityTable<CacheRow, 'key'>;
  /**
   * Writes waiting for the server. [status+seq] drains pending rows in order, [userId+status]
   * feeds the per-user counters, *affects (multi-entry) tells revalidation what is pending.
   */
  declare readonly outbox: EntityTable<OutboxRow, 'seq'>;
  /** Small device facts: last sync per user; 'device:' keys outlive sign-out. */
  declare readonly meta: EntityTable<MetaRow, 'key'>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      cache: 'key, userId',
      [OUTBOX_STORE]: `++seq, &id, ${OUTBOX_STATUS_SEQ_INDEX}, [userId+status], *affects`,
      meta: 'key',
    });
    // Same tables; every row already queued gets the subject its path meant when it was queued.
    this.version(2)
      .stores({})
      .upgrade((tx) =>
        tx.table<OutboxRow>('outbox').toCollection().modify((row) => {
          row.subject ??= legacySubject(row.path);
        }),
      );
    // Another tab (or a new service worker) wants to upgrade: step aside so it can proceed.
    // Dexie reopens on next use; the app may ask the user to reload to get the new code.
    this.on('versionchange', () => {
      this.close({ disableAutoOpen: false });
      emitDatabaseEvent('outdated');
      return false;
    });
    // Our upgrade waits for an old tab to close; tell the app so it can say so.
    this.on('blocked', () => emitDatabaseEvent('blocked'));
  }
}

export const db = new ImpecableDb();

/** For tests: empties every table without deleting the database. */
export async function resetDb(): Promise<void> {
  await db.transaction('rw', db.cache, db.outbox, db.meta, async () => {
    await Promise.all([db.cache.clear(), db.outbox.clear(), db.meta.clear()]);
  });
}
