// Standings: the precomputed ranking rows kept up to date as points are credited and as
// training steps finish. The Rankings issue fills these in; callers already call them.
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

/**
 * A training step of (user, attribute) finished (a video seen, a quiz completed): refresh
 * the "training finished" moment the ranking tie-break reads. Call inside the same
 * transaction as the step's write.
 */
export async function recordTrainingStep(_db: Kysely<Database>, _userId: number, _attributeId: number): Promise<void> {
  // Filled in by the Rankings issue.
}

/** Recomputes every standing from the ledger and training tables (seed, bulk loads). */
export async function rebuildStandings(_db: Kysely<Database>): Promise<void> {
  // Filled in by the Rankings issue.
}
