// The signal that keeps cached balances honest (server/read-cache.ts): any change to a user's
// stored balance, whoever writes it, NOTIFYs every instance with that user's id once it
// commits. A truncate names nobody: every cached balance goes. The channel name is
// session-channel.ts's. Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE FUNCTION balance_cache_forget() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'TRUNCATE' THEN
       PERFORM pg_notify('impecable_session_cache', 'balance:');
     ELSIF TG_OP = 'DELETE' THEN
       PERFORM pg_notify('impecable_session_cache', 'balance:' || OLD.user_id);
     ELSE
       PERFORM pg_notify('impecable_session_cache', 'balance:' || NEW.user_id);
     END IF;
     RETURN NULL;
   END
   $$`,
  `CREATE TRIGGER user_balances_cache AFTER INSERT OR UPDATE OR DELETE ON user_balances
   FOR EACH ROW EXECUTE FUNCTION balance_cache_forget()`,
  `CREATE TRIGGER user_balances_cache_truncate AFTER TRUNCATE ON user_balances
   FOR EACH STATEMENT EXECUTE FUNCTION balance_cache_forget()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
