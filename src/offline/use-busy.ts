// React face of busy.ts: a screen holds a reason while it is mounted, and reads whether the
// app's own notices must stay away. The hold is released a task after unmounting (holdBusy),
// so one question giving way to the next (or StrictMode's second mount) never reads as idle.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { holdBusy, screenBusyAtom, type BusyReason } from './busy.ts';

/** Holds `reason` while the calling component is mounted (and `active`). */
export function useBusyWhileMounted(reason: BusyReason, active = true): void {
  useEffect(() => {
    if (!active) return;
    return holdBusy(reason);
  }, [reason, active]);
}

/** True while a quiz question or a video player is on screen (busy.ts SCREEN_HOLDS). */
export function useScreenBusy(): boolean {
  return useAtomValue(screenBusyAtom);
}

/**
 * `value` as it was when the screen became busy, for as long as it stays busy; the live value
 * otherwise. What may appear or vanish around a question (the header's sync line) keeps its
 * place until the question is done.
 */
export function useHeldWhileBusy<T>(value: T): T {
  const busy = useScreenBusy();
  const [held, setHeld] = useState(value);
  // Follows the live value while idle (an update during render, React's derived-state pattern).
  if (!busy && !Object.is(held, value)) setHeld(value);
  return busy ? held : value;
}
