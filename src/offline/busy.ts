// "Do not reload now": the reasons the user is in the middle of something (a video playing,
// a quiz question on screen, a download). The update waits while any reason is set; the player
// and the quiz question hold theirs while on screen (use-busy.ts), and while they do, the app's
// own notices (install, update, push offer, toasts) stay off the screen (screenBusyAtom).
// Owns only that flag; never reloads, never decides anything itself.
// No window, localStorage or React here; counted, so two players with one reason both count.
import { atom, getDefaultStore } from 'jotai';

/** Why the app must not reload now, e.g. 'video' or 'quiz'. */
export type BusyReason = string;

const counts = new Map<BusyReason, number>();

/** The reasons currently set (empty when the app may reload). */
export const busyAtom = atom<readonly BusyReason[]>([]);

/** Holds that also keep the app's own notices off the screen: a timed question, a video playing. */
export const SCREEN_HOLDS: readonly BusyReason[] = ['quiz', 'video'];

/** True while a quiz question or a video player is on screen: nothing may cover or move it. */
export const screenBusyAtom = atom((get) => get(busyAtom).some((reason) => SCREEN_HOLDS.includes(reason)));

/** Sets (`on` true) or clears one hold of `reason`. Each `true` needs its own `false`. */
export function setBusy(reason: BusyReason, on: boolean): void {
  const next = (counts.get(reason) ?? 0) + (on ? 1 : -1);
  if (next > 0) counts.set(reason, next);
  else counts.delete(reason);
  getDefaultStore().set(busyAtom, [...counts.keys()]);
}

/**
 * Takes one hold of `reason` and returns its release, which lands a task later: a screen that
 * gives way to the next one holding the same reason (one question to the next) never reads as
 * idle in between, so nothing reloads or pops up in that gap.
 */
export function holdBusy(reason: BusyReason): () => void {
  setBusy(reason, true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    setTimeout(() => setBusy(reason, false), 0);
  };
}

/** True while a video, a quiz or anything else asked the app not to reload. */
export function isBusy(): boolean {
  return counts.size > 0;
}

/** Resolves as soon as nothing is busy (at once if nothing is). */
export function whenIdle(): Promise<void> {
  if (!isBusy()) return Promise.resolve();
  const store = getDefaultStore();
  return new Promise((resolve) => {
    const stop = store.sub(busyAtom, () => {
      if (isBusy()) return;
      stop();
      resolve();
    });
  });
}
