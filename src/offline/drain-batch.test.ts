import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, lastSyncAtKey, resetDb } from './db.ts';
import { drainOutbox } from './drain.ts';
import { ANA as ana, BEN as ben, drainHarness } from '#test-support/sync-stand-in';

// The drain over POST /api/sync: each user's due rows in batches, each result applied by the
// same rules as a row sent alone, and row by row to a server without /sync.
const T0 = Date.now() + 60_000;

const { sync, options, queue } = drainHarness(T0);
beforeEach(() => resetDb());
afterEach(() => vi.restoreAllMocks());


const rows = () => db.outbox.orderBy('seq').toArray();
const paths = () => sync.server.actions.map((s) => s.url);
const requests = () => sync.api.seen.map((s) => `${s.headers.authorization} ${s.url}`);

describe('drainOutbox in batches', () => {
  it('applies each result of one batch by the rules of a row sent alone, in one IndexedDB transaction', async () => {
    for (const path of ['/sent', '/refused', '/also-sent', '/busy', '/after']) await queue(ana, path, [`key${path}`]);
    sync.server.route = (req) => {
      if (req.url === '/api/refused') return { status: 422, body: { success: false, error: 'El nickname ya existe' } };
      if (req.url === '/api/busy') return { status: 503, body: { success: false, error: 'En mantenimiento' } };
      return { status: 200, body: { success: true } };
    };
    const transaction = vi.spyOn(db, 'transaction');
    const summary = await drainOutbox(options());

    expect(requests()).toEqual(['Bearer tok-ana /api/sync']);
    expect(paths()).toEqual(['/api/sent', '/api/refused', '/api/also-sent', '/api/busy']);
    expect(transaction).toHaveBeenCalledOnce();
    expect(summary).toEqual({ sent: 2, failed: 1, remaining: 2, affected: ['key/sent', 'key/refused', 'key/also-sent'], skipped: false });
    const [refused, busy, after] = await rows();
    expect(refused).toMatchObject({ path: '/refused', status: 'failed', attempts: 1, lastError: 'El nickname ya existe' });
    expect(busy).toMatchObject({ path: '/busy', status: 'pending', attempts: 1, lastError: 'En mantenimiento' });
    expect(busy!.nextAttemptAt).toBeGreaterThan(T0);
    // No result: the server never ran it, so it waits behind /busy without an attempt counted.
    expect(after).toMatchObject({ path: '/after', status: 'pending', attempts: 0, lastError: null, nextAttemptAt: expect.any(Number) });
    expect(after!.nextAttemptAt).toBeLessThanOrEqual(T0);
    expect((await db.meta.get(lastSyncAtKey(ana)))?.value).toBe(T0);
  });

  it('sends the rest at once, in order, when the server cut a batch short (its time budget)', async () => {
    for (let i = 0; i < 5; i += 1) await queue(ana, `/r${i}`);
    sync.server.cutAfter = 2;
    const summary = await drainOutbox(options());
    expect(sync.server.batches.map((b) => (b.body as { acciones: unknown[] }).acciones.length)).toEqual([5, 3, 1]);
    expect(paths()).toEqual(['/api/r0', '/api/r1', '/api/r2', '/api/r3', '/api/r4']);
    expect(summary).toMatchObject({ sent: 5, failed: 0, remaining: 0 });
  });

  it('sends each user’s rows in seq order, at most 100 a request, each with that user’s token', async () => {
    for (let i = 0; i < 150; i += 1) await queue(ana, `/a${i}`);
    await queue(ben, '/b0');
    const summary = await drainOutbox(options());
    expect(requests()).toEqual(['Bearer tok-ana /api/sync', 'Bearer tok-ana /api/sync', 'Bearer tok-ben /api/sync']);
    expect(sync.server.batches.map((b) => (b.body as { acciones: unknown[] }).acciones.length)).toEqual([100, 50, 1]);
    expect(paths()).toEqual([...Array.from({ length: 150 }, (_, i) => `/api/a${i}`), '/api/b0']);
    expect(summary).toMatchObject({ sent: 151, failed: 0, remaining: 0 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('leaves every row untouched when the batch gets a 401, and tells the caller', async () => {
    await queue(ana, '/a');
    await queue(ana, '/b');
    const before = await rows();
    sync.api.reply = () => ({ status: 401, body: { success: false, error: 'Sesión no válida o caducada' } });
    const onUnauthorized = vi.fn();
    expect(await drainOutbox(options({ onUnauthorized }))).toMatchObject({ sent: 0, failed: 0, remaining: 2 });
    expect(await rows()).toEqual(before);
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(ana, 'tok-ana');
  });

  it.each([
    ['a 503', { status: 503, body: { success: false, error: 'En mantenimiento' } }, 'En mantenimiento'],
    ['a 429', { status: 429, body: '<html>Too many</html>' }, 'Error 429'],
    ['a 200 that is no batch answer (a captive portal)', { status: 200, body: '<html>Wi-Fi</html>' }, 'Error 200'],
  ])('backs off every row of the batch on %s, deleting none', async (_name, reply, lastError) => {
    await queue(ana, '/a');
    await queue(ana, '/b');
    sync.api.reply = () => reply;
    expect(await drainOutbox(options())).toMatchObject({ sent: 0, failed: 0, remaining: 2 });
    for (const row of await rows()) expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError });
  });

  it.each([404, 405])('falls back to one request per row when /api/sync answers %i (an older server)', async (status) => {
    const a = await queue(ana, '/a', ['imps']);
    await queue(ana, '/b');
    await queue(ben, '/c');
    const single = sync.api.reply;
    sync.api.reply = (req) => (req.url === '/api/sync' ? { status, body: { success: false, error: 'Recurso no encontrado' } } : single(req));
    sync.server.route = (req) => (req.url === '/api/b' ? { status: 422, body: { success: false, error: 'No válido' } } : { status: 200 });
    const summary = await drainOutbox(options());
    // Asked once per pass; then every row alone, with its own headers, in order.
    expect(requests()).toEqual(['Bearer tok-ana /api/sync', 'Bearer tok-ana /api/a', 'Bearer tok-ana /api/b', 'Bearer tok-ben /api/c']);
    expect(sync.server.actions[0]!.headers['idempotency-key']).toBe(a);
    expect(summary).toEqual({ sent: 2, failed: 1, remaining: 0, affected: ['imps'], skipped: false });
    expect(await rows()).toEqual([expect.objectContaining({ path: '/b', status: 'failed', attempts: 1, lastError: 'No válido' })]);
  });
});
