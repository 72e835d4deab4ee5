import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#contract/session';
import { resetDb } from './db.ts';
import type { DrainSummary } from './drain.ts';
import { drainTokenFor, startDrainLoop } from './drain-loop.ts';
import { runCommand } from './outbox.ts';
import { setSession, signedOut } from './session.ts';
import { saveSyncCredential } from './sync-credential.ts';

const ana = { id: 1, name: 'Ana', email: 'ana@impecable.demo', nick_name: 'Ana', role: 'agente', perfil: '', division: null, marca_id: 2, puntos_ring_ring: 0 } satisfies SessionUser;
const offline = (async () => {
  throw new TypeError('offline');
}) as typeof fetch;

beforeEach(async () => {
  await resetDb();
  setSession(signedOut);
});

describe('drainTokenFor (the page’s drain)', () => {
  it('uses the session token while the user has no sync credential', async () => {
    setSession({ ...signedOut, status: 'authenticated', user: ana, token: 'full-ana' });
    expect(await drainTokenFor(ana.id)).toBe('full-ana');
  });

  it('prefers the sync credential, also once the user signed out', async () => {
    await saveSyncCredential(ana.id, 'sync-ana', { fetch: offline });
    setSession({ ...signedOut, status: 'authenticated', user: ana, token: 'full-ana' });
    expect(await drainTokenFor(ana.id)).toBe('sync-ana');
    await runCommand({ userId: ana.id, label: 'Nick', subject: { kind: 'other' }, request: { method: 'POST', path: '/crear-nickname' } });
    setSession(signedOut);
    expect(await drainTokenFor(ana.id)).toBe('sync-ana');
  });

  it('while a supervisor browses as the user, only the impersonation token', async () => {
    await saveSyncCredential(ana.id, 'sync-ana', { fetch: offline });
    await runCommand({ userId: ana.id, label: 'Nick', subject: { kind: 'other' }, request: { method: 'POST', path: '/crear-nickname' } });
    const ines = { ...ana, id: 4, perfil: 'INTERNO' };
    setSession({ ...signedOut, status: 'authenticated', user: ana, token: 'as-ana', originalUser: ines, originalToken: 'full-ines' });
    expect(await drainTokenFor(ana.id)).toBe('as-ana');
    expect(await drainTokenFor(ines.id)).toBe('full-ines');
  });

  it('has nothing for a user with neither', async () => {
    expect(await drainTokenFor(7)).toBeNull();
  });
});

describe('startDrainLoop', () => {
  it('refreshes what the service worker sent while this page’s own drain was kept out', async () => {
    const worker = new EventTarget();
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
    vi.stubGlobal('navigator', { onLine: true, serviceWorker: worker });
    const heard: DrainSummary[] = [];
    const stop = startDrainLoop({ fetch: offline, onSent: (summary) => heard.push(summary) });
    try {
      const summary: DrainSummary = { sent: 10, failed: 0, remaining: 0, affected: ['quiz:1'], skipped: false };
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'OUTBOX_SYNCED', summary } }));
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'SOMETHING_ELSE' } }));
      await vi.waitFor(() => expect(heard).toEqual([summary]));
    } finally {
      stop();
      vi.unstubAllGlobals();
    }
  });
});
