import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '#contract/session';
import { resetDb } from './db.ts';
import { drainTokenFor } from './drain-loop.ts';
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
    await runCommand({ userId: ana.id, label: 'Nick', request: { method: 'POST', path: '/crear-nickname' } });
    setSession(signedOut);
    expect(await drainTokenFor(ana.id)).toBe('sync-ana');
  });

  it('while a supervisor browses as the user, only the impersonation token', async () => {
    await saveSyncCredential(ana.id, 'sync-ana', { fetch: offline });
    await runCommand({ userId: ana.id, label: 'Nick', request: { method: 'POST', path: '/crear-nickname' } });
    const ines = { ...ana, id: 4, perfil: 'INTERNO' };
    setSession({ ...signedOut, status: 'authenticated', user: ana, token: 'as-ana', originalUser: ines, originalToken: 'full-ines' });
    expect(await drainTokenFor(ana.id)).toBe('as-ana');
    expect(await drainTokenFor(ines.id)).toBe('full-ines');
  });

  it('has nothing for a user with neither', async () => {
    expect(await drainTokenFor(7)).toBeNull();
  });
});
