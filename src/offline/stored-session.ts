// What the device keeps in localStorage for the page's first paint, read without the app: the
// stored session (#offline/session owns writing it) and the header's hint (#offline/shell-hint
// owns writing it). Pure readers with no import at run time, so the first paint's inline script
// (src/app/shell/boot.ts) uses the very same rules as the app.
import type { SessionUser } from '#contract/session';
import type { BannerArt } from '#domain/training';

export const SESSION_STORAGE_KEY = 'impecable.session';
/** The header's hint (#offline/shell-hint): personal, so it leaves with its user. */
export const SHELL_HINT_STORAGE_KEY = 'impecable.shell-hint';

type Storage = Pick<globalThis.Storage, 'getItem'> | null | undefined;

/** The stored session as the device has it, or null when nobody is signed in (or it is unreadable). */
export interface StoredSession {
  token: string;
  user: SessionUser;
  originalUser?: SessionUser | null;
  originalToken?: string | null;
  seeModal?: boolean;
}

export function readStoredSession(storage: Storage): StoredSession | null {
  try {
    const parsed = JSON.parse(storage?.getItem(SESSION_STORAGE_KEY) ?? 'null') as Partial<StoredSession> | null;
    if (!parsed?.token || !parsed.user || typeof parsed.user !== 'object') return null;
    return parsed as StoredSession;
  } catch {
    return null;
  }
}

/** What the header last showed its user; `amount` is '' until it has shown a balance. */
export interface ShellHint {
  userId: number;
  nick: string;
  amount: string;
  unit: string;
  /** The first home banner's two files. */
  art?: BannerArt;
}

/** The stored hint, only when it belongs to `userId`: never another user's balance. */
export function readShellHint(storage: Storage, userId: number): ShellHint | null {
  try {
    const hint = JSON.parse(storage?.getItem(SHELL_HINT_STORAGE_KEY) ?? 'null') as ShellHint | null;
    return hint?.userId === userId && typeof hint.amount === 'string' && typeof hint.unit === 'string' ? hint : null;
  } catch {
    return null;
  }
}
