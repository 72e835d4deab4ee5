// SQL of the notification centre: a user's list and unread count, marking read, preferences
// (a row only for a switched kind), and the devices' push subscriptions. Every query names the
// user, so nobody reads or touches another's rows. No rules here (service.ts, #domain/notifications).
import type { Kysely, Selectable } from 'kysely';
import type { NotificationKind } from '#contract/notifications';
import type { Database, NotificationsTable } from '#server/db/schema';

type Db = Kysely<Database>;
export type NotificationRow = Selectable<NotificationsTable>;

/** The centre lists this many; the unread count covers them all. */
export const LIST_SIZE = 50;
/** A user's devices: past this many, subscribing again drops the oldest (one agent, one push each). */
export const MAX_DEVICES = 10;

export function createNotificationsRepository(db: Db) {
  return {
    async list(userId: number): Promise<{ rows: NotificationRow[]; unread: number }> {
      const [rows, unread] = await Promise.all([
        db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(LIST_SIZE).execute(),
        db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow(),
      ]);
      return { rows, unread: Number(unread.n) };
    },

    /** Marks one of the user's notifications read (again: a no-op); false when the user has no such id. */
    async markRead(userId: number, id: number, now: Date): Promise<boolean> {
      const row = await db.updateTable('notifications')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
        .where('id', '=', id).where('user_id', '=', userId)
        .returning('id').executeTakeFirst();
      return row !== undefined;
    },

    async markAllRead(userId: number, upTo: number, now: Date): Promise<void> {
      await db.updateTable('notifications').set({ read_at: now })
        .where('user_id', '=', userId).where('id', '<=', upTo).where('read_at', 'is', null).execute();
    },

    /** The kinds the user switched, on or off. */
    async preferences(userId: number): Promise<{ kind: string; enabled: boolean }[]> {
      return db.selectFrom('notification_preferences').select(['kind', 'enabled']).where('user_id', '=', userId).execute();
    },

    async savePreferences(userId: number, tipos: Partial<Record<NotificationKind, boolean>>): Promise<void> {
      const rows = Object.entries(tipos).flatMap(([kind, enabled]) => (enabled === undefined ? [] : [{ user_id: userId, kind, enabled }]));
      await db.insertInto('notification_preferences').values(rows)
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') })))
        .execute();
    },

    /**
     * Stores the device's subscription for the user and session, or moves it to them (a device
     * signed in as someone else before: the same browser subscription, so the same keys), and
     * keeps at most MAX_DEVICES per user. False, changing nothing, when the endpoint is stored
     * with other keys: whoever sends it does not hold that subscription.
     */
    async saveSubscription(input: { userId: number; sessionId: number; endpoint: string; p256dh: string; auth: string }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const saved = await trx.insertInto('push_subscriptions').values({
          user_id: input.userId, session_id: input.sessionId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth,
        }).onConflict((oc) => oc.column('endpoint').doUpdateSet((eb) => ({
          user_id: eb.ref('excluded.user_id'), session_id: eb.ref('excluded.session_id'), created_at: eb.ref('excluded.created_at'),
        })).whereRef('push_subscriptions.p256dh', '=', 'excluded.p256dh').whereRef('push_subscriptions.auth', '=', 'excluded.auth'))
          .returning('id').executeTakeFirst();
        if (!saved) return false;
        await trx.deleteFrom('push_subscriptions').where('user_id', '=', input.userId)
          .where('id', 'not in', (eb) => eb.selectFrom('push_subscriptions').select('id').where('user_id', '=', input.userId)
            .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(MAX_DEVICES))
          .execute();
        return true;
      });
    },

    /** Removes the endpoint only if it is the user's; someone else's stays as it is. */
    async deleteSubscription(userId: number, endpoint: string): Promise<void> {
      await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).execute();
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
