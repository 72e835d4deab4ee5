// Where the update flow stands (sw-registration.ts sets it, update-banner.tsx shows it). Apart
// from the registration, so the first paint carries the state and not the flow, which loads at idle.
import { atom } from 'jotai';

/** none; waiting (a new version is ready); deferred (chosen, waits for busy); applying. */
export type UpdateStatus = 'none' | 'waiting' | 'deferred' | 'applying';

export const updateStatusAtom = atom<UpdateStatus>('none');
