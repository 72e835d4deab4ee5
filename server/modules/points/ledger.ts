// The ledger as the FIFO rule (#domain/balance) reads it: one user's rows, what the user may
// spend now, the IMPs history, and the expiry rows of lapsed credits. Writes only 'expiry'
// rows, once per credit (source key expiry:{creditId}); callers that spend hold the user's
// row lock (lockUser) so a lapse and a spend never read the ledger past each other.
import { sql, type Kysely } from 'kysely';
import type { PointsMovement } from '#contract/points';
import { ledgerFifo, type LedgerEntry, type LedgerFifo } from '#domain/balance';
import { PROGRAMME_TIME_ZONE } from '#domain/calendar';
import { formatDate } from '#domain/format';
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

/** Takes the user's row lock until the transaction ends: spends and lapses go one at a time. */
export async function lockUser(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

/**
 * Writes the expiry rows of the user's lapsed credits; returns the IMPs expired by this call.
 * Run it inside a transaction holding lockUser. A second run writes nothing (unique keys).
 */
export async function settleExpiries(trx: Kysely<Database>, userId: number, now: Date): Promise<number> {
  const state = await ledgerState(trx, userId, now);
  if (state.pendingExpiries.length === 0) return 0;
  const credited = new Map(state.credits.map((c) => [c.id, c.creditedAt]));
  const inserted = await trx.insertInto('points_ledger').values(state.pendingExpiries.map((p) => ({
    user_id: userId,
    amount: -p.amount,
    concept: `IMPs caducados (sumados el ${formatDate(credited.get(p.creditId), PROGRAMME_TIME_ZONE) ?? '-'})`,
    source_key: sourceKeys.expiry(p.creditId),
    attribute_id: null,
    kind: 'expiry' as const,
    occurred_at: p.expiresAt,
    expires_at: null,
  }))).onConflict((oc) => oc.columns(['user_id', 'source_key']).doNothing()).returning('amount').execute();
  return -inserted.reduce((sum, r) => sum + r.amount, 0);
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
