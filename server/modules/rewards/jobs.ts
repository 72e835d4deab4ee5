// The reconcile job of a prize order, queued with the order itself: if the request that placed
// it died between the IMPs debit and the provider's answer, this finishes it (card issued, or
// failed and refunded). A no-op for an order already settled. Safe to run twice: settling only
// moves a 'pending' order, and the provider call carries the order id as idempotency key.
import type { AppDeps } from '#server/deps';
import type { JobHandler } from '#server/jobs/runner';
import { enqueueCouponNotice } from '#server/modules/notifications/enqueue';
import type { GiftCardProvider } from './gift-card-provider.ts';
import { createRewardsService, RECONCILE_ORDER_JOB } from './service.ts';

export { RECONCILE_ORDER_JOB };

export function reconcileOrderHandler(deps: Pick<AppDeps, 'db' | 'clock'>, giftCards: GiftCardProvider): JobHandler {
  const rewards = createRewardsService(deps, giftCards);
  return async (payload) => {
    const orderId = (payload as { orderId?: unknown } | null)?.orderId;
    if (typeof orderId !== 'number') throw new Error('reconcile job without orderId');
    await rewards.reconcile(orderId);
    // A coupon that came after the request gave up waiting: its agent is told (a no-op unless issued).
    await enqueueCouponNotice(deps.db, orderId, deps.clock());
  };
}
