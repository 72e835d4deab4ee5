// Maintenance as data (issue 35): a change to `settings` (the back-office's write, or an
// operator's UPDATE in psql) tells every instance at once, once it commits, on the channel
// session-channel.ts listens to ('setting:'), so each process drops the setting it holds
// (server/plugins/maintenance.ts) and reads it again. One notification per statement.
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE FUNCTION settings_forget() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('impecable_session_cache', 'setting:');
     RETURN NULL;
   END
   $$`,
  `CREATE TRIGGER settings_forget AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
   FOR EACH STATEMENT EXECUTE FUNCTION settings_forget()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
