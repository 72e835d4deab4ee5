// The balance beside the ledger, and the signal that keeps session caches honest.
// user_balances: one row per user with ledger rows, written by points/movements.ts in the
// same transaction as the ledger rows. `balance` is SUM(points_ledger.amount); `lapse_check_at`
// is the earliest moment an unsettled credit may lapse (before it, `balance` is what the user
// may spend; NULL: nothing can lapse). Backfilled here from the ledger, set-based: the check is
// the earliest expiry of a credit with no expiry row (a fully spent one included: the daily job
// or the next redemption settles it and moves the check on).
// The session cache (modules/auth/session-cache.ts) keeps session lookups in memory: these
// triggers NOTIFY every instance, the writer's included, when a user row changes or a live
// session is revoked or deleted, whoever writes it. The channel name is session-channel.ts's.
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE user_balances (
    user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    balance integer NOT NULL,
    lapse_check_at timestamptz
  )`,
  `CREATE INDEX user_balances_lapse_check_idx ON user_balances (lapse_check_at) WHERE lapse_check_at IS NOT NULL`,
  `INSERT INTO user_balances (user_id, balance, lapse_check_at)
   SELECT l.user_id, sum(l.amount)::int, min(l.expires_at) FILTER (WHERE l.amount > 0 AND settled.credit_id IS NULL)
   FROM points_ledger l
   LEFT JOIN (SELECT user_id, substr(source_key, 8) AS credit_id FROM points_ledger WHERE kind = 'expiry' AND source_key LIKE 'expiry:%') settled
     ON settled.user_id = l.user_id AND settled.credit_id = l.id::text
   GROUP BY l.user_id`,
  `CREATE FUNCTION session_cache_forget() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('impecable_session_cache', TG_ARGV[0] || ':' || OLD.id);
     RETURN NULL;
   END
   $$`,
  `CREATE TRIGGER users_session_cache AFTER UPDATE OR DELETE ON users
   FOR EACH ROW EXECUTE FUNCTION session_cache_forget('user')`,
  // last_seen_at touches are not revocations: only a live session ending wakes the caches.
  `CREATE TRIGGER sessions_session_cache AFTER UPDATE OF revoked_at OR DELETE ON sessions
   FOR EACH ROW WHEN (OLD.revoked_at IS NULL) EXECUTE FUNCTION session_cache_forget('session')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
