import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '#test-support/memory-storage';
import type { SessionUser } from '#contract/session';
import { db, lastSyncAtKey, resetDb } from './db.ts';
import { runCommand } from './outbox.ts';
import { getSession, SESSION_STORAGE_KEY, setSession, signedOut } from './session.ts';
import { createSessionLifecycle, type SessionLifecycleDeps } from './session-lifecycle.ts';
import { saveSyncCredential, syncTokenFor } from './sync-credential.ts';

const user = (id: number, perfil: string): SessionUser => ({
  id, name: `U${id}`, email: `u${id}@impecable.demo`, nick_name: `U${id}`, role: 'agente', perfil, division: null, marca_id: 2, puntos_ring_ring: 0,
});
const ana = user(1, '');
const ines = user(4, 'INTERNO');

let storage: Storage;
let revokedSessions: Array<string | null>;
let revokedSync: string[];
let deps: SessionLifecycleDeps;

beforeEach(async () => {
  await resetDb();
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  setSession(signedOut);
  revokedSessions = [];
  revokedSync = [];
  const fetch = (async (_url: string, init?: RequestInit) => {
    revokedSync.push(new Headers(init?.headers).get('Authorization')?.replace('Bearer ', '') ?? '');
    return new Response('{}');
  }) as typeof globalThis.fetch;
  deps = {
    drain: vi.fn(async () => undefined),
    revokeSession: vi.fn(async () => void revokedSessions.push(getSession().token)),
    registerBackgroundSync: vi.fn(),
    credentials: { fetch },
    drainBudgetMs: 50,
    revokeBudgetMs: 50,
  };
});

async function signInAs(who: SessionUser, token: string, syncToken: string) {
  await saveSyncCredential(who.id, syncToken, deps.credentials);
  setSession({ ...signedOut, status: 'authenticated', user: who, token });
  await db.cache.put({ key: 'imps', userId: who.id, data: { imps: 10 }, fetchedAt: 1 });
  await db.meta.put({ key: lastSyncAtKey(who.id), value: 1 });
}

const queue = (userId: number) => runCommand({ userId, label: 'Progreso de vídeo', subject: { kind: 'video-progress', videoId: 3 }, request: { method: 'POST', path: '/video/3/porcentaje', body: { porcentaje: 40 } } });

/** What the lead's kiosk test will look for: the whole device state after sign-out. */
async function deviceState() {
  return {
    cache: await db.cache.count(),
    meta: (await db.meta.toArray()).map((row) => row.key).sort(),
    outbox: (await db.outbox.toArray()).map((row) => ({ userId: row.userId, path: row.path })),
    localStorage: Array.from({ length: storage.length }, (_, i) => storage.key(i)),
    session: getSession().status,
  };
}

