// Where an idle kiosk session stands: still active, in its last minute (warn), or over.
// Pure: the caller passes the last activity and `now`; no timers, storage or React here.

/** The warning modal opens this long before the idle sign-out. */
export const IDLE_WARNING_MS = 60_000;

export type IdlePhase =
  | { phase: 'active'; msLeft: number; nextCheckInMs: number }
  | { phase: 'warning'; msLeft: number; secondsLeft: number; nextCheckInMs: number }
  | { phase: 'expired' };

/** The phase `now`, and when it may next change (activity elsewhere only pushes it later). */
export function idlePhase(lastActivityAt: number, now: number, idleMs: number, warningMs = IDLE_WARNING_MS): IdlePhase {
  const msLeft = lastActivityAt + idleMs - now;
  if (msLeft <= 0) return { phase: 'expired' };
  if (msLeft > warningMs) return { phase: 'active', msLeft, nextCheckInMs: msLeft - warningMs };
  // Tick on whole seconds of the countdown, so "en 59 s" changes exactly when it should.
  return { phase: 'warning', msLeft, secondsLeft: Math.ceil(msLeft / 1000), nextCheckInMs: msLeft % 1000 || 1000 };
}
