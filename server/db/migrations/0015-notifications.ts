// Avisos (issue 21): each agent's notifications (one per event and user: the unique event key
// is what makes every event job idempotent), their preferences (a row only for a kind the
// agent switched; no row means on), the devices' Web Push subscriptions (an endpoint belongs to
// one user; the session that made it, whose revocation removes it), and the VAPID key pair
// generated on first start when the configuration has none (one row, shared by every instance).
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE notifications (
     id serial PRIMARY KEY,
     user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     kind text NOT NULL,
     event_key text NOT NULL,
     title text NOT NULL,
     body text NOT NULL,
     url text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     read_at timestamptz,
     UNIQUE (user_id, event_key)
   )`,
  // The list is the newest 50 of a user; the unread count reads only unread rows.
  `CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC)`,
  `CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL`,
  // The daily purge of old notices.
  `CREATE INDEX notifications_created_idx ON notifications (created_at)`,
  `CREATE TABLE notification_preferences (
     user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     kind text NOT NULL,
     enabled boolean NOT NULL,
     PRIMARY KEY (user_id, kind)
   )`,
  // Idle expiry keeps a device subscribed (pushes matter most while the app is closed): the
  // session's purge only forgets which session made it; a revocation (logout) removes it.
  `CREATE TABLE push_subscriptions (
     id serial PRIMARY KEY,
     user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     session_id integer REFERENCES sessions (id) ON DELETE SET NULL,
     endpoint text NOT NULL UNIQUE,
     p256dh text NOT NULL,
     auth text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`,
  `CREATE INDEX push_subscriptions_session_idx ON push_subscriptions (session_id)`,
  `CREATE TABLE vapid_keys (
     id boolean PRIMARY KEY DEFAULT true CHECK (id),
     public_key text NOT NULL,
     private_key text NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  // Who was in a prize band of their site's ranking at the last check (band-lost notices).
  `CREATE TABLE notification_band_members (
     attribute_id integer NOT NULL,
     user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     PRIMARY KEY (attribute_id, user_id)
   )`,
  // Whoever revokes a session (logout on any instance, an impersonation ending, an admin),
  // its device subscriptions go with it, in the same statement.
  `CREATE FUNCTION push_subscriptions_forget_session() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM push_subscriptions WHERE session_id = NEW.id;
     RETURN NULL;
   END
   $$`,
  `CREATE TRIGGER sessions_push_subscriptions AFTER UPDATE OF revoked_at ON sessions
   FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION push_subscriptions_forget_session()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
