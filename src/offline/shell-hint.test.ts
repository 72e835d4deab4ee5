import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '#test-support/memory-storage';
import type { SessionUser } from '#contract/session';
import { resetDb } from '#offline/db';
import { setSession, SHELL_HINT_STORAGE_KEY, signedOut } from '#offline/session';
import { createSessionLifecycle } from '#offline/session-lifecycle';
import { writeShellArt, writeShellHint } from '#offline/shell-hint';
import { readShellHint } from '#offline/stored-session';

const user = (id: number, perfil = ''): SessionUser => ({
  id, name: `U${id}`, email: `u${id}@impecable.demo`, nick_name: `Nick${id}`, role: 'agente', perfil, division: null, marca_id: 2, puntos_ring_ring: 0,
});
const ana = user(1);
const bruno = user(2);
const ines = user(4, 'INTERNO');

const signIn = (who: SessionUser, originalUser: SessionUser | null = null) =>
  setSession({ ...signedOut, status: 'authenticated', user: who, token: `t${who.id}`, originalUser, originalToken: originalUser ? 'ts' : null });

const lifecycle = () =>
  createSessionLifecycle({
    drain: vi.fn(async () => undefined),
    revokeSession: vi.fn(async () => undefined),
    registerBackgroundSync: vi.fn(),
    credentials: { fetch: (async () => new Response('{}')) as typeof fetch },
    drainBudgetMs: 20,
    revokeBudgetMs: 20,
  });

let storage: Storage;

beforeEach(async () => {
  await resetDb();
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  setSession(signedOut);
});

describe('the shell hint', () => {
  it('keeps the balance the header showed, for the user it belongs to', () => {
    signIn(ana);
    writeShellHint(ana, '1.250', 'IMPs');
    expect(readShellHint(storage, ana.id)).toEqual({ userId: 1, nick: 'Nick1', amount: '1.250', unit: 'IMPs' });
    expect(readShellHint(storage, bruno.id)).toBeNull();
  });

  it('keeps the first banner’s art beside the balance, whichever is written first', () => {
    signIn(ana);
    const art = { wide: '/art/banner-accesible.svg', compact: '/art/banner-accesible-compact.svg' };
    writeShellArt(ana, art);
    expect(readShellHint(storage, ana.id)).toEqual({ userId: 1, nick: 'Nick1', amount: '', unit: '', art });
    writeShellHint(ana, '1.250', 'IMPs');
    expect(readShellHint(storage, ana.id)).toEqual({ userId: 1, nick: 'Nick1', amount: '1.250', unit: 'IMPs', art });
  });

  it('is not written for a user who is no longer signed in', () => {
    signIn(bruno);
    writeShellHint(ana, '1.250', 'IMPs');
    expect(storage.getItem(SHELL_HINT_STORAGE_KEY)).toBeNull();
  });

  it('goes with the sign-out: nothing of it stays on a shared device', async () => {
    signIn(ana);
    writeShellHint(ana, '1.250', 'IMPs');
    await lifecycle().signOut();
    expect(storage.getItem(SHELL_HINT_STORAGE_KEY)).toBeNull();
  });

  it('goes when a supervisor leaves the agent they browsed as', async () => {
    signIn(ana, ines);
    writeShellHint(ana, '1.250', 'IMPs');
    await lifecycle().restoreOriginalUser();
    expect(storage.getItem(SHELL_HINT_STORAGE_KEY)).toBeNull();
  });

  it('stays while the same user’s session is only updated', () => {
    signIn(ana);
    writeShellHint(ana, '1.250', 'IMPs');
    setSession({ ...signedOut, status: 'authenticated', user: { ...ana, nick_name: 'Nueva' }, token: 't1', seeModal: true });
    expect(readShellHint(storage, ana.id)?.amount).toBe('1.250');
  });
});
