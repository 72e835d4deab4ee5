// Supervisors and admin: the impersonation audit log (who browsed as whom, when, from which
// IP; the session row says when it ended) and the user-import log (who imported which file
// and what it changed). Append-only tables. Forward-only: never edit after release.
// One statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  // session_id: the impersonation session; its revoked_at is when "salir" ended it.
  `CREATE TABLE impersonation_audit (
    id bigserial PRIMARY KEY,
    impersonator_user_id integer NOT NULL REFERENCES users (id),
    target_user_id integer NOT NULL REFERENCES users (id),
    session_id bigint REFERENCES sessions (id) ON DELETE SET NULL,
    ip text NOT NULL,
    user_agent text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX impersonation_audit_impersonator_idx ON impersonation_audit (impersonator_user_id, created_at)`,
  `CREATE INDEX impersonation_audit_target_idx ON impersonation_audit (target_user_id, created_at)`,
  `CREATE TABLE user_imports (
    id bigserial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id),
    file_name text NOT NULL,
    file_type text NOT NULL CHECK (file_type IN ('xlsx', 'xls', 'csv')),
    users_created integer NOT NULL CHECK (users_created >= 0),
    users_updated integer NOT NULL CHECK (users_updated >= 0),
    duplicates integer NOT NULL CHECK (duplicates >= 0),
    ip text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
