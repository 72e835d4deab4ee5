// SQL for the product's usage log (banner clicks, video starts and ends, quiz and reface
// events): append-only rows of user, free-text action and when it happened.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export function createLogEventsRepository(db: Kysely<Database>) {
  return {
    async append(event: { userId: number; action: string; occurredAt: Date; now: Date }): Promise<void> {
      await db.insertInto('log_events')
        .values({ user_id: event.userId, action: event.action, occurred_at: event.occurredAt, created_at: event.now })
        .execute();
    },
  };
}
