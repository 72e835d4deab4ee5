// SQL for the points ledger. The balance is always the sum of the ledger rows, computed
// in the database; no stored balance exists. Features that earn or spend points write
// through creditOnce, each with its unique source key, so an achievement pays once.
import { sql, type Kysely } from 'kysely';
import type { Database, NewLedgerEntry } from '#server/db/schema';
import { recordCredit } from '#server/modules/rankings/standings';

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
     * The rankings' standings move in the same transaction, so a ranking never disagrees
     * with the ledger (pass a transaction; alone, it opens one).
     */
    async creditOnce(entry: NewLedgerEntry & { source_key: string }): Promise<boolean> {
      const credit = async (trx: Kysely<Database>) => {
        const inserted = await trx.insertInto('points_ledger').values(entry)
          .onConflict((oc) => oc.columns(['user_id', 'source_key']).doNothing())
          .returning('created_at').executeTakeFirst();
        if (inserted === undefined) return false;
        await recordCredit(trx, { ...entry, created_at: inserted.created_at });
        return true;
      };
      return db.isTransaction ? credit(db) : db.transaction().execute(credit);
    },
  };
}
