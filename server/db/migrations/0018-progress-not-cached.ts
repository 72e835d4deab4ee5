// No cached read shows coaching_progress (only Seguimiento's nudges read it, uncached): its
// NOTIFY, once per video report, only made the floor's commits queue on the notification
// lock. The other tables of 0016 keep theirs. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TRIGGER coaching_progress_read_cache ON coaching_progress').execute(db);
}
