// In-page scripts of the Chromium outbox replay (bench/outbox-browser.ts), on the app's own
// IndexedDB database (src/offline/db.ts: DB_NAME, tables `outbox` and `meta`). Plain JavaScript
// sources run with page.evaluate, so no bundler helper leaks into the page. They read meta and
// add outbox rows exactly as runCommand stores them; they never send anything: the app drains.
import { DB_NAME, type OutboxRow } from '#offline/db';

/** Opens the app's database at its current version (the app created it: never a new one). */
const OPEN = `() => new Promise((resolve, reject) => {
  const request = indexedDB.open(${JSON.stringify(DB_NAME)});
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
})`;

/** (key) => the meta row's value, or null. */
export function readMetaScript(key: string): string {
  return `(async () => {
    const db = await (${OPEN})();
    try {
      return await new Promise((resolve, reject) => {
        const request = db.transaction('meta', 'readonly').objectStore('meta').get(${JSON.stringify(key)});
        request.onsuccess = () => resolve(request.result ? request.result.value : null);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  })()`;
}

/**
 * Adds the rows to the outbox in one transaction (seq is the store's auto-increment), after
 * discarding refused rows left by an earlier pass (as "Descartar" does): ids are unique.
 */
export function addRowsScript(rows: Omit<OutboxRow, 'seq'>[]): string {
  return `(async () => {
    const db = await (${OPEN})();
    try {
      const inTransaction = (fill) => new Promise((resolve, reject) => {
        const tx = db.transaction('outbox', 'readwrite');
        fill(tx.objectStore('outbox'));
        tx.oncomplete = () => resolve(undefined);
        tx.onerror = () => reject(tx.error);
      });
      await inTransaction((outbox) => {
        outbox.index('[status+seq]').openCursor(IDBKeyRange.bound(['failed', -Infinity], ['failed', Infinity])).onsuccess = (event) => {
          const cursor = event.target.result;
          if (cursor) {
            cursor.delete();
            cursor.continue();
          }
        };
      });
      await inTransaction((outbox) => {
        for (const row of ${JSON.stringify(rows)}) outbox.add(row);
      });
      return ${rows.length};
    } finally {
      db.close();
    }
  })()`;
}

/** Resolves with the rows' statuses once no row is pending, or when `timeoutMs` runs out. */
export function waitForDrainScript(timeoutMs: number): string {
  return `(async () => {
    const db = await (${OPEN})();
    const deadline = Date.now() + ${timeoutMs};
    try {
      // A count on the drain's own index: cheap enough to poll without slowing the drain down.
      const pendingCount = () => new Promise((resolve, reject) => {
        const range = IDBKeyRange.bound(['pending', -Infinity], ['pending', Infinity]);
        const request = db.transaction('outbox', 'readonly').objectStore('outbox').index('[status+seq]').count(range);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      while ((await pendingCount()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      const rows = await new Promise((resolve, reject) => {
        const request = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const pending = rows.filter((row) => row.status === 'pending').length;
      return { pending, failed: rows.length - pending, errors: [...new Set(rows.map((row) => row.lastError).filter(Boolean))].slice(0, 3) };
    } finally {
      db.close();
    }
  })()`;
}
