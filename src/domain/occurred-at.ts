// When a queued action really happened, as the client claims it (X-Occurred-At header).
// Pure: the claim is clamped to [now - 30 days, now]; garbage or absence means now.
// Never trusts a future moment: a fast client clock must not move points into a later month.
export const MAX_OCCURRED_AGE_DAYS = 30;

export function resolveOccurredAt(claim: string | undefined, now: Date): Date {
  if (!claim) return now;
  const at = new Date(claim);
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime()) return now;
  const oldest = now.getTime() - MAX_OCCURRED_AGE_DAYS * 86_400_000;
  return at.getTime() < oldest ? new Date(oldest) : at;
}
