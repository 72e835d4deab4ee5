// When a queued action really happened, as the client claims it (X-Occurred-At header).
// Pure: a client's clock may only place a fact inside a window the server itself observed.
// The claim is clamped to [the session's start, now] (and never older than 30 days);
// garbage or absence means now. A fast client clock must not move points into a later month,
// and a backdated one must not win a ranking tie-break or fake a long video viewing.
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
