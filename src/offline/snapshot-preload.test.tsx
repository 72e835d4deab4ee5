import 'fake-indexeddb/auto';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPersonalData, revalidate } from './cache.ts';
import { db, resetDb } from './db.ts';
import { runCommand, updateSnapshot } from './outbox.ts';
import { forgetSnapshots, peekSnapshot, preloadSnapshots } from './snapshot-preload.ts';
import { useCachedQuery } from './use-cached-query.ts';

const ana = 1;
const ben = 2;
const oldRow = { key: 'imps', userId: ana, data: { imps: 100 }, fetchedAt: 1 };

beforeEach(async () => {
  await resetDb();
  forgetSnapshots();
  await db.cache.put(oldRow);
});

afterEach(() => vi.restoreAllMocks());

/** Holds the preload's read in flight until `land()`, with what it read before anything else. */
function slowRead() {
  let land!: () => void;
  const gate = new Promise<void>((resolve) => (land = resolve));
  vi.spyOn(db.cache, 'bulkGet').mockImplementation((async () => {
    await gate;
    return [oldRow];
  }) as unknown as typeof db.cache.bulkGet);
  return { land };
}

function Balance({ userId }: { userId: number }) {
  const { data, isLoading } = useCachedQuery<{ imps: number }>('imps', async () => ({ imps: -1 }), { userId });
  if (isLoading) return <p>Cargando...</p>;
  return <p>{data ? `${data.imps} IMPs` : 'sin datos'}</p>;
}

/** The first render only: no effect runs and the live query has not answered yet. */
const firstRender = (userId: number) => renderToString(<Balance userId={userId} />);

describe('the first render of a cached read', () => {
  it('shows the preloaded snapshot at once', async () => {
    await preloadSnapshots(['imps']);
    expect(firstRender(ana)).toContain('100 IMPs');
  });

  it('shows loading when nothing was preloaded (the live query answers after the paint)', () => {
    expect(firstRender(ana)).toContain('Cargando...');
  });

  it('never shows another user’s snapshot', async () => {
    await preloadSnapshots(['imps']);
    expect(peekSnapshot('imps', ben)).toBeNull();
    expect(firstRender(ben)).toContain('Cargando...');
  });

  it('knows a key the device has no snapshot of', async () => {
    await preloadSnapshots(['orders']);
    expect(peekSnapshot('orders', ana)).toBeNull();
    expect(peekSnapshot('catalogue', ana)).toBeUndefined();
  });
});

describe('the preloaded copy is never older than the device', () => {
  it('drops the copy when the server’s answer is written', async () => {
    await preloadSnapshots(['imps']);
    await revalidate('imps', ana, async () => ({ imps: 130 }));
    expect(peekSnapshot('imps', ana)).toBeUndefined();
    await preloadSnapshots(['imps']);
    expect(peekSnapshot('imps', ana)?.data).toEqual({ imps: 130 });
  });

  it('drops the copy when a queued command changes the snapshot', async () => {
    await preloadSnapshots(['imps']);
    await runCommand({
      userId: ana,
      label: 'Quiz',
      subject: { kind: 'other' },
      request: { method: 'POST', path: '/quiz' },
      affects: ['imps'],
      apply: (t) => updateSnapshot<{ imps: number }>(t, 'imps', ana, (d) => ({ imps: d.imps + 5 })),
    });
    expect(peekSnapshot('imps', ana)).toBeUndefined();
  });

  it('does not keep an older read that lands after a write', async () => {
    const read = slowRead();
    const preload = preloadSnapshots(['imps']);
    await db.cache.put({ key: 'imps', userId: ana, data: { imps: 200 }, fetchedAt: 2 });
    read.land();
    await preload;
    expect(peekSnapshot('imps', ana)).toBeUndefined();
  });

  it('forgets everything at sign-out, and a read in flight brings nothing back', async () => {
    await preloadSnapshots(['imps']);
    const read = slowRead();
    const inFlight = preloadSnapshots(['imps']);
    await clearPersonalData();
    read.land();
    await inFlight;
    expect(peekSnapshot('imps', ana)).toBeUndefined();
    expect(firstRender(ana)).toContain('Cargando...');
  });
});
