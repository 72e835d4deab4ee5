// The ledger's FIFO rule: IMPs are spent oldest credit first, and whatever is left of a
// credit lapses when it expires (365 days after it was credited). Says what remains of each
// credit, what has lapsed by `now`, and what the user may spend. Pure: `now` is passed in;
// no I/O, no clock. Never lets a lapse take more than what remains of a credit, so an expiry
// can never push a balance below zero.
import { calendarDay, compareDays } from './calendar';
import { sourceKeys } from './points.ts';

export type LedgerKind = 'activity' | 'prize' | 'redemption' | 'refund' | 'expiry';

export interface Credit {
  id: number;
  amount: number;
  creditedAt: Date;
  /** null: never lapses. */
  expiresAt: Date | null;
}

export interface Debit {
  /** IMPs spent, > 0. */
  amount: number;
  at: Date;
}

export interface CreditState extends Credit {
  spent: number;
  lapsed: number;
  remaining: number;
}

export interface FifoResult {
  /** In spending order: oldest credit first. */
  credits: CreditState[];
  /** Spent IMPs that found no unexpired credit (a ledger written out of order); later credits pay it. */
  debt: number;
  /** What is left to spend at `now`: unexpired remainders less any debt. */
  balance: number;
}

const byAge = (a: Credit, b: Credit) => a.creditedAt.getTime() - b.creditedAt.getTime() || a.id - b.id;

type Event = { at: number; order: number; apply: () => void };

/**
 * Replays credits and debits in time order. At one instant a credit arrives first, then
 * credits expiring at that instant lapse, then debits spend: a credit is already gone at
 * the very moment it expires. Debits with amount <= 0 are ignored (refunds are netted into
 * their redemption before this, see ledgerFifo).
 */
export function allocateFifo(credits: readonly Credit[], debits: readonly Debit[], now: Date): FifoResult {
  const states: CreditState[] = [...credits].filter((c) => c.amount > 0).sort(byAge)
    .map((c) => ({ ...c, spent: 0, lapsed: 0, remaining: 0 }));
  let debt = 0;
  const events: Event[] = [];

  for (const state of states) {
    events.push({ at: state.creditedAt.getTime(), order: 0, apply: () => {
      const paid = Math.min(debt, state.amount);
      debt -= paid;
      state.spent += paid;
      state.remaining = state.amount - paid;
    } });
    if (state.expiresAt && state.expiresAt.getTime() <= now.getTime()) {
      events.push({ at: state.expiresAt.getTime(), order: 1, apply: () => {
        state.lapsed = state.remaining;
        state.remaining = 0;
      } });
    }
  }
  for (const debit of debits) {
    if (debit.amount <= 0) continue;
    events.push({ at: debit.at.getTime(), order: 2, apply: () => {
      let left = debit.amount;
      for (const state of states) {
        if (left === 0) break;
        const take = Math.min(left, state.remaining);
        state.remaining -= take;
        state.spent += take;
        left -= take;
      }
      debt += left;
    } });
  }
  // Stable sort: same instant and kind keep the oldest-credit-first order built above.
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const event of events) event.apply();

  const remaining = states.reduce((sum, s) => sum + s.remaining, 0);
  return { credits: states, debt, balance: remaining - debt };
}

/** One points_ledger row, as the rule reads it. */
export interface LedgerEntry {
  id: number;
  amount: number;
  kind: LedgerKind;
  sourceKey: string | null;
  occurredAt: Date;
  expiresAt: Date | null;
}

export interface PendingExpiry {
  creditId: number;
  amount: number;
  expiresAt: Date;
}

export interface LedgerFifo extends FifoResult {
  /** The plain sum of the ledger rows. */
  ledgerSum: number;
  /** Lapsed credits with no expiry row yet: what the daily job (or a redemption) writes. */
  pendingExpiries: PendingExpiry[];
  /** What the user may spend at `now`: the ledger sum less the pending expiries. */
  available: number;
}

const orderIdOf = (key: string | null, prefix: string): string | null =>
  key?.startsWith(prefix) ? key.slice(prefix.length) : null;

/**
 * The FIFO rule over a user's ledger rows. A refund gives back its own redemption (matched by
 * order id), so the returned IMPs keep their original credits and expiry dates. Expiry rows
 * already written are authoritative for their credit: a credit with one is never pending again.
 */
