import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { DB_NAME, db, resetDb } from './db.ts';
import { mayHavePendingRows } from './pending-rows.ts';
import { runCommand } from './outbox.ts';

const ana = 7;

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((info) => info.name ?? '');
}

const queue = () => runCommand({ userId: ana, label: 'Nick', subject: { kind: 'other' }, request: { method: 'POST', path: '/crear-nickname', body: { nick_name: 'A' } } });

describe('mayHavePendingRows', () => {
  describe('on a device where nobody ever signed in', () => {
    beforeEach(async () => {
      db.close();
      await db.delete();
    });

    it('says no, and leaves no database behind for Dexie to find', async () => {
      expect(await databaseNames()).not.toContain(DB_NAME);
      expect(await mayHavePendingRows()).toBe(false);
      expect(await databaseNames()).not.toContain(DB_NAME);
      // Dexie still creates its database, with its schema, afterwards.
      await db.open();
      expect(await db.outbox.count()).toBe(0);
    });

    it('says yes for a database of another schema, so the drain looks for itself', async () => {
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = () => request.result.createObjectStore('meta', { keyPath: 'key' });
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      });
      expect(await mayHavePendingRows()).toBe(true);
      await new Promise((resolve) => (indexedDB.deleteDatabase(DB_NAME).onsuccess = resolve));
    });
  });

  describe('on a device with the database', () => {
    beforeEach(async () => {
      await db.open();
      await resetDb();
    });

    it('says no while the outbox is empty', async () => {
      expect(await mayHavePendingRows()).toBe(false);
    });

    it('says yes while a row waits to be sent, whoever queued it', async () => {
      await queue();
      expect(await mayHavePendingRows()).toBe(true);
    });

    it('says no when the only rows were refused: they wait for their user, no drain sends them', async () => {
      await queue();
      await db.outbox.toCollection().modify({ status: 'failed' });
      expect(await mayHavePendingRows()).toBe(false);
    });

    it('closes its connection: it never holds up an upgrade or a delete of the database', async () => {
      await queue();
      expect(await mayHavePendingRows()).toBe(true);
      db.close();
      const outcome = await new Promise<string>((resolve) => {
        const request = indexedDB.deleteDatabase(DB_NAME);
        request.onblocked = () => resolve('blocked');
        request.onsuccess = () => resolve('deleted');
      });
      expect(outcome).toBe('deleted');
    });
  });

  it('says no where the browser has no IndexedDB', async () => {
    expect(await mayHavePendingRows(null)).toBe(false);
  });
});
