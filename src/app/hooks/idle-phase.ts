// Where an idle kiosk session stands: still active, in its last minute (warn), or over.
// Pure: the caller passes the last activity and `now`; no timers, storage or React here.

/** The warning modal opens this long before the idle sign-out. */
export const IDLE_WARNING_MS = 60_000;

/**
 * The warning for an idle limit: a minute, but never more than half the limit. While it shows
 * only "Seguir conectado" counts, so a warning as long as the limit (a 1-minute limit) would
 * ignore all activity and sign an active supervisor out every minute.
 */
export function idleWarningMs(idleMs: number): number {
  return Math.min(IDLE_WARNING_MS, Math.floor(idleMs / 2));
}

export type IdlePhase =
  | { phase: 'active'; msLeft: number; nextCheckInMs: number }
  | { phase: 'warning'; msLeft: number; secondsLeft: number; nextCheckInMs: number }
  | { phase: 'expired' };

/** The phase `now`, and when it may next change (activity elsewhere only pushes it later). */
export function idlePhase(lastActivityAt: number, now: number, idleMs: number, warningMs = idleWarningMs(idleMs)): IdlePhase {
  const msLeft = lastActivityAt + idleMs - now;
  if (msLeft <= 0) return { phase: 'expired' };
  if (msLeft > warningMs) return { phase: 'active', msLeft, nextCheckInMs: msLeft - warningMs };
  // Tick on whole seconds of the countdown, so "en 59 s" changes exactly when it should.
  return { phase: 'warning', msLeft, secondsLeft: Math.ceil(msLeft / 1000), nextCheckInMs: msLeft % 1000 || 1000 };
}
