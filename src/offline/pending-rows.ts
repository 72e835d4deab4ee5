// Whether this device holds queued work, asked of IndexedDB itself: the sign-in screens load the
// drain (Dexie, the outbox, the sync credentials, ~50 KB gzip and a long task to open the
// database) only when an earlier user left rows to send, not on every visit. Errs towards "yes":
// any doubt loads the drain, which then finds out for itself. Never creates the database.
import { DB_NAME, OUTBOX_STATUS_SEQ_INDEX, OUTBOX_STORE } from './db-names.ts';
import type { OutboxStatus } from './db.ts';

const PENDING: OutboxStatus = 'pending';

/**
 * True when the outbox may hold rows waiting to be sent (status 'pending'); false only when the
 * database does not exist on this device or its outbox has none. Refused rows ('failed') wait
 * for their user's say and are not counted: no drain sends them.
 */
export function mayHavePendingRows(factory: IDBFactory | null = globalThis.indexedDB ?? null): Promise<boolean> {
  if (!factory) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    let absent = false;
    let request: IDBOpenDBRequest;
    try {
      // No version: an existing database opens as it is, with no upgrade.
      request = factory.open(DB_NAME);
    } catch {
      resolve(true);
      return;
    }
    // Only a database that does not exist asks for an upgrade here: aborting it leaves none behind
    // (Dexie creates it, with its schema, when someone signs in).
    request.onupgradeneeded = () => {
      absent = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(!absent);
    };
    request.onblocked = () => resolve(true);
    request.onsuccess = () => {
      const database = request.result;
      // A newer tab or service worker upgrades the database: this short read steps aside.
      database.onversionchange = () => database.close();
      const settle = (pending: boolean) => {
        database.close();
        resolve(pending);
      };
      try {
        const index = database.transaction(OUTBOX_STORE, 'readonly').objectStore(OUTBOX_STORE).index(OUTBOX_STATUS_SEQ_INDEX);
        const count = index.count(IDBKeyRange.bound([PENDING, -Infinity], [PENDING, Infinity]));
        count.onsuccess = () => settle(count.result > 0);
        count.onerror = () => settle(true);
      } catch {
        // Not the schema this code knows (no outbox store or index): let the drain look.
        settle(true);
      }
    };
  });
}