describe('signOut on a shared device', () => {
  it('keeps unsent rows and their user’s sync credential, and nothing personal', async () => {
    await signInAs(ana, 'full-ana', 'sync-ana');
    await queue(ana.id);
    expect(storage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    await createSessionLifecycle(deps).signOut();
    expect(await deviceState()).toEqual({
      cache: 0,
      meta: ['device:sync-credential:1'],
      outbox: [{ userId: 1, path: '/video/3/porcentaje' }],
      localStorage: [],
      session: 'unauthenticated',
    });
    expect(revokedSessions).toEqual(['full-ana']);
    expect(revokedSync).toEqual([]);
    expect(deps.registerBackgroundSync).toHaveBeenCalledOnce();
    expect(await syncTokenFor(ana.id)).toBe('sync-ana');
  });

  it('forgets and revokes the sync credential when nothing is pending', async () => {
    await signInAs(ana, 'full-ana', 'sync-ana');
    await createSessionLifecycle(deps).signOut();
    expect(await deviceState()).toMatchObject({ cache: 0, meta: [], outbox: [], localStorage: [] });
    expect(revokedSync).toEqual(['sync-ana']);
    expect(deps.registerBackgroundSync).not.toHaveBeenCalled();
  });

  it('drains first, while the tokens still work', async () => {
    await signInAs(ana, 'full-ana', 'sync-ana');
    await queue(ana.id);
    deps.drain = vi.fn(async () => {
      expect(getSession().token).toBe('full-ana');
      await db.outbox.clear();
    });
    await createSessionLifecycle(deps).signOut();
    expect(deps.drain).toHaveBeenCalledOnce();
    expect(await deviceState()).toMatchObject({ meta: [], outbox: [] });
    expect(revokedSync).toEqual(['sync-ana']);
  });

  it('a hanging drain or logout call does not hold the sign-out', async () => {
    await signInAs(ana, 'full-ana', 'sync-ana');
    deps.drain = () => new Promise(() => undefined);
    deps.revokeSession = () => new Promise(() => undefined);
    const started = Date.now();
    await createSessionLifecycle(deps).signOut();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(getSession()).toEqual(signedOut);
  });

  it('unsubscribes this device from pushes with the session’s token, before it is revoked', async () => {
    await signInAs(ana, 'full-ana', 'sync-ana');
    const calls: string[] = [];
    deps.unsubscribePush = vi.fn(async (token: string | null) => void calls.push(`unsubscribe ${token}`));
    deps.revokeSession = vi.fn(async () => void calls.push(`revoke ${getSession().token}`));
    await createSessionLifecycle(deps).signOut();
    expect(calls).toEqual(['unsubscribe full-ana', 'revoke full-ana']);
  });

  it('an unsubscribe that hangs or fails never keeps the device from being wiped', async () => {
    for (const unsubscribe of [() => new Promise<void>(() => undefined), () => Promise.reject(new Error('offline'))]) {
      await signInAs(ana, 'full-ana', 'sync-ana');
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      deps.unsubscribePush = unsubscribe;
      await createSessionLifecycle(deps).signOut();
      expect(await deviceState()).toMatchObject({ cache: 0, localStorage: [], session: 'unauthenticated' });
      expect(revokedSessions.at(-1)).toBe('full-ana');
      warn.mockRestore();
    }
  });

  it('when impersonating, revokes the agent’s token, then the supervisor’s', async () => {
    await signInAs(ines, 'full-ines', 'sync-ines');
    setSession({ ...signedOut, status: 'authenticated', user: ana, token: 'as-ana', originalUser: ines, originalToken: 'full-ines' });
    await queue(ana.id);
    await createSessionLifecycle(deps).signOut();
    expect(deps.drain).toHaveBeenCalledOnce();
    expect(revokedSessions).toEqual(['as-ana', 'full-ines']);
    expect(revokedSync).toEqual(['sync-ines']);
    expect(await deviceState()).toMatchObject({ cache: 0, localStorage: [], session: 'unauthenticated' });
  });

  it('wipes and signs out even when every call fails', async () => {
    await signInAs(ana, 'full-ana', 'sync-ana');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    deps.drain = vi.fn(async () => {
      throw new Error('drain');
    });
    deps.revokeSession = vi.fn(async () => {
      throw new Error('offline');
    });
    await createSessionLifecycle(deps).signOut();
    expect(await deviceState()).toMatchObject({ cache: 0, meta: [], localStorage: [], session: 'unauthenticated' });
    warn.mockRestore();
  });
});

describe('restoreOriginalUser', () => {
  it('returns to the supervisor with the agent’s data wiped', async () => {
    await signInAs(ines, 'full-ines', 'sync-ines');
    setSession({ ...signedOut, status: 'authenticated', user: ana, token: 'as-ana', originalUser: ines, originalToken: 'full-ines' });
    await db.cache.put({ key: 'atributos', userId: ana.id, data: [], fetchedAt: 1 });
    deps.drain = vi.fn(async () => expect(getSession().token).toBe('as-ana'));
    await createSessionLifecycle(deps).restoreOriginalUser();
    expect(deps.drain).toHaveBeenCalledOnce();
    expect(revokedSessions).toEqual(['as-ana']);
    expect(getSession()).toMatchObject({ status: 'authenticated', user: ines, token: 'full-ines', originalUser: null });
    expect(await db.cache.count()).toBe(0);
    expect(await syncTokenFor(ines.id)).toBe('sync-ines');
  });
});
