import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actionKeyMetaKey, db, lastSyncAtKey, resetDb } from './db.ts';
import { backoffDelay, drainOutbox } from './drain.ts';
import { deadBaseUrl } from '#test-support/api-server';
import { ANA as ana, BEN as ben, drainHarness } from '#test-support/sync-stand-in';

// A minute ahead of the real clock, so rows queued during a test are due.
const T0 = Date.now() + 60_000;

const { sync, options, queue } = drainHarness(T0);
beforeEach(() => resetDb());
afterEach(() => vi.unstubAllGlobals());


const rows = () => db.outbox.orderBy('seq').toArray();
const paths = () => sync.server.actions.map((s) => s.url);

describe('drainOutbox', () => {
  it('sends in order with the idempotency and occurred-at headers, then deletes', async () => {
    const first = await queue(ana, '/a', ['imps']);
    await queue(ana, '/b', ['imps', 'video-progress:12']);
    const queued = await rows();
    const summary = await drainOutbox(options());
    expect(paths()).toEqual(['/api/a', '/api/b']);
    // One request for both, with the user's token; each action keeps its own key and moment.
    expect(sync.api.seen.map((s) => [s.method, s.url, s.headers.authorization, s.headers['content-type']]))
      .toEqual([['POST', '/api/sync', 'Bearer tok-ana', 'application/json']]);
    expect(sync.server.actions[0]!.headers['idempotency-key']).toBe(first);
    expect(sync.server.actions[0]!.headers['x-occurred-at']).toBe(queued[0]!.occurredAt);
    expect(sync.server.actions[0]!.body).toEqual({ path: '/a' });
    expect(summary).toEqual({ sent: 2, failed: 0, remaining: 0, affected: ['imps', 'video-progress:12'], skipped: false });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.meta.get(lastSyncAtKey(ana)))?.value).toBe(T0);
  });

  it('sends the signature the row was queued with, and none for an unsigned row', async () => {
    await db.meta.put({ key: actionKeyMetaKey(ana), value: Buffer.alloc(32, 1).toString('base64url') });
    await queue(ana, '/signed');
    await queue(ben, '/unsigned');
    const [signed] = await rows();
    await drainOutbox(options());
    expect(signed!.signature).toEqual(expect.any(String));
    expect(sync.server.actions.map((s) => [s.url, s.headers['x-action-signature']])).toEqual([['/api/signed', signed!.signature], ['/api/unsigned', undefined]]);
  });

  it('backs off every row of a batch on a network error, keeping their order', async () => {
    await queue(ana, '/a');
    await queue(ana, '/b');
    const summary = await drainOutbox(options({ baseUrl: await deadBaseUrl() }));
    expect(summary).toMatchObject({ sent: 0, failed: 0, remaining: 2 });
    for (const row of await rows()) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.nextAttemptAt).toBeGreaterThan(T0);
      expect(row.lastError).toMatch(/^Sin conexión/);
    }
    await drainOutbox(options({ now: () => T0 + 5 * 60_000 }));
    expect(paths()).toEqual(['/api/a', '/api/b']);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([500, 503, 408, 409, 429])('backs off on %i, later rows wait, other users go on', async (status) => {
    await queue(ana, '/a');
    await queue(ana, '/b');
    await queue(ben, '/c');
    sync.server.route = (req) => (req.url === '/api/a' ? { status, body: { error: 'Caído' } } : { status: 200 });
    const summary = await drainOutbox(options());
    expect(paths()).toEqual(['/api/a', '/api/c']);
    expect(summary).toMatchObject({ sent: 1, failed: 0, remaining: 2 });
    const [a] = await rows();
    expect(a).toMatchObject({ path: '/a', status: 'pending', attempts: 1, lastError: 'Caído' });
    expect(a!.nextAttemptAt).toBeGreaterThan(T0);
    expect(a!.nextAttemptAt).toBeLessThanOrEqual(T0 + 2_000);

    sync.server.actions = [];
    sync.server.route = () => ({ status: 200 });
    await drainOutbox(options());
    expect(paths()).toEqual([]);
    await drainOutbox(options({ now: () => a!.nextAttemptAt }));
    expect(paths()).toEqual(['/api/a', '/api/b']);
  });

  it('sends rows still backing off when asked to ignore the backoff', async () => {
    await queue(ana, '/a');
    await db.outbox.toCollection().modify({ attempts: 3, nextAttemptAt: T0 + 60_000 });
    await drainOutbox(options());
    expect(paths()).toEqual([]);
    await drainOutbox(options({ ignoreBackoff: true }));
    expect(paths()).toEqual(['/api/a']);
  });

  it('keeps the row untouched on 401 and skips that user', async () => {
    await queue(ana, '/a');
    await queue(ana, '/b');
    await queue(ben, '/c');
    const before = await rows();
    sync.server.route = (req) => (req.headers.authorization === 'Bearer tok-ana' ? { status: 401, body: { error: 'Sesión caducada' } } : { status: 200 });
    const onUnauthorized = vi.fn();
    const summary = await drainOutbox(options({ onUnauthorized }));
    expect(paths()).toEqual(['/api/a', '/api/c']);
    expect(summary).toMatchObject({ sent: 1, remaining: 2 });
    expect(await rows()).toEqual(before.slice(0, 2));
    // The caller learns which token was refused (the page then falls back to the session's).
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(ana, 'tok-ana');
  });

  it('marks a refused row failed with the server’s text, never retries it, and goes on', async () => {
    await queue(ana, '/a', ['nickname']);
    await queue(ana, '/b');
    await queue(ana, '/c');
    sync.server.route = (req) =>
      req.url === '/api/a'
        ? { status: 422, body: { success: false, error: 'El nickname ya existe' } }
        : req.url === '/api/b'
          ? { status: 400, body: '<html>Bad request</html>' }
          : { status: 201 };
    const summary = await drainOutbox(options());
    expect(paths()).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(summary).toMatchObject({ sent: 1, failed: 2, remaining: 0, affected: ['nickname'] });
    const [a, b] = await rows();
    expect(a).toMatchObject({ status: 'failed', lastError: 'El nickname ya existe', attempts: 1 });
    expect(b).toMatchObject({ status: 'failed', lastError: 'Error 400' });

    sync.server.actions = [];
    await drainOutbox(options({ now: () => T0 + 24 * 3_600_000 }));
    expect(paths()).toEqual([]);
    expect(await db.outbox.count()).toBe(2);
  });

  it('skips users without a token (or whose token source throws)', async () => {
    await queue(ana, '/a');
    await queue(3, '/b');
    await queue(ben, '/c');
    const getToken = (userId: number) => {
      if (userId === ana) return null;
      if (userId === 3) throw new Error('no store');
      return Promise.resolve('tok-ben');
    };
    const summary = await drainOutbox(options({ getToken }));
    expect(paths()).toEqual(['/api/c']);
    expect(summary).toMatchObject({ sent: 1, remaining: 2 });
    expect((await rows()).map((r) => r.attempts)).toEqual([0, 0]);
  });
});

describe('backoffDelay', () => {
  it.each([
    [1, 0, 1_000],
    [1, 1, 2_000],
    [2, 1, 4_000],
    [5, 1, 32_000],
    [8, 1, 256_000],
    [9, 1, 300_000],
    [30, 0, 150_000],
  ])('after %i failures with random %d → %i ms', (attempts, random, expected) => {
    expect(backoffDelay(attempts, () => random)).toBe(expected);
  });
});
