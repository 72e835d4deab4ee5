import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHmac } from 'node:crypto';
import { actionSigningInput } from '#contract/action-signature';
import { clearPersonalData } from './cache.ts';
import { actionKeyMetaKey, db, resetDb } from './db.ts';
import { setDrainHandler } from './drain-trigger.ts';
import {
  discardFailed,
  failedRows,
  pendingCount,
  pendingRows,
  refusedVideoIds,
  retryFailed,
  runCommand,
  updateSnapshot,
} from './outbox.ts';

const ana = 7;
const ben = 8;

beforeEach(async () => {
  await resetDb();
  await db.cache.put({ key: 'imps', userId: ana, data: { imps: 100 }, fetchedAt: 1 });
});

function addImps(points: number) {
  return (tables: Parameters<typeof updateSnapshot>[0]) =>
    updateSnapshot<{ imps: number }>(tables, 'imps', ana, (d) => ({ imps: d.imps + points }));
}

describe('runCommand', () => {
  it('writes the local change and the outbox row together', async () => {
    const id = await runCommand({
      userId: ana,
      label: 'Progreso de vídeo',
      subject: { kind: 'video-progress', videoId: 12 },
      request: { method: 'POST', path: '/video-progress', body: { video: 12, seconds: 30 } },
      imps: 15,
      affects: ['imps'],
      apply: addImps(15),
    });
    expect((await db.cache.get('imps'))?.data).toEqual({ imps: 115 });
    expect((await db.cache.get('imps'))?.fetchedAt).toBe(1);
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      userId: ana,
      method: 'POST',
      path: '/video-progress',
      body: { video: 12, seconds: 30 },
      imps: 15,
      affects: ['imps'],
      status: 'pending',
      attempts: 0,
      lastError: null,
      label: 'Progreso de vídeo',
      subject: { kind: 'video-progress', videoId: 12 },
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(rows[0]!.occurredAt)).toBeGreaterThan(Date.now() - 5_000);
  });

  it('writes neither when apply throws, and rethrows', async () => {
    const failing = async (tables: Parameters<typeof updateSnapshot>[0]) => {
      await addImps(15)(tables);
      throw new Error('boom');
    };
    await expect(
      runCommand({ userId: ana, label: 'x', subject: { kind: 'other' }, request: { method: 'POST', path: '/x' }, apply: failing }),
    ).rejects.toThrow('boom');
    expect((await db.cache.get('imps'))?.data).toEqual({ imps: 100 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves another user’s snapshot alone', async () => {
    await runCommand({
      userId: ben,
      label: 'x',
      subject: { kind: 'other' },
      request: { method: 'POST', path: '/x' },
      apply: (t) => updateSnapshot<{ imps: number }>(t, 'imps', ben, () => ({ imps: 0 })),
    });
    expect((await db.cache.get('imps'))?.data).toEqual({ imps: 100 });
  });

  it('keeps insertion order in seq and defaults imps, affects and body', async () => {
    await runCommand({ userId: ana, label: 'a', subject: { kind: 'other' }, request: { method: 'POST', path: '/a' } });
    await runCommand({ userId: ana, label: 'b', subject: { kind: 'other' }, request: { method: 'PUT', path: '/b' } });
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => r.path)).toEqual(['/a', '/b']);
    expect(rows[0]).toMatchObject({ imps: 0, affects: [], body: null });
  });

  describe('drain request', () => {
    it('asks for one drain after a burst of commits, none after a rollback', async () => {
      const handler = vi.fn(async () => undefined);
      const unset = setDrainHandler(handler);
      try {
        await runCommand({ userId: ana, label: 'a', subject: { kind: 'other' }, request: { method: 'POST', path: '/a' } });
        await runCommand({ userId: ana, label: 'b', subject: { kind: 'other' }, request: { method: 'POST', path: '/b' } });
        await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
        await runCommand({
          userId: ana,
          label: 'c',
          subject: { kind: 'other' },
          request: { method: 'POST', path: '/c' },
          apply: async () => {
            throw new Error('no');
          },
        }).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(handler).toHaveBeenCalledTimes(1);
      } finally {
        unset();
      }
    });
  });
});

