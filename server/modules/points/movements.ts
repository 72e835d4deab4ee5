// Every write to the points ledger and to the balance kept beside it (user_balances): credits
// (earn, once per source key), redemption debits, refunds, the expiry rows of lapsed credits,
// and the seed's generated history. Each ledger row and its balance change are one statement
// (or one transaction), so SUM(ledger) and the stored balance never disagree. No other module
// writes either table (server/suites/one-writer.test.ts checks it). Spends and lapses wait for
// the user's row lock, so neither reads the ledger past the other. Never imports rankings:
// rankings follow credits (whoever earns an activity credit hands it to rankings' recordCredit
// in the same transaction). Longer than 200 lines on purpose: every write of both tables stays
// in this one file, where the one-writer suite looks for it.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PROGRAMME_TIME_ZONE } from '#domain/calendar';
import { formatDate } from '#domain/format';
import { creditExpiry, sourceKeys } from '#domain/points';
import type { Database, NewLedgerEntry } from '#server/db/schema';
import { availableBalance, ledgerState, mayHaveLapsed } from './ledger.ts';

type Db = Kysely<Database>;

/** A credit: an achievement ('activity', which the rankings count) or a ranking prize. */
export interface Earning {
  userId: number;
  amount: number;
  concept: string;
  /** One key per achievement (#domain/points sourceKeys): a key pays once, whoever asks. */
  sourceKey: string;
  attributeId: number | null;
  kind: 'activity' | 'prize';
  /** When it was earned: the month it counts for, and the start of its lifetime. */
  occurredAt: Date;
  /** When the server wrote it (the row's created_at): the rankings' sync grace reads it. */
  receivedAt: Date;
}

/** IMPs leaving (a redemption) or coming back (its refund); `amount` is positive either way. */
export interface Movement {
  userId: number;
  amount: number;
  concept: string;
  sourceKey: string;
  occurredAt: Date;
}

export class InsufficientBalanceError extends Error {
  constructor(readonly userId: number, readonly amount: number) {
    super(`Balance of user ${userId} does not cover ${amount} IMPs`);
  }
}

/** Runs `work` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Writes one ledger row and moves its user's balance by its amount, in one statement (so even
 * outside a transaction the two never part). `once`: skipped, writing nothing, when the
 * (user, source key) is already in the ledger. `lapseCheck` lowers the row's lapse_check_at
 * to the earliest moment this row can make a credit lapse unsettled (null: it cannot).
 * True when the row was written.
 */
async function writeRow(db: Db, row: NewLedgerEntry, lapseCheck: RawBuilder<Date | null> | Date | null, once: boolean): Promise<boolean> {
  const written = await db
    .with('row', (qb) => {
      const insert = qb.insertInto('points_ledger').values(row);
      return (once ? insert.onConflict((oc) => oc.columns(['user_id', 'source_key']).doNothing()) : insert).returning(['user_id', 'amount']);
    })
    .insertInto('user_balances')
    .columns(['user_id', 'balance', 'lapse_check_at'])
    .expression((eb) => eb.selectFrom('row').select(['row.user_id', 'row.amount', sql<Date | null>`${lapseCheck}::timestamptz`.as('lapse_check_at')]))
    .onConflict((oc) => oc.column('user_id').doUpdateSet({
      balance: sql`user_balances.balance + excluded.balance`,
      // LEAST ignores NULL: a row that cannot lapse keeps the check where it was.
      lapse_check_at: sql`least(user_balances.lapse_check_at, excluded.lapse_check_at)`,
    }))
    .returning('user_id')
    .executeTakeFirst();
  return written !== undefined;
}

/**
 * Takes the user's row lock until the transaction ends: spends and lapses go one at a time.
 * FOR NO KEY UPDATE, not FOR UPDATE: the foreign-key checks of a concurrent earn (KEY SHARE on
 * the user, taken after its balance row) pass, so an earn never waits for a spend that waits
 * for the earn's balance row (a deadlock on PostgreSQL).
 */
