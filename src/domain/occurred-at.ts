// When a queued action really happened, as the client claims it (X-Occurred-At header).
// Pure: a client's clock may only place a fact inside a window the server itself observed.
// The claim is clamped to [the session's start, now] (and never older than 30 days);
// garbage or absence means now. Then the fact is placed no earlier than what the server already
// placed from the same device (notBefore), so a device fills only the time the server saw pass
// since its last fact, once. A fast client clock must not move points into a later month, and
// a backdated one must not win a ranking tie-break or fake a long video viewing.
export const MAX_OCCURRED_AGE_DAYS = 30;

/**
 * `sessionStart`: when the server opened the session delivering the action (sign-in). Nothing
 * that session queued can have happened before it; null when there is no session (no floor
 * but the 30 days).
 */
export function resolveOccurredAt(claim: string | undefined, now: Date, sessionStart: Date | null = null): Date {
  if (!claim) return now;
  const at = new Date(claim);
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime()) return now;
  const oldest = Math.max(now.getTime() - MAX_OCCURRED_AGE_DAYS * 86_400_000, Math.min(sessionStart?.getTime() ?? -Infinity, now.getTime()));
  return at.getTime() < oldest ? new Date(oldest) : at;
}

/**
 * Where a fact goes on the timeline: its clamped claim, moved forward to the latest moment it
 * cannot precede (nulls are ignored). A device delivers its queue in order, so nothing it sends
 * happened before a fact the server already placed from that same device; a quiz answer timed
 * by the device did not happen before its quiz was issued plus the answering times it claims.
 * The floors are moments the server observed or placed, all ≤ now, so the result stays ≤ now.
 */
export function notBefore(occurredAt: Date, ...floors: readonly (Date | null)[]): Date {
  const latest = Math.max(occurredAt.getTime(), ...floors.map((floor) => floor?.getTime() ?? -Infinity));
  return latest === occurredAt.getTime() ? occurredAt : new Date(latest);
}

/** The earliest a device-timed quiz answer can have happened: the issue plus every answer's claimed time so far. */
export function earliestAnswerAt(issuedAt: Date, elapsedMs: readonly number[]): Date {
  return new Date(issuedAt.getTime() + elapsedMs.reduce((sum, ms) => sum + Math.max(0, ms), 0));
}