describe('runCommand signs the row with its user\'s action key', () => {
  const actionKey = Buffer.alloc(32, 3).toString('base64url');

  it('signs method, path, key, moment and body, so the sync credential can deliver exactly this row', async () => {
    await db.meta.put({ key: actionKeyMetaKey(ana), value: actionKey });
    const body = { porcentaje: 50 };
    const id = await runCommand({ userId: ana, label: 'Progreso de vídeo', subject: { kind: 'video-progress', videoId: 3 }, request: { method: 'POST', path: '/video/3/porcentaje', body } });
    const row = (await db.outbox.toArray())[0]!;
    const input = actionSigningInput({ method: 'POST', url: '/api/video/3/porcentaje', idempotencyKey: id, occurredAt: row.occurredAt, bodyJson: JSON.stringify(body) });
    const expected = createHmac('sha256', Buffer.from(actionKey, 'base64url')).update(input).digest('base64url');
    expect(row.signature).toBe(expected);
  });

  it('leaves the row unsigned when the device holds no key for that user (signed out, or another user)', async () => {
    await db.meta.put({ key: actionKeyMetaKey(ben), value: actionKey });
    await runCommand({ userId: ana, label: 'Registro de actividad', subject: { kind: 'log-event' }, request: { method: 'POST', path: '/log/register', body: { action: 'x' } } });
    expect((await db.outbox.toArray())[0]?.signature).toBeNull();
  });

  it('sign-out forgets the key: clearPersonalData deletes it', async () => {
    await db.meta.put({ key: actionKeyMetaKey(ana), value: actionKey });
    await clearPersonalData();
    expect(await db.meta.get(actionKeyMetaKey(ana))).toBeUndefined();
  });
});

describe('outbox queries', () => {
  beforeEach(async () => {
    await runCommand({ userId: ana, label: 'a', subject: { kind: 'other' }, request: { method: 'POST', path: '/a' }, imps: 10 });
    await runCommand({ userId: ana, label: 'b', subject: { kind: 'other' }, request: { method: 'POST', path: '/b' }, imps: 5 });
    await runCommand({ userId: ben, label: 'c', subject: { kind: 'other' }, request: { method: 'POST', path: '/c' }, imps: 3 });
    await db.outbox.filter((r) => r.path === '/b').modify({ status: 'failed', lastError: 'No válido' });
  });

  it('counts pending rows per user and for the device', async () => {
    expect(await pendingCount()).toBe(2);
    expect(await pendingCount(ana)).toBe(1);
    expect(await pendingCount(ben)).toBe(1);
  });

  it('lists failed rows and lets the user retry or discard them', async () => {
    const [failed] = await failedRows(ana);
    expect(failed).toMatchObject({ path: '/b', lastError: 'No válido' });
    await retryFailed(failed!.id);
    expect(await db.outbox.where('id').equals(failed!.id).first()).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    expect(await pendingCount(ana)).toBe(2);

    await db.outbox.where('id').equals(failed!.id).modify({ status: 'failed' });
    await discardFailed(failed!.id);
    expect(await failedRows(ana)).toEqual([]);
    expect(await db.outbox.count()).toBe(2);
  });

  it('never discards a pending row', async () => {
    const pending = await db.outbox.filter((r) => r.path === '/a').first();
    await discardFailed(pending!.id);
    expect(await db.outbox.count()).toBe(3);
  });
  it('lists one user’s pending rows, oldest first', async () => {
    await runCommand({ userId: ana, label: 'd', subject: { kind: 'log-event' }, request: { method: 'POST', path: '/d' } });
    expect((await pendingRows(ana)).map((row) => row.label)).toEqual(['a', 'd']);
    expect((await pendingRows(ben)).map((row) => row.label)).toEqual(['c']);
  });

  it('names the videos whose progress report was refused, by subject, whatever the path', async () => {
    await runCommand({ userId: ana, label: 'v12', subject: { kind: 'video-progress', videoId: 12 }, request: { method: 'POST', path: '/anything' } });
    await runCommand({ userId: ana, label: 'v13', subject: { kind: 'video-progress', videoId: 13 }, request: { method: 'POST', path: '/video/13/porcentaje' } });
    await runCommand({ userId: ben, label: 'v14', subject: { kind: 'video-progress', videoId: 14 }, request: { method: 'POST', path: '/x' } });
    await db.outbox.filter((r) => r.label === 'v12' || r.label === 'v14').modify({ status: 'failed' });
    // A refused row queued without a subject (by an older tab) is no video.
    await db.outbox.filter((r) => r.path === '/b').modify((row) => void delete row.subject);
    expect([...(await refusedVideoIds(ana))]).toEqual([12]);
  });
});
