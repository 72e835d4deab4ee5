import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPersonalData, readSnapshot, registerRevalidator, revalidate, revalidateKeys } from './cache.ts';
import { db, lastSyncAtKey, resetDb } from './db.ts';
import { runCommand, updateSnapshot } from './outbox.ts';

const ana = 1;
const ben = 2;

beforeEach(async () => {
  await resetDb();
  await db.cache.put({ key: 'imps', userId: ana, data: { imps: 100 }, fetchedAt: 1 });
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function queueImps(userId: number, points: number) {
  return runCommand({
    userId,
    label: 'Quiz',
    subject: { kind: 'other' },
    request: { method: 'POST', path: '/quiz' },
    affects: ['imps'],
    apply: (t) => updateSnapshot<{ imps: number }>(t, 'imps', userId, (d) => ({ imps: d.imps + points })),
  });
}

describe('revalidate', () => {
  it('writes the server’s answer as the user’s snapshot', async () => {
    const before = Date.now();
    const result = await revalidate('imps', ana, async () => ({ imps: 120 }));
    expect(result).toEqual({ data: { imps: 120 }, written: true });
    const row = await db.cache.get('imps');
    expect(row).toMatchObject({ key: 'imps', userId: ana, data: { imps: 120 } });
    expect(row!.fetchedAt).toBeGreaterThanOrEqual(before);
  });

  it('does not overwrite a snapshot a pending action of that user changed', async () => {
    await queueImps(ana, 15);
    const result = await revalidate('imps', ana, async () => ({ imps: 100 }));
    expect(result.written).toBe(false);
    expect((await db.cache.get('imps'))?.data).toEqual({ imps: 115 });
  });

  it('checks the outbox when the answer arrives, not when the request leaves', async () => {
    const answer = deferred<{ imps: number }>();
    const running = revalidate('imps', ana, () => answer.promise);
    await queueImps(ana, 15);
    answer.resolve({ imps: 100 });
    expect((await running).written).toBe(false);
    expect((await db.cache.get('imps'))?.data).toEqual({ imps: 115 });
  });

  it('is not held back by refused rows or by another user’s pending rows', async () => {
    await queueImps(ana, 15);
    await db.outbox.toCollection().modify({ status: 'failed' });
    await queueImps(ben, 5);
    expect((await revalidate('imps', ana, async () => ({ imps: 100 }))).written).toBe(true);
    expect((await db.cache.get('imps'))?.data).toEqual({ imps: 100 });
  });

  it('keeps the old snapshot when the fetch fails', async () => {
    await expect(revalidate('imps', ana, async () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(await db.cache.get('imps')).toEqual({ key: 'imps', userId: ana, data: { imps: 100 }, fetchedAt: 1 });
  });

  it('shares one request between concurrent calls for a key', async () => {
    const answer = deferred<{ imps: number }>();
    const fetcher = vi.fn(() => answer.promise);
    const calls = [revalidate('imps', ana, fetcher), revalidate('imps', ana, fetcher)];
    answer.resolve({ imps: 130 });
    const [one, two] = await Promise.all(calls);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(one).toBe(two);
    await revalidate('imps', ana, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('drops an answer that arrives after sign-out', async () => {
    const answer = deferred<{ imps: number }>();
    const running = revalidate('imps', ana, () => answer.promise);
    await clearPersonalData();
    answer.resolve({ imps: 100 });
    expect((await running).written).toBe(false);
    expect(await db.cache.count()).toBe(0);
  });
});

describe('readSnapshot', () => {
  it('treats another user’s snapshot as absent', async () => {
    expect(await readSnapshot('imps', ana)).toMatchObject({ data: { imps: 100 } });
    expect(await readSnapshot('imps', ben)).toBeUndefined();
  });
});

describe('revalidateKeys', () => {
  it('refetches shown keys after the request already in flight, and ignores unshown ones', async () => {
    const first = deferred<void>();
    const order: string[] = [];
    const inFlight = revalidate('imps', ana, async () => {
      await first.promise;
      order.push('old request');
      return { imps: 100 };
    });
    const unregister = registerRevalidator('imps', async () => {
      order.push('refetch');
    });
    const done = revalidateKeys(['imps', 'ranking']);
    first.resolve();
    await Promise.all([inFlight, done]);
    expect(order).toEqual(['old request', 'refetch']);
    unregister();
    await revalidateKeys(['imps']);
    expect(order).toHaveLength(2);
  });
});

describe('clearPersonalData', () => {
  it('deletes snapshots and personal meta, keeps the outbox and device meta', async () => {
    await queueImps(ana, 15);
    await db.meta.bulkPut([
      { key: lastSyncAtKey(ana), value: 5 },
      { key: 'device:install-id', value: 'abc' },
    ]);
    await clearPersonalData();
    expect(await db.cache.count()).toBe(0);
    expect(await db.meta.toArray()).toEqual([{ key: 'device:install-id', value: 'abc' }]);
    expect(await db.outbox.count()).toBe(1);
  });
});
