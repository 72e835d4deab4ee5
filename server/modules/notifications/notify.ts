// Stores one event's notification for a set of users and queues one push job per device, in
// one statement plus one bulk insert per thousand pushes: set-based, so an event for 100,000
// agents is a handful of queries. Only agents are stored (#domain/notifications mayBeNotified,
// mirrored as `btrim(perfil) = ''`), never a kind the user switched off, and never twice for
// the same event key and user (the unique key; a second run stores and queues nothing).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { NotificationKind } from '#contract/notifications';
import { pushSendAt, type NotificationText } from '#domain/notifications';
import type { Database } from '#server/db/schema';
import { enqueueJobs } from '#server/jobs/runner';

type Db = Kysely<Database>;

export const PUSH_SEND_JOB = 'notification-push';
const JOBS_PER_INSERT = 1_000;

export interface PushJobPayload {
  notificationId: number;
  subscriptionId: number;
}

export function pushJobKey(notificationId: number, subscriptionId: number): string {
  return `${PUSH_SEND_JOB}:${notificationId}:${subscriptionId}`;
}

export interface Notice {
  kind: NotificationKind;
  eventKey: string;
  text: NotificationText;
  /** A query whose rows are `{ user_id }`: who the event concerns (non-agents are dropped here). */
  recipients: RawBuilder<unknown>;
}

/** Stores the notice for its recipients and queues their pushes; returns how many were stored. */
export async function notify(db: Db, notice: Notice, now: Date): Promise<number> {
  const { kind, eventKey, text } = notice;
  const { rows } = await sql<{ notification_id: number | null; subscription_id: number | null; stored: number }>`
    WITH inserted AS (
      INSERT INTO notifications (user_id, kind, event_key, title, body, url, created_at)
      SELECT u.id, ${kind}::text, ${eventKey}::text, ${text.titulo}::text, ${text.texto}::text, ${text.url}::text, ${now}::timestamptz
      FROM users u
      WHERE u.id IN (SELECT r.user_id FROM (${notice.recipients}) r)
        AND btrim(u.perfil) = ''
        AND NOT EXISTS (SELECT 1 FROM notification_preferences p WHERE p.user_id = u.id AND p.kind = ${kind}::text AND NOT p.enabled)
      ON CONFLICT (user_id, event_key) DO NOTHING
      RETURNING id, user_id
    )
    SELECT i.id AS notification_id, s.id AS subscription_id, (SELECT count(*) FROM inserted)::int AS stored
    FROM (SELECT 1) one
    LEFT JOIN (inserted i JOIN push_subscriptions s ON s.user_id = i.user_id) ON true`.execute(db);
  const pushes = rows.flatMap((r) => (r.notification_id !== null && r.subscription_id !== null ? [{ notificationId: r.notification_id, subscriptionId: r.subscription_id }] : []));
  const runAt = pushSendAt(kind, now);
  for (let i = 0; i < pushes.length; i += JOBS_PER_INSERT) {
    await enqueueJobs(db, pushes.slice(i, i + JOBS_PER_INSERT).map((payload) => ({
      kind: PUSH_SEND_JOB, payload, runAt, uniqueKey: pushJobKey(payload.notificationId, payload.subscriptionId),
    })));
  }
  return rows[0]?.stored ?? 0;
}

/** Runs `work` in the caller's transaction or a new one: a notice and its pushes commit together. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
