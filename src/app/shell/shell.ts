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
