// Time accommodation (issue 39): the factor an admin grants an agent for timed quizzes, 1 (none),
// 1.5 or 2 (#domain/scoring TIME_FACTORS). The server scales that agent's scoring bands by it.
// `real` holds all three exactly and reads as a number on both drivers. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN time_factor REAL NOT NULL DEFAULT 1
    CHECK (time_factor IN (1, 1.5, 2))`.execute(db);
}
