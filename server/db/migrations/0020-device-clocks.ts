// The latest moment the server placed a fact of each signed-in device at (#domain/occurred-at
// notBefore): a device delivers its queue in order, so its next fact cannot be dated earlier.
// Keyed by the device's full session (a 'sync' credential shares its sign-in's row); a row
// goes with its session. Forward-only; one statement per query, as PGlite requires.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE TABLE device_clocks (
    session_id bigint PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    latest_at timestamptz NOT NULL
  )`).execute(db);
}
