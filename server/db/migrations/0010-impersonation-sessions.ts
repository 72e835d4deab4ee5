// Trust boundary: an impersonation session remembers the supervisor session that opened it,
// so signing that session out (or its going idle) ends the agent sessions it opened. The
// opener's purge takes its long-dead impersonation sessions with it; their audit rows stay
// (impersonation_audit.session_id is SET NULL). Sessions opened before this migration have no
// opener and end by their own idle limit, as before.
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE sessions ADD COLUMN opener_session_id bigint REFERENCES sessions (id) ON DELETE CASCADE`,
  `CREATE INDEX sessions_opener_idx ON sessions (opener_session_id) WHERE opener_session_id IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
