// Readiness proves the database still takes a write, not only that it answers: a database that
// reads fine may refuse every write (a read-only disk or folder, a standby, a read-only
// default). GET /api/health/ready updates this table's one row, at most once a second.
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE readiness_probe (
     id smallint PRIMARY KEY CHECK (id = 1),
     checked_at timestamptz NOT NULL DEFAULT now()
   )`,
  'INSERT INTO readiness_probe (id) VALUES (1)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
