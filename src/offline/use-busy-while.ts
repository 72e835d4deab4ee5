// React face of the busy flag: a screen holds `reason` while `active`, and lets go when it
// unmounts or stops, so an update never reloads under a playing video or an open quiz.
// Owns nothing but that hold; the flag itself lives in busy.ts.
import { useEffect } from 'react';
import { setBusy, type BusyReason } from './busy.ts';

/** Keeps the app from reloading for an update while `active` is true. */
export function useBusyWhile(reason: BusyReason, active = true): void {
  useEffect(() => {
    if (!active) return;
    setBusy(reason, true);
    return () => setBusy(reason, false);
  }, [reason, active]);
}
