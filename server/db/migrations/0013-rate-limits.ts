// Rate limits shared by every server instance on one database: one row per (route, client)
// holds the hits of the client's current window, so N processes or hosts count one budget
// (plugins/rate-limit-store.ts). Rows whose window ended are deleted lazily by that store.
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE rate_limit_hits (
     route_key text NOT NULL,
     client_key text NOT NULL,
     hits integer NOT NULL,
     window_ends_at timestamptz NOT NULL,
     PRIMARY KEY (route_key, client_key)
   )`,
  // The lazy clean-up deletes by the end of the window.
  `CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_ends_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
