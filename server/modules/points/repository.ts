// SQL for the points ledger. The balance is always the sum of the ledger rows, computed
// in the database; no stored balance exists. Features that earn or spend points write
// through creditOnce, each with its unique source key, so an achievement pays once.
import { sql, type Kysely } from 'kysely';
import type { Database, NewLedgerEntry } from '#server/db/schema';

export function createPointsRepository(db: Kysely<Database>) {
  return {
    async balance(userId: number): Promise<number> {
      const row = await db.selectFrom('points_ledger')
        .select(sql<number>`coalesce(sum(amount), 0)::int`.as('balance'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.balance;
    },

    /**
     * Writes a credit unless its (user, source key) already paid: true when this call paid.
     * ON CONFLICT rather than a prior SELECT, so concurrent requests cannot both pay.
     */
    async creditOnce(entry: NewLedgerEntry & { source_key: string }): Promise<boolean> {
      const inserted = await db.insertInto('points_ledger').values(entry)
        .onConflict((oc) => oc.columns(['user_id', 'source_key']).doNothing())
        .returning('id').executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
