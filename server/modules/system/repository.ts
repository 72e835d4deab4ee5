// The one query the system routes need: a round trip to the database for readiness.
// Never reads or writes any table.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
