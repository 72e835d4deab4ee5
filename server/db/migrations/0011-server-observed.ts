// Trust boundary: facts the server observes itself, so a client's clock never decides them.
// A 'sync' session keeps the secret its device signs queued actions with
// (src/contract/action-signature.ts): after sign-out it delivers only what was queued while
// its user was signed in. A quiz participation remembers which question it last served and
// when, so an answer sent without client timing is timed by the server's clock.
// Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE sessions ADD COLUMN action_key text`,
  `ALTER TABLE quiz_participations ADD COLUMN served_question_id integer`,
  `ALTER TABLE quiz_participations ADD COLUMN served_at timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
