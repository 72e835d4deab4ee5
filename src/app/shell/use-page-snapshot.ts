// The signed-in layout's side of the page the static shell repaints (page-snapshot.ts): on the
// screens listed here only, and after their first paint, it loads the watcher of its <main>.
import { useEffect, type RefObject } from 'react';
import type { SessionUser } from '#contract/session';
import { normalize } from '#app/shell/boot.ts';

/** The screens whose content the shell repaints: the agents' landing page. */
export const SNAPSHOT_PATHS: readonly string[] = ['/home'];

/** Keeps `user`'s last content of `pathname` for the next visit's shell, on a snapshot path. */
export function usePageSnapshot(main: RefObject<HTMLElement | null>, pathname: string, user: Pick<SessionUser, 'id'> | null): void {
  const path = normalize(pathname);
  const userId = user?.id ?? null;
  useEffect(() => {
    const element = main.current;
    if (userId === null || !element || !SNAPSHOT_PATHS.includes(path)) return;
    let live = true;
    let stop: (() => void) | null = null;
    import('#app/shell/page-snapshot.ts').then(
      (m) => {
        if (live) stop = m.watchPage(element, path, userId);
      },
      // Offline before the file was cached: the next visit shows the skeleton, as before.
      (error: unknown) => console.warn('Could not load the page snapshot', error),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [main, path, userId]);
}