export async function lockUser(trx: Db, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
}

/**
 * Writes the expiry rows of the user's lapsed credits (caller holds lockUser); returns the IMPs
 * expired. The balance row is locked first: an earn that wrote its credit before is then
 * visible here, and one after it lowers the new check itself. Before lapse_check_at no credit
 * lapsed unsettled, so most calls read one row and write nothing.
 */
async function settleExpiries(trx: Db, userId: number, now: Date): Promise<number> {
  const stored = await trx.selectFrom('user_balances').select('lapse_check_at').where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!stored || !mayHaveLapsed(stored.lapse_check_at, now)) return 0;
  const state = await ledgerState(trx, userId, now);
  const credited = new Map(state.credits.map((c) => [c.id, c.creditedAt]));
  const inserted = state.pendingExpiries.length === 0 ? [] : await trx.insertInto('points_ledger').values(state.pendingExpiries.map((p) => ({
    user_id: userId,
    amount: -p.amount,
    concept: `IMPs caducados (sumados el ${formatDate(credited.get(p.creditId), PROGRAMME_TIME_ZONE) ?? '-'})`,
    source_key: sourceKeys.expiry(p.creditId),
    attribute_id: null,
    kind: 'expiry' as const,
    occurred_at: p.expiresAt,
    expires_at: null,
  }))).onConflict((oc) => oc.columns(['user_id', 'source_key']).doNothing()).returning('amount').execute();
  const expired = inserted.reduce((sum, r) => sum - r.amount, 0);
  // Every credit that expired by `now` is settled or spent: the next can lapse at the earliest
  // expiry still ahead (a later backdated earn or refund lowers it again).
  await trx.updateTable('user_balances')
    .set({
      balance: sql`balance - ${expired}`,
      lapse_check_at: (eb) => eb.selectFrom('points_ledger').select((e) => e.fn.min('expires_at').as('next'))
        .where('user_id', '=', userId).where('amount', '>', 0).where('expires_at', '>', now),
    })
    .where('user_id', '=', userId)
    .execute();
  return expired;
}

/** Writes off the user's lapsed credits as of `now`; returns the IMPs expired. A rerun writes nothing. */
export async function expireLapsed(db: Db, userId: number, now: Date): Promise<number> {
  return inTransaction(db, async (trx) => {
    await lockUser(trx, userId);
    return settleExpiries(trx, userId, now);
  });
}

/**
 * Takes the user's row lock, writes off lapsed credits (they can never pay) and returns what
 * the user may spend now. The figure stays true until the transaction ends: every spend and
 * lapse waits for the same lock. Call inside the spend's transaction.
 */
export async function lockBalance(trx: Db, userId: number, now: Date): Promise<number> {
  await lockUser(trx, userId);
  await settleExpiries(trx, userId, now);
  return availableBalance(trx, userId, now);
}

/**
 * Writes a credit unless its (user, source key) already paid: true when this call paid. ON
 * CONFLICT rather than a prior SELECT, so concurrent requests cannot both pay. Credits expire
 * a lifetime after they were earned (#domain/points creditExpiry), so a new credit can only
 * change the lapse of credits no older than itself: the check drops to its own expiry at most.
 */
export async function earn(db: Db, credit: Earning): Promise<boolean> {
  const expiresAt = creditExpiry(credit.occurredAt);
  return writeRow(db, {
    user_id: credit.userId,
    amount: credit.amount,
    concept: credit.concept,
    source_key: credit.sourceKey,
    attribute_id: credit.attributeId,
    kind: credit.kind,
    occurred_at: credit.occurredAt,
    created_at: credit.receivedAt,
    expires_at: expiresAt,
  }, expiresAt, true);
}

