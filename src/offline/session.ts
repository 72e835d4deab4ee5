// The stored session: who is signed in on this device, with which bearer token.
// Owns the localStorage key; the only place that reads or writes it.
// Never holds anything but the session itself (cached data lives in Dexie).
import { atom, getDefaultStore } from 'jotai';
import type { SessionUser } from '#contract/session';

export const SESSION_STORAGE_KEY = 'impecable.session';
/** The static shell's header hint (#offline/shell-hint): personal, so it leaves with its user. */
export const SHELL_HINT_STORAGE_KEY = 'impecable.shell-hint';
/** The page the static shell repaints (#offline/shell-hint `writeShellPage`): personal too. */
export const SHELL_PAGE_STORAGE_KEY = 'impecable.shell-page';

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
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return signedOut;
    const parsed = JSON.parse(raw) as Partial<Session>;
    if (!parsed.token || !parsed.user) return signedOut;
    return { ...signedOut, ...parsed, status: 'authenticated' };
  } catch {
    return signedOut;
  }
}

const baseAtom = atom<Session>(readStored());

/** The session. Writing it persists it; writing `signedOut` removes the stored key. */
export const sessionAtom = atom(
  (get) => get(baseAtom),
  (get, set, next: Session) => {
    if (get(baseAtom).user?.id !== next.user?.id) {
      globalThis.localStorage?.removeItem(SHELL_HINT_STORAGE_KEY);
      globalThis.localStorage?.removeItem(SHELL_PAGE_STORAGE_KEY);
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
