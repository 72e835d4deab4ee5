// The static shell's hint: the header balance as last shown, with the user it belongs to, so
// the next visit's shell (boot.ts) paints it before the app's JavaScript runs. Nothing secret
// (what the header shows anyone looking at the screen), kept only for the signed-in user: the
// session module removes it whenever the user changes or signs out (#offline/session).
import { useEffect } from 'react';
import type { SessionUser } from '#contract/session';
import { getSession, SHELL_HINT_STORAGE_KEY } from '#offline/session';
import type { ShellHint } from '#app/shell/boot.ts';

/** Stores the balance the header shows for `user`; ignored once `user` is no longer signed in. */
export function writeShellHint(user: Pick<SessionUser, 'id' | 'name' | 'nick_name'>, amount: string, unit: string): void {
  if (getSession().user?.id !== user.id) return;
  const hint: ShellHint = { userId: user.id, nick: user.nick_name || user.name, amount, unit };
  try {
    globalThis.localStorage?.setItem(SHELL_HINT_STORAGE_KEY, JSON.stringify(hint));
  } catch {
    // Storage full or blocked: the next shell shows the balance's placeholder instead.
  }
}

/** The header's balance box keeps the hint current: `amount` is the figure it shows, or null. */
export function useShellHint(user: Pick<SessionUser, 'id' | 'name' | 'nick_name'>, amount: string | null, unit: string): void {
  const { id, name, nick_name } = user;
  useEffect(() => {
    if (amount !== null) writeShellHint({ id, name, nick_name }, amount, unit);
  }, [id, name, nick_name, amount, unit]);
}
