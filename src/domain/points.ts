// Points (IMPs) constants and ledger source keys: one key per achievement, so it never pays twice.
// Pure; the ledger itself lives in the server's database. Never computes balances from
// anything but ledger amounts.
export const VIDEO_POINTS = 5;
export const REFACE_POINTS = 10;
/** Credits are redeemable for up to 1 year. */
export const CREDIT_LIFETIME_DAYS = 365;

export const sourceKeys = {
  video: (videoId: number) => `video:${videoId}`,
  reface: (attributeId: number) => `reface:${attributeId}`,
  quizAnswer: (participationId: number | string, questionId: number | string) => `quiz-answer:${participationId}:${questionId}`,
  prize: (attributeId: number, scope: string, scopeId: number) => `prize:${attributeId}:${scope}:${scopeId}`,
  brandPrize: (attributeId: number, brandId: number) => `brand-prize:${attributeId}:${brandId}`,
  /** The debit of a prize order, and the refund that gives it back if the order fails. */
  redemption: (orderId: number | string) => `redemption:${orderId}`,
  refund: (orderId: number | string) => `refund:${orderId}`,
  /** What lapsed of one credit (by its ledger row id): written once, by whoever settles expiries first. */
  expiry: (creditId: number | string) => `expiry:${creditId}`,
} as const;

/** When a credit earned at `creditedAt` expires. */
export function creditExpiry(creditedAt: Date): Date {
  return new Date(creditedAt.getTime() + CREDIT_LIFETIME_DAYS * 86_400_000);
}

/** The balance is the sum of the ledger, never a stored figure. */
export function balanceOf(amounts: readonly number[]): number {
  return amounts.reduce((sum, amount) => sum + amount, 0);
}
