// Admin audit: one row per run of `npm run admin` (server/cli/admin.ts), which creates or
// promotes an administrator and prints a one-time sign-in link for them. Who ran it (the
// actor, 'cli', with the operating-system user and host), whom, what it did ('created',
// 'promoted', or 'unchanged' when the user already was an admin and only a link was issued),
// the fields before (null for a created user) and after, and when.
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE admin_audit (
    id bigserial PRIMARY KEY,
    actor text NOT NULL,
    os_user text,
    host text,
    target_user_id integer NOT NULL REFERENCES users (id),
    action text NOT NULL CHECK (action IN ('created', 'promoted', 'unchanged')),
    before jsonb,
    after jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX admin_audit_target_idx ON admin_audit (target_user_id, created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
