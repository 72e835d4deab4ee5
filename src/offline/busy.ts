// "Do not reload now": the reasons the user is in the middle of something (a video playing,
// a quiz open). The update prompt waits while any reason is set; the player and the quiz set
// and clear theirs. Owns only that flag; never reloads, never decides anything itself.
// No window, localStorage or React here; counted, so two players with one reason both count.
import { atom, getDefaultStore } from 'jotai';

/** Why the app must not reload now, e.g. 'video' or 'quiz'. */
export type BusyReason = string;

const counts = new Map<BusyReason, number>();

/** The reasons currently set (empty when the app may reload). */
export const busyAtom = atom<readonly BusyReason[]>([]);

/** Sets (`on` true) or clears one hold of `reason`. Each `true` needs its own `false`. */
export function setBusy(reason: BusyReason, on: boolean): void {
  const next = (counts.get(reason) ?? 0) + (on ? 1 : -1);
  if (next > 0) counts.set(reason, next);
  else counts.delete(reason);
  getDefaultStore().set(busyAtom, [...counts.keys()]);
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
