// The first paint's hint: what the signed-in screens last showed that the next visit's first
// paint (src/app/shell/boot.ts) draws before the app's JavaScript runs: the header balance, and
// the first home banner's art (the page's largest paint). Nothing secret (what the screen shows
// anyone looking at it), kept only for the signed-in user: the session module removes it
// whenever the user changes or signs out (#offline/session). Never stores anything else.
import { useEffect } from 'react';
import type { SessionUser } from '#contract/session';
import type { BannerArt } from '#domain/training';
import { getSession, SHELL_HINT_STORAGE_KEY } from './session.ts';
import { readShellHint, type ShellHint } from './stored-session.ts';

export type { ShellHint };
/** The first home banner's two files (#domain/training). */
export type ShellArt = BannerArt;

type HintUser = Pick<SessionUser, 'id' | 'name' | 'nick_name'>;

function stored(userId: number): ShellHint | null {
  try {
    return readShellHint(globalThis.localStorage, userId);
  } catch {
    return null;
  }
}

/** Merges `change` into the user's hint; ignored once `user` is no longer signed in. */
function update(user: HintUser, change: Partial<Pick<ShellHint, 'amount' | 'unit' | 'art'>>): void {
  if (getSession().user?.id !== user.id) return;
  const hint: ShellHint = { amount: '', unit: '', ...stored(user.id), ...change, userId: user.id, nick: user.nick_name || user.name };
  try {
    globalThis.localStorage?.setItem(SHELL_HINT_STORAGE_KEY, JSON.stringify(hint));
  } catch {
    // Storage full or blocked: the next shell shows its placeholders instead.
  }
}

/** Stores the balance the header shows for `user`. */
export function writeShellHint(user: HintUser, amount: string, unit: string): void {
  update(user, { amount, unit });
}

/** Stores the first home banner's art for `user`'s next visit. */
export function writeShellArt(user: HintUser, art: ShellArt): void {
  update(user, { art: { wide: art.wide, compact: art.compact } });
}

/** The header's balance box keeps the hint current: `amount` is the figure it shows, or null. */
export function useShellHint(user: HintUser, amount: string | null, unit: string): void {
  const { id, name, nick_name } = user;
  useEffect(() => {
    if (amount !== null) writeShellHint({ id, name, nick_name }, amount, unit);
  }, [id, name, nick_name, amount, unit]);
}

/** The home screen keeps the art current: `art` is the first banner's, or null before it is known. */
export function useShellArt(user: HintUser, art: ShellArt | null): void {
  const { id, name, nick_name } = user;
  const wide = art?.wide ?? null;
  const compact = art?.compact ?? null;
  useEffect(() => {
    if (wide !== null && compact !== null) writeShellArt({ id, name, nick_name }, { wide, compact });
  }, [id, name, nick_name, wide, compact]);
}
