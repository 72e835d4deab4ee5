// Where the update flow stands (sw-registration.ts sets it, update-banner.tsx shows it). Apart
// from the registration, so the first paint carries the state and not the flow, which loads at idle.
import { atom } from 'jotai';
import { screenBusyAtom } from '#offline/busy';

/** none; waiting (a new version is ready); deferred (chosen, waits for busy); applying. */
export type UpdateStatus = 'none' | 'waiting' | 'deferred' | 'applying';

export const updateStatusAtom = atom<UpdateStatus>('none');

/** "Más tarde" closed the notice for this visit (while the version only waits). */
export const updateNoticeClosedAtom = atom(false);

/**
 * Whether "Nueva versión disponible" is on screen: a new version waits or is being applied, it
 * was not put off, and no quiz question or video is on screen (it waits for them). The app
 * floats one notice at a time: the install offer waits while this one shows.
 */
export const updateNoticeShownAtom = atom((get) => {
  const status = get(updateStatusAtom);
  if (status === 'none' || get(screenBusyAtom)) return false;
  return !(status === 'waiting' && get(updateNoticeClosedAtom));
});
