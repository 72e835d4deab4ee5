// SQL for the points ledger. The balance is always the sum of the ledger rows, computed
// in the database; no stored balance exists. Writes to the ledger live with the features
// that earn or spend points, each with its unique source key.
import { sql, type Kysely } from 'kysely';
import type { Database } from '#server/db/schema';

export function createPointsRepository(db: Kysely<Database>) {
  return {
    async balance(userId: number): Promise<number> {
      const row = await db.selectFrom('points_ledger')
        .select(sql<number>`coalesce(sum(amount), 0)::int`.as('balance'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.balance;
    },
  };
}
