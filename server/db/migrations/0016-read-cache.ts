// The signal that keeps the read caches honest (server/read-cache.ts): these statement
// triggers NOTIFY every instance, the writer's included, once anything a cached read shows
// changes: standings and their score counts, winners and closings, Seguimiento's counters,
// the calendar and the places. User rows already notify (0012). One notification per statement (PostgreSQL
// folds equal ones within a transaction); the channel name is session-channel.ts's.
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const TABLES = [
  'ranking_standings', 'ranking_score_counts', 'ranking_winners', 'ranking_closings',
  'coaching_progress', 'coaching_population', 'coaching_counts', 'coaching_day_points', 'coaching_answer_counts',
  'attributes', 'brands', 'platforms', 'sites', 'videos', 'quiz_questions', 'quiz_options',
];

const statements = [
  `CREATE FUNCTION read_cache_forget() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM pg_notify('impecable_session_cache', 'reads:');
     RETURN NULL;
   END
   $$`,
  ...TABLES.map((table) => `CREATE TRIGGER ${table}_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
   FOR EACH STATEMENT EXECUTE FUNCTION read_cache_forget()`),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