/**
 * Spends `amount` IMPs (a redemption). Under the user's row lock (taken here if lockBalance has
 * not taken it already); throws InsufficientBalanceError, writing nothing, when the balance at
 * `occurredAt` does not cover it, so the ledger can never go below zero. A debit only shrinks
 * what credits have left, so it never brings a lapse closer.
 */
export async function debit(db: Db, spend: Movement): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockUser(trx, spend.userId);
    if ((await availableBalance(trx, spend.userId, spend.occurredAt)) < spend.amount) throw new InsufficientBalanceError(spend.userId, spend.amount);
    await writeRow(trx, {
      user_id: spend.userId, amount: -spend.amount, concept: spend.concept,
      source_key: spend.sourceKey, attribute_id: null, kind: 'redemption', occurred_at: spend.occurredAt,
    }, null, false);
  });
}

/**
 * Gives IMPs back (a failed redemption) once per source key: true when this call wrote it. The
 * FIFO rule nets a refund into its redemption, so the credits that redemption drew on (alive
 * when it happened) get IMPs back and may lapse again: the check drops to the first of them.
 */
export async function refund(db: Db, back: Movement): Promise<boolean> {
  const orderId = back.sourceKey.startsWith(sourceKeys.refund('')) ? back.sourceKey.slice(sourceKeys.refund('').length) : null;
  const redeemedAt = sql`(SELECT min(r.occurred_at) FROM points_ledger r WHERE r.user_id = ${back.userId} AND r.source_key = ${orderId === null ? null : sourceKeys.redemption(orderId)})`;
  const lapseCheck = sql<Date | null>`(SELECT min(c.expires_at) FROM points_ledger c WHERE c.user_id = ${back.userId} AND c.amount > 0 AND c.expires_at > ${redeemedAt})`;
  return writeRow(db, {
    user_id: back.userId, amount: back.amount, concept: back.concept,
    source_key: back.sourceKey, attribute_id: null, kind: 'refund', occurred_at: back.occurredAt,
  }, lapseCheck, true);
}

/**
 * The seed's generated history, written as given in one statement (keep batches well under
 * PostgreSQL's 65,535 parameters), then its users' balances rebuilt from their whole ledger.
 * Moves no standings: the seed rebuilds them afterwards. Not for live traffic: a rebuild does
 * not wait for concurrent movements.
 */
export async function loadHistory(db: Db, rows: readonly NewLedgerEntry[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('points_ledger').values([...rows]).execute();
  await rebuildBalances(db, [...new Set(rows.map((r) => r.user_id))]);
}

/**
 * Recomputes user_balances from the ledger, set-based: for `userIds`, or for every user with
 * ledger rows (after a bulk load that bypassed the movements above, as the bench's generator
 * does). The check is the earliest expiry of a credit with no expiry row: a spent one too, which
 * the next settlement moves on. Migration 0012 backfilled the same way.
 */
export async function rebuildBalances(db: Db, userIds?: readonly number[]): Promise<void> {
  if (userIds?.length === 0) return;
  const only = userIds ? sql`WHERE l.user_id IN (${sql.join(userIds)})` : sql``;
  const settledOnly = userIds ? sql`AND user_id IN (${sql.join(userIds)})` : sql``;
  await sql`
    INSERT INTO user_balances (user_id, balance, lapse_check_at)
    SELECT l.user_id, sum(l.amount)::int, min(l.expires_at) FILTER (WHERE l.amount > 0 AND settled.credit_id IS NULL)
    FROM points_ledger l
    LEFT JOIN (SELECT user_id, substr(source_key, ${sourceKeys.expiry('').length + 1}) AS credit_id FROM points_ledger
               WHERE kind = 'expiry' AND source_key LIKE ${sourceKeys.expiry('') + '%'} ${settledOnly}) settled
      ON settled.user_id = l.user_id AND settled.credit_id = l.id::text
    ${only}
    GROUP BY l.user_id
    ON CONFLICT (user_id) DO UPDATE SET balance = excluded.balance, lapse_check_at = excluded.lapse_check_at`.execute(db);
}
