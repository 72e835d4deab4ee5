// SQL for the product's usage log (banner clicks, video starts and ends, quiz and reface
// events): append-only rows of user, free-text action and when it happened. A row sent with an
// Idempotency-Key is stored once per key, even when its first answer was lost in a crash.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export function createLogEventsRepository(db: Kysely<Database>) {
  return {
    async append(event: { userId: number; action: string; occurredAt: Date; now: Date; idempotencyKey: string | null }): Promise<void> {
      await db.insertInto('log_events')
        .values({ user_id: event.userId, action: event.action, occurred_at: event.occurredAt, created_at: event.now, idempotency_key: event.idempotencyKey })
        .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
        .execute();
    },
  };
}
