// The ledger as the FIFO rule (#domain/balance) reads it: one user's rows, what the user may
// spend now (the balance kept beside the ledger, user_balances), the IMPs history, and the
// users whose credits may have lapsed unsettled. Reads only: every write of the ledger and of
// user_balances goes through movements.ts.
import type { Kysely } from 'kysely';
import type { PointsMovement } from '#contract/points';
import { ledgerFifo, type LedgerEntry, type LedgerFifo } from '#domain/balance';
import { operacionOf } from '#domain/rewards';
import type { Database } from '#server/db/schema';
import { balanceKey, type ReadCache } from '#server/read-cache';

export async function readLedger(db: Kysely<Database>, userId: number): Promise<LedgerEntry[]> {
  const rows = await db.selectFrom('points_ledger')
    .select(['id', 'amount', 'kind', 'source_key', 'occurred_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('occurred_at').orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, amount: r.amount, kind: r.kind, sourceKey: r.source_key, occurredAt: r.occurred_at, expiresAt: r.expires_at }));
}

export async function ledgerState(db: Kysely<Database>, userId: number, now: Date): Promise<LedgerFifo> {
  return ledgerFifo(await readLedger(db, userId), now);
}

/**
 * What the user may spend at `now`: the stored balance (SUM of the ledger, kept by
 * movements.ts in the ledger row's transaction), one primary-key read. Past the row's
 * lapse_check_at a credit may have lapsed with no expiry row yet (the daily job may not have
 * run): then the FIFO rule over the user's rows leaves the lapsed IMPs out, as before the
 * balance was stored. A user with no row has no ledger rows: 0. With `cache` (reads outside a
 * transaction only) the row is read once until it changes (migration 0017's trigger).
 */
export async function availableBalance(db: Kysely<Database>, userId: number, now: Date, cache?: ReadCache): Promise<number> {
  const read = () => db.selectFrom('user_balances').select(['balance', 'lapse_check_at']).where('user_id', '=', userId).executeTakeFirst();
  const row = await (cache ? cache.read(balanceKey(userId), read) : read());
  if (!row) return 0;
  return mayHaveLapsed(row.lapse_check_at, now) ? (await ledgerState(db, userId, now)).available : row.balance;
}

/** Whether a credit may have lapsed unsettled by `now`, given a balance row's lapse_check_at. */
export function mayHaveLapsed(lapseCheckAt: Date | null, now: Date): boolean {
  return lapseCheckAt !== null && lapseCheckAt.getTime() <= now.getTime();
}

/**
 * Users whose balance row says a credit may have lapsed unsettled by `now`: the daily job's
 * work list (an index range, however old the lapse). Settling a user moves its check on, so a
 * rerun finds only what lapsed since.
 */
export async function usersDueForExpiry(db: Kysely<Database>, now: Date): Promise<number[]> {
  const rows = await db.selectFrom('user_balances').select('user_id')
    .where('lapse_check_at', '<=', now)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** GET listado-imps: every movement, newest first, in the spec's shape. */
export async function impsHistory(db: Kysely<Database>, userId: number): Promise<PointsMovement[]> {
  const rows = await db.selectFrom('points_ledger')
    .select(['id', 'amount', 'concept', 'occurred_at'])
    .where('user_id', '=', userId)
    .orderBy('occurred_at', 'desc').orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    operacion: operacionOf(r.amount),
    puntos: Math.abs(r.amount),
    concepto: r.concept,
    created_at: r.occurred_at.toISOString(),
  }));
}
