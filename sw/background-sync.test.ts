import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, resetDb } from '#offline/db';
import { isOutboxSyncedMessage, OUTBOX_SYNC_TAG } from '#offline/drain';
import { runCommand } from '#offline/outbox';
import { saveSyncCredential, signOutSyncCredentials, syncTokenFor } from '#offline/sync-credential';
import { registerBackgroundSync } from './background-sync';

type Listener = (event: unknown) => void;

/** Just enough of ServiceWorkerGlobalScope: the listeners, one open page, and events that record waitUntil. */
function fakeWorker() {
  const listeners = new Map<string, Listener>();
  const scope = {
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    clients: { matchAll: async () => [{ postMessage: (message: unknown) => told.push(message) }] },
  };
  registerBackgroundSync(scope as unknown as ServiceWorkerGlobalScope);
  const fire = async (type: string, fields: object) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...fields, waitUntil: (p: Promise<unknown>) => (work = p) });
    return work;
  };
  return { fire };
}

const ana = 1;
let seen: Array<{ url: string; auth: string | null }>;
let told: unknown[];

beforeEach(async () => {
  await resetDb();
  seen = [];
  told = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('Authorization');
    // POST /api/sync: each action answered 200 as if sent alone (src/contract/sync.ts).
    if (url === '/api/sync') {
      const { acciones } = JSON.parse(String(init?.body)) as { acciones: { id: string; path: string }[] };
      seen.push(...acciones.map((action) => ({ url: `/api${action.path}`, auth })));
      return new Response(JSON.stringify({ resultados: acciones.map(({ id }) => ({ id, status: 200, body: { success: true } })) }), { status: 200 });
    }
    seen.push({ url, auth });
    return new Response('{"success":true}', { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const queue = () => runCommand({ userId: ana, label: 'Nick', subject: { kind: 'other' }, request: { method: 'POST', path: '/crear-nickname', body: { nick_name: 'A' } } });

describe('registerBackgroundSync', () => {
  it('drains on its sync tag with the sync credential, then frees a signed-out user’s', async () => {
    await saveSyncCredential(ana, 'sync-ana');
    await queue();
    await signOutSyncCredentials();
    await fakeWorker().fire('sync', { tag: OUTBOX_SYNC_TAG, lastChance: false });
    expect(seen).toEqual([
      { url: '/api/crear-nickname', auth: 'Bearer sync-ana' },
      { url: '/api/auth/logout', auth: 'Bearer sync-ana' },
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await syncTokenFor(ana)).toBeNull();
    expect(await db.meta.count()).toBe(0);
  });

  it('tells open pages what it sent, whose own drain its lock kept out', async () => {
    await saveSyncCredential(ana, 'sync-ana');
    await runCommand({ userId: ana, label: 'Nick', subject: { kind: 'other' }, request: { method: 'POST', path: '/crear-nickname' }, affects: ['me'] });
    await fakeWorker().fire('sync', { tag: OUTBOX_SYNC_TAG, lastChance: false });
    expect(told).toEqual([{ type: 'OUTBOX_SYNCED', summary: expect.objectContaining({ sent: 1, affected: ['me'] }) }]);
    expect(told.every(isOutboxSyncedMessage)).toBe(true);
  });

  it('tells pages nothing when nothing was sent', async () => {
    await saveSyncCredential(ana, 'sync-ana');
    await fakeWorker().fire('sync', { tag: OUTBOX_SYNC_TAG, lastChance: false });
    expect(told).toEqual([]);
  });

  it('ignores other sync tags', async () => {
    await saveSyncCredential(ana, 'sync-ana');
    await queue();
    await fakeWorker().fire('sync', { tag: 'something-else', lastChance: false });
    expect(seen).toEqual([]);
  });

  it('drains on a page’s DRAIN message', async () => {
    await saveSyncCredential(ana, 'sync-ana');
    await queue();
    await fakeWorker().fire('message', { data: { type: 'DRAIN' } });
    expect(seen).toEqual([{ url: '/api/crear-nickname', auth: 'Bearer sync-ana' }]);
  });

  it('asks the browser to try again while rows remain, except on the last chance', async () => {
    await saveSyncCredential(ana, 'sync-ana');
    await queue();
    vi.stubGlobal('fetch', async () => new Response('{"error":"Caído"}', { status: 503 }));
    await expect(fakeWorker().fire('sync', { tag: OUTBOX_SYNC_TAG, lastChance: false })).rejects.toThrow(/pendientes/);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await expect(fakeWorker().fire('sync', { tag: OUTBOX_SYNC_TAG, lastChance: true })).resolves.toBeUndefined();
  });
});
