// The stored session: who is signed in on this device, with which bearer token.
// Owns the localStorage key; the only place that reads or writes it.
// Never holds anything but the session itself (cached data lives in Dexie).
import { atom, getDefaultStore } from 'jotai';
import type { SessionUser } from '#contract/session';

import { readStoredSession, SESSION_STORAGE_KEY, SHELL_HINT_STORAGE_KEY } from './stored-session.ts';

export { SESSION_STORAGE_KEY, SHELL_HINT_STORAGE_KEY };
/** A copy of /home's content that earlier versions kept for the first paint: personal, removed with its user. */
const LEGACY_PAGE_STORAGE_KEY = 'impecable.shell-page';

export type SessionStatus = 'checking' | 'authenticated' | 'unauthenticated';

export interface Session {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  /** Set while a supervisor navigates as an agent (navegación simulada). */
  originalUser: SessionUser | null;
  originalToken: string | null;
  /** The home "new content" modal was closed once in this session. */
  seeModal: boolean;
}

export const signedOut: Session = {
  status: 'unauthenticated',
  token: null,
  user: null,
  originalUser: null,
  originalToken: null,
  seeModal: false,
};

function readStored(): Session {
  let storage: Storage | undefined;
  try {
    storage = globalThis.localStorage;
  } catch {
    // Storage blocked (privacy settings): nobody is signed in on this page.
  }
  const stored = readStoredSession(storage);
  return stored ? { ...signedOut, ...stored, status: 'authenticated' } : signedOut;
}

const baseAtom = atom<Session>(readStored());

/** The session. Writing it persists it; writing `signedOut` removes the stored key. */
export const sessionAtom = atom(
  (get) => get(baseAtom),
  (get, set, next: Session) => {
    if (get(baseAtom).user?.id !== next.user?.id) {
      globalThis.localStorage?.removeItem(SHELL_HINT_STORAGE_KEY);
      globalThis.localStorage?.removeItem(LEGACY_PAGE_STORAGE_KEY);
    }
    set(baseAtom, next);
    if (next.status === 'authenticated' && next.token) {
      globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(next));
    } else {
      globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
    }
  },
);

/** For non-React code (HTTP client, drain): the current session. */
export function getSession(): Session {
  return getDefaultStore().get(sessionAtom);
}

export function setSession(next: Session): void {
  getDefaultStore().set(sessionAtom, next);
}

/** Another tab signed in or out: follow it, so two tabs never act as two users. */
globalThis.addEventListener?.('storage', (event) => {
  if ((event as StorageEvent).key === SESSION_STORAGE_KEY) getDefaultStore().set(baseAtom, readStored());
});

/**
 * A supervisor browsing as an agent: the server refuses every write of that session (it is for
 * looking), so nothing is queued for it, not even a log event.
 */
export function isSimulatedNavigation(): boolean {
  return getSession().originalUser !== null;
}
