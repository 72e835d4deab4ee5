// The ledger as the FIFO rule (#domain/balance) reads it: one user's rows, what the user may
// spend now, the IMPs history, and the users with lapsed credits still to write off. Reads
// only: every write goes through movements.ts.
import { sql, type Kysely } from 'kysely';
import type { PointsMovement } from '#contract/points';
import { ledgerFifo, type LedgerEntry, type LedgerFifo } from '#domain/balance';
import { sourceKeys } from '#domain/points';
import { operacionOf } from '#domain/rewards';
import type { Database } from '#server/db/schema';

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
 * What the user may spend at `now`: the ledger sum, less credits that lapsed but whose expiry
 * row is not written yet (the daily job may not have run). Users without any lapsed credit
 * (most, most of the time) cost one aggregate query.
 */
export async function availableBalance(db: Kysely<Database>, userId: number, now: Date): Promise<number> {
  const row = await db.selectFrom('points_ledger')
    .select([
      sql<number>`coalesce(sum(amount), 0)::int`.as('total'),
      sql<boolean>`coalesce(bool_or(amount > 0 AND expires_at <= ${now}), false)`.as('lapsed'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.lapsed ? (await ledgerState(db, userId, now)).available : row.total;
}

/**
 * Users with a credit that lapsed in (now - lookback, now] and no expiry row for it: the daily
 * job's work list. The window keeps the scan small; older lapses were settled by earlier runs
 * (and a redemption settles its user's lapses itself whatever their age).
 */
export async function usersWithLapsedCredits(db: Kysely<Database>, now: Date, lookbackMs: number): Promise<number[]> {
  const since = new Date(now.getTime() - lookbackMs);
  const rows = await db.selectFrom('points_ledger as c')
    .select('c.user_id').distinct()
    .where('c.amount', '>', 0)
    .where('c.expires_at', '<=', now)
    .where('c.expires_at', '>', since)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('points_ledger as e').select('e.id')
      .whereRef('e.user_id', '=', 'c.user_id')
      .where(sql<boolean>`e.source_key = (${sourceKeys.expiry('')} || c.id::text)`))))
    .orderBy('c.user_id')
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
