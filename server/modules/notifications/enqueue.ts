// What other modules call to say an event happened: each queues one idempotent job (a unique
// key per event), in the caller's transaction when it has one, so the event and its notice
// commit together. Imports nothing but the job runner, so rankings and rewards can call it
// without a cycle; the handlers live in events.ts.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { enqueueJob } from '#server/jobs/runner';

export const PRIZE_NOTICES_JOB = 'notification-prizes';
export const COUPON_NOTICE_JOB = 'notification-coupon';

/** Month-end paid an attribute's prizes: tell each winner what they got. */
export async function enqueuePrizeNotices(db: Kysely<Database>, attributeId: number, now: Date): Promise<void> {
  await enqueueJob(db, { kind: PRIZE_NOTICES_JOB, payload: { attributeId }, runAt: now, uniqueKey: `${PRIZE_NOTICES_JOB}:${attributeId}` });
}

/** A redemption's coupon was issued by the reconcile job: tell its agent. */
export async function enqueueCouponNotice(db: Kysely<Database>, orderId: number, now: Date): Promise<void> {
  await enqueueJob(db, { kind: COUPON_NOTICE_JOB, payload: { orderId }, runAt: now, uniqueKey: `${COUPON_NOTICE_JOB}:${orderId}` });
}
