import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImpecableDb, type OutboxRow } from './db.ts';
import { onDatabaseEvent, type DatabaseEvent } from './db-events.ts';

const V1_STORES = { cache: 'key, userId', outbox: '++seq, &id, [status+seq], [userId+status], *affects', meta: 'key' };

// Two tabs: this one runs the old code, another (or a new service worker) upgrades the schema.
describe('a schema upgrade from another tab', () => {
  const name = `impecable-upgrade-${Math.random()}`;
  afterEach(() => Dexie.delete(name));

  it('closes this connection at once, says "outdated", and the upgrade is not blocked', async () => {
    const oldTab = new ImpecableDb(name);
    await oldTab.meta.put({ key: 'device:x', value: 1 });
    const events: DatabaseEvent[] = [];
    const stop = onDatabaseEvent((event) => events.push(event));

    const next = oldTab.verno + 1;
    const newTab = new Dexie(name);
    newTab.version(oldTab.verno).stores(V1_STORES);
    newTab.version(next).stores({ albums: 'id' });
    const blocked = vi.fn();
    newTab.on('blocked', blocked);
    await newTab.open();

    expect(newTab.verno).toBe(next);
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

// A device that queued work with the version 1 code, then got this version.
describe('version 2: outbox rows get their subject', () => {
  const name = `impecable-v1-${Math.random()}`;
  afterEach(() => Dexie.delete(name));

  it('derives the subject of rows queued before it from their path, and keeps everything else', async () => {
    const v1 = new Dexie(name);
    v1.version(1).stores(V1_STORES);
    const row = (id: string, path: string) => ({
      id, userId: 1, method: 'POST', path, body: null, occurredAt: '2025-06-01T10:00:00.000Z', imps: 0, affects: [],
      status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, label: id,
    });
    await v1.table('outbox').bulkAdd([
      row('video', '/video/12/porcentaje'),
      row('answer', '/41/300/3/answer'),
      row('log', '/log/register'),
      row('nick', '/crear-nickname'),
    ]);
    v1.close();

    const upgraded = new ImpecableDb(name);
    const rows: OutboxRow[] = await upgraded.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.id, r.subject])).toEqual([
      ['video', { kind: 'video-progress', videoId: 12 }],
      ['answer', { kind: 'quiz-answer', participationId: 41, questionId: 300 }],
      ['log', { kind: 'log-event' }],
      ['nick', { kind: 'other' }],
    ]);
    expect(rows[0]).toMatchObject({ path: '/video/12/porcentaje', status: 'pending', label: 'video' });
    upgraded.close();
  });
});
