// Import audit: one row per user an import created or changed, saying who (importer), whom
// (target), in which import, from where, and each changed field's value before and after
// (before is null for a created user). Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE user_import_audit (
    id bigserial PRIMARY KEY,
    import_id bigint NOT NULL REFERENCES user_imports (id),
    importer_user_id integer NOT NULL REFERENCES users (id),
    target_user_id integer NOT NULL REFERENCES users (id),
    action text NOT NULL CHECK (action IN ('created', 'updated')),
    before jsonb,
    after jsonb NOT NULL,
    ip text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX user_import_audit_import_idx ON user_import_audit (import_id)`,
  `CREATE INDEX user_import_audit_target_idx ON user_import_audit (target_user_id, created_at)`,
  `CREATE INDEX user_import_audit_importer_idx ON user_import_audit (importer_user_id, created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
