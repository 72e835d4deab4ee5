// When a signed-in session stops being valid because nobody used it, and which queued actions
// a write-only sync credential may still deliver once its full session has ended.
// Pure: the caller passes the last use and `now`; never reads the clock or storage.
// Never decides revocation (logout) or token validity, only idleness and its consequences.
import { idleSignOutApplies } from './profiles';

export interface IdleLimits {
  /** Every session expires after this many hours without use. */
  sessionIdleHours: number;
  /** Kiosk profiles (supervisors, LATAM) and anyone impersonating expire much sooner. */
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
  // The same profiles the app signs out when idle (kiosk users: admin, INTERNO, PLATAFORMA,
  // LATAM): the server must end their sessions too, or a kiosk left open stays signed in.
  const short = session.scope === 'full' && (session.impersonating || idleSignOutApplies({ perfil: session.perfil ?? '' }));
  return short ? limits.supervisorIdleMinutes * 60_000 : limits.sessionIdleHours * 3_600_000;
}

export function isIdleExpired(lastSeenAt: Date, now: Date, limitMs: number): boolean {
  return now.getTime() - lastSeenAt.getTime() > limitMs;
}

/** Recording every request would mean a write per read; once a minute is precise enough. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * How stale a session's recorded last use may get: once a minute, but never more than a tenth
 * of its idle limit. The record lags the real last request by less than this, so a session
 * always lasts at least 90 % of its limit after its last request, whatever the limit's size
 * (a resolution equal to a 1-minute limit signed an active supervisor out every minute).
 */
export function touchResolutionMs(limitMs: number): number {
  return Math.max(1, Math.min(LAST_SEEN_RESOLUTION_MS, Math.floor(limitMs / 10)));
}

/** Whether a request at `now` should record itself as the session's last use. */
export function needsTouch(lastSeenAt: Date, now: Date, limitMs: number): boolean {
  return now.getTime() - lastSeenAt.getTime() >= touchResolutionMs(limitMs);
}

/**
 * When a session ended: its revocation (logout), or the moment it went idle for good; null
 * while it is still live at `now`.
 */
export function sessionEndedAt(session: { revokedAt: Date | null; lastSeenAt: Date }, now: Date, limitMs: number): Date | null {
  if (session.revokedAt) return session.revokedAt;
  return isIdleExpired(session.lastSeenAt, now, limitMs) ? new Date(session.lastSeenAt.getTime() + limitMs) : null;
}
