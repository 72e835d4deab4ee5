// When a signed-in session stops being valid because nobody used it.
// Pure: the caller passes the last use and `now`; never reads the clock or storage.
// Never decides revocation (logout) or token validity, only idleness.
import { isSupervisorProfile } from './access';

export interface IdleLimits {
  /** Every session expires after this many hours without use. */
  sessionIdleHours: number;
  /** Supervisors on shared kiosks (and anyone impersonating) expire much sooner. */
  supervisorIdleMinutes: number;
  /** Write-only sync credentials wait for queued work to be sent: they last days. */
  syncIdleDays: number;
}

export interface SessionFacts {
  perfil: string | null;
  impersonating: boolean;
  /** 'sync' credentials only replay queued work after sign-out: they get the longest limit. */
  scope: 'full' | 'sync';
}

/** How long a session may stay unused, in milliseconds. */
export function idleLimitMs(session: SessionFacts, limits: IdleLimits): number {
  // A sync credential reads nothing, so a kiosk left with one exposes no personal data; it
  // must outlive a long weekend offline, or queued work would need a sign-in to leave.
  if (session.scope === 'sync') return limits.syncIdleDays * 24 * 3_600_000;
  const short = session.scope === 'full' && (session.impersonating || isSupervisorProfile(session.perfil));
  return short ? limits.supervisorIdleMinutes * 60_000 : limits.sessionIdleHours * 3_600_000;
}

export function isIdleExpired(lastSeenAt: Date, now: Date, limitMs: number): boolean {
  return now.getTime() - lastSeenAt.getTime() > limitMs;
}

/** Recording every request would mean a write per read; once a minute is precise enough. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

export function needsTouch(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS;
}
