// Every write to the points ledger: credits (earn, once per source key), redemption debits,
// refunds, the expiry rows of lapsed credits, and the seed's generated history. No other module
// inserts, updates or deletes ledger rows (server/suites/one-writer.test.ts checks it). Spends
// and lapses wait for the user's row lock, so neither reads the ledger past the other. Never
// imports rankings: rankings follow credits (whoever earns an activity credit hands it to
// rankings' recordCredit in the same transaction).
import type { Kysely } from 'kysely';
import { PROGRAMME_TIME_ZONE } from '#domain/calendar';
import { formatDate } from '#domain/format';
import { creditExpiry, sourceKeys } from '#domain/points';
import type { Database, NewLedgerEntry } from '#server/db/schema';
import { availableBalance, ledgerState } from './ledger.ts';

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

/** Takes the user's row lock until the transaction ends: spends and lapses go one at a time. */
export async function lockUser(trx: Db, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
}

/** Writes the expiry rows of the user's lapsed credits (caller holds lockUser); returns the IMPs expired. */
async function settleExpiries(trx: Db, userId: number, now: Date): Promise<number> {
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
 * a lifetime after they were earned (#domain/points creditExpiry).
 */
export async function earn(db: Db, credit: Earning): Promise<boolean> {
  const inserted = await db.insertInto('points_ledger').values({
    user_id: credit.userId,
    amount: credit.amount,
    concept: credit.concept,
    source_key: credit.sourceKey,
    attribute_id: credit.attributeId,
    kind: credit.kind,
    occurred_at: credit.occurredAt,
    created_at: credit.receivedAt,
    expires_at: creditExpiry(credit.occurredAt),
  }).onConflict((oc) => oc.columns(['user_id', 'source_key']).doNothing()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Spends `amount` IMPs (a redemption). Under the user's row lock (taken here if lockBalance has
 * not taken it already); throws InsufficientBalanceError, writing nothing, when the balance at
 * `occurredAt` does not cover it, so the ledger can never go below zero.
 */
export async function debit(db: Db, spend: Movement): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockUser(trx, spend.userId);
    if ((await availableBalance(trx, spend.userId, spend.occurredAt)) < spend.amount) throw new InsufficientBalanceError(spend.userId, spend.amount);
    await trx.insertInto('points_ledger').values({
      user_id: spend.userId, amount: -spend.amount, concept: spend.concept,
      source_key: spend.sourceKey, attribute_id: null, kind: 'redemption', occurred_at: spend.occurredAt,
    }).execute();
  });
}

/** Gives IMPs back (a failed redemption) once per source key: true when this call wrote it. */
export async function refund(db: Db, back: Movement): Promise<boolean> {
  const inserted = await db.insertInto('points_ledger').values({
    user_id: back.userId, amount: back.amount, concept: back.concept,
    source_key: back.sourceKey, attribute_id: null, kind: 'refund', occurred_at: back.occurredAt,
  }).onConflict((oc) => oc.columns(['user_id', 'source_key']).doNothing()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

/**
 * The seed's generated history, written as given in one statement (keep batches well under
 * PostgreSQL's 65,535 parameters). Moves no standings: the seed rebuilds them afterwards.
 */
export async function loadHistory(db: Db, rows: readonly NewLedgerEntry[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('points_ledger').values([...rows]).execute();
}
