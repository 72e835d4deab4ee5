import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImpecableDb, onDatabaseEvent, type DatabaseEvent } from './db.ts';

// Two tabs: this one runs the old code, another (or a new service worker) upgrades the schema.
describe('a schema upgrade from another tab', () => {
  const name = `impecable-upgrade-${Math.random()}`;
  afterEach(() => Dexie.delete(name));

  it('closes this connection at once, says "outdated", and the upgrade is not blocked', async () => {
    const oldTab = new ImpecableDb(name);
    await oldTab.meta.put({ key: 'device:x', value: 1 });
    const events: DatabaseEvent[] = [];
    const stop = onDatabaseEvent((event) => events.push(event));

    const newTab = new Dexie(name);
    newTab.version(1).stores({ cache: 'key, userId', outbox: '++seq, &id, [status+seq], [userId+status], *affects', meta: 'key' });
    newTab.version(2).stores({ albums: 'id' });
    const blocked = vi.fn();
    newTab.on('blocked', blocked);
    await newTab.open();

    expect(newTab.verno).toBe(2);
    expect(blocked).not.toHaveBeenCalled();
    expect(events).toEqual(['outdated']);
    expect(oldTab.isOpen()).toBe(false);

    // The old tab's next read reopens at the newer version (Dexie 4) rather than failing.
    expect(await oldTab.meta.get('device:x')).toEqual({ key: 'device:x', value: 1 });
    stop();
    oldTab.close();
    newTab.close();
  });
});
