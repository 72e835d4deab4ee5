// The first paint's frame (index.html's #app-shell, drawn by shell/boot.ts before any of the
// app's JavaScript runs). React takes over by calling dismissShell() once its first screen has
// committed; nothing else touches it.
const SHELL_ID = 'app-shell';

/** True while the static shell is still on screen (React has not painted a screen yet). */
export function isShellShowing(): boolean {
  return typeof document !== 'undefined' && document.getElementById(SHELL_ID) !== null;
}

/** Removes the static shell; idempotent. Call from a layout effect of the first screen. */
export function dismissShell(): void {
  document.getElementById(SHELL_ID)?.remove();
}

/**
 * Resolves once every stylesheet the page links has loaded (or failed): the first paint adds the
 * app's stylesheets and its script together (boot.ts `startApp`), and React must not paint unstyled.
 */
export function stylesReady(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}