export function ledgerFifo(entries: readonly LedgerEntry[], now: Date): LedgerFifo {
  const redemptionPrefix = sourceKeys.redemption('');
  const refundPrefix = sourceKeys.refund('');
  const expiryPrefix = sourceKeys.expiry('');
  const refunds = new Map<string, number>();
  for (const e of entries) {
    const orderId = e.kind === 'refund' ? orderIdOf(e.sourceKey, refundPrefix) : null;
    if (orderId !== null) refunds.set(orderId, (refunds.get(orderId) ?? 0) + e.amount);
  }
  const redeemedOrders = new Set(entries.filter((e) => e.kind === 'redemption').map((e) => orderIdOf(e.sourceKey, redemptionPrefix)));

  const credits: Credit[] = [];
  const debits: Debit[] = [];
  const settled = new Set<string>();
  for (const e of entries) {
    if (e.kind === 'expiry') {
      const creditId = orderIdOf(e.sourceKey, expiryPrefix);
      if (creditId !== null) settled.add(creditId);
      continue;
    }
    if (e.kind === 'refund' && redeemedOrders.has(orderIdOf(e.sourceKey, refundPrefix))) continue;
    if (e.amount > 0) {
      credits.push({ id: e.id, amount: e.amount, creditedAt: e.occurredAt, expiresAt: e.expiresAt });
      continue;
    }
    const orderId = e.kind === 'redemption' ? orderIdOf(e.sourceKey, redemptionPrefix) : null;
    const given = orderId === null ? 0 : (refunds.get(orderId) ?? 0);
    debits.push({ amount: -e.amount - given, at: e.occurredAt });
  }

  const result = allocateFifo(credits, debits, now);
  const pendingExpiries = result.credits
    .filter((c) => c.lapsed > 0 && c.expiresAt !== null && !settled.has(String(c.id)))
    .map((c) => ({ creditId: c.id, amount: c.lapsed, expiresAt: c.expiresAt as Date }));
  const ledgerSum = entries.reduce((sum, e) => sum + e.amount, 0);
  const pending = pendingExpiries.reduce((sum, p) => sum + p.amount, 0);
  return { ...result, ledgerSum, pendingExpiries, available: ledgerSum - pending };
}

/**
 * Expiry you can see (issue 39): what lapses next, one line a lapse day (a batch: the credits
 * that lapse that programme day), each the unspent remainder of its credits by the FIFO rule.
 * Only IMPs: a brand-1 agent's Ring Ring points are not in the ledger and never lapse here.
 */
export interface UpcomingLapse {
  /** The programme day (YYYY-MM-DD, Europe/Madrid) the batch lapses. */
  day: string;
  /** The first moment of that day's lapses. */
  expiresAt: Date;
  amount: number;
}

/** The batches still to lapse after `now`, soonest first, at most `limit` of them. */
export function upcomingLapses(fifo: Pick<FifoResult, 'credits'>, now: Date, limit = 5): UpcomingLapse[] {
  const byDay = new Map<string, UpcomingLapse>();
  for (const c of fifo.credits) {
    if (c.remaining <= 0 || c.expiresAt === null || c.expiresAt.getTime() <= now.getTime()) continue;
    const day = calendarDay(c.expiresAt);
    const batch = byDay.get(day);
    if (batch) {
      batch.amount += c.remaining;
      if (c.expiresAt < batch.expiresAt) batch.expiresAt = c.expiresAt;
    } else {
      byDay.set(day, { day, expiresAt: c.expiresAt, amount: c.remaining });
    }
  }
  return [...byDay.values()].sort((a, b) => compareDays(a.day, b.day)).slice(0, limit);
}

/** Notices before a batch lapses, days ahead: each sent once (its key names the day and the lead). */
export const LAPSE_NOTICE_DAYS = [30, 7] as const;
export type LapseNoticeLead = (typeof LAPSE_NOTICE_DAYS)[number];

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

/**
 * Which notice a batch lapsing on `day` is due at `now`: 7 within its last 7 days, 30 within its
 * last 30, none earlier or once the day has come. A job that missed the 30-day mark inside the
 * last week sends the 7-day one alone.
 */
export function lapseNoticeDue(day: string, now: Date): LapseNoticeLead | null {
  const left = dayNumber(day) - dayNumber(calendarDay(now));
  if (left <= 0) return null;
  if (left <= 7) return 7;
  if (left <= 30) return 30;
  return null;
}
