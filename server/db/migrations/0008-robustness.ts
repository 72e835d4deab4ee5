// Robustness: a write-only sync session remembers the full session it was issued with, so it
// can refuse actions that happened after that session ended (logout or idle expiry), and
// housekeeping can purge ended sessions without losing that boundary. Forward-only; one
// statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE sessions ADD COLUMN parent_session_id bigint REFERENCES sessions (id) ON DELETE SET NULL`,
  // Sign-in has always created the full session first, then its sync session, in one request.
  `UPDATE sessions s SET parent_session_id = (
     SELECT f.id FROM sessions f
     WHERE f.user_id = s.user_id AND f.scope = 'full' AND f.impersonator_user_id IS NULL AND f.id < s.id
     ORDER BY f.id DESC LIMIT 1
   ) WHERE s.scope = 'sync'`,
  `CREATE INDEX sessions_parent_idx ON sessions (parent_session_id) WHERE parent_session_id IS NOT NULL`,
  // The daily purge scans by last use.
  `CREATE INDEX sessions_last_seen_idx ON sessions (last_seen_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
