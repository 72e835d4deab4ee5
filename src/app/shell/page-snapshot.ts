// The page the static shell repaints: on the screens listed here, the signed-in layout keeps the
// last content its <main> showed (at idle after it changes, and when the page is hidden), and the
// next visit's shell (boot.ts `paintPage`) paints it, inert, before any of the app's JavaScript
// runs: an offline or slow repeat visit shows the agent's real content at once, and the app,
// reading the same rows from Dexie, takes its place. Only settled content is kept, never a
// skeleton, an error or a dialog; stored through #offline/shell-hint, which the session empties
// with its user. Loaded on those screens only, after their first paint (use-page-snapshot.ts).
import { writeShellPage, type ShellPage } from '#offline/shell-hint';
import { runWhenIdle } from '#app/hooks/run-when-idle.ts';
import { ownStyle } from '#app/shell/boot.ts';

/** Content that is not settled yet: a loading state, a skeleton, an error. */
const UNSETTLED = '[aria-busy="true"], [role="alert"], .mantine-Skeleton-root[data-visible]';

/** What is only right in this page: ids (the app's own are in the page too), focus order, motion. */
function neutralize(main: HTMLElement): void {
  main.removeAttribute('id');
  main.removeAttribute('tabindex');
  for (const el of main.querySelectorAll<HTMLElement>('[id], [tabindex], [style*="translate"]')) {
    el.removeAttribute('id');
    el.removeAttribute('tabindex');
    // A carousel's scroll position: the app starts at its first slide.
    if (el.style.transform.includes('translate')) el.style.removeProperty('transform');
  }
  // Images the page made itself (blob: URLs) are gone by the next visit.
  for (const img of main.querySelectorAll('img')) if (!(img.getAttribute('src') ?? '').startsWith('/')) img.removeAttribute('src');
}

/** `main` as the shell can repaint it, or null while its content is not settled. */
export function capturePage(main: HTMLElement): Omit<ShellPage, 'userId' | 'path'> | null {
  const doc = main.ownerDocument;
  if (!main.firstElementChild || main.querySelector(UNSETTLED)) return null;
  const copy = main.cloneNode(true) as HTMLElement;
  neutralize(copy);
  const styles = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
    .map((link) => new URL(link.href, doc.baseURI))
    .filter((url) => url.origin === new URL(doc.baseURI).origin && ownStyle(url.pathname))
    .map((url) => url.pathname);
  const css = [...doc.querySelectorAll('style[data-mantine-styles]')].map((style) => style.textContent ?? '').join('\n');
  return { html: copy.outerHTML, styles: [...new Set(styles)], css };
}

/**
 * Keeps the last settled content of `main` for `userId`'s next visit to `path`: at idle after it
 * changes, and when the page is hidden. Returns the function that stops.
 */
export function watchPage(main: HTMLElement, path: string, userId: number): () => void {
  const save = () => {
    const page = capturePage(main);
    if (page) writeShellPage({ id: userId }, { ...page, path });
  };
  let cancel: (() => void) | null = null;
  const schedule = () => {
    cancel?.();
    cancel = runWhenIdle(save);
  };
  // Text and elements only: a carousel's motion changes attributes, not the content.
  const observer = new MutationObserver(schedule);
  observer.observe(main, { childList: true, subtree: true, characterData: true });
  const onHide = () => {
    if (document.visibilityState === 'hidden') save();
  };
  document.addEventListener('visibilitychange', onHide);
  schedule();
  return () => {
    observer.disconnect();
    cancel?.();
    document.removeEventListener('visibilitychange', onHide);
  };
}
