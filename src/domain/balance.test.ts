import { describe, expect, it } from 'vitest';
import { allocateFifo, ledgerFifo, type Credit, type Debit, type LedgerEntry } from './balance';
import { creditExpiry } from './points';

const DAY = 86_400_000;
const T0 = new Date('2025-04-01T10:00:00Z');
const day = (n: number) => new Date(T0.getTime() + n * DAY);
const credit = (id: number, amount: number, on: number): Credit => ({ id, amount, creditedAt: day(on), expiresAt: creditExpiry(day(on)) });
const debit = (amount: number, on: number): Debit => ({ amount, at: day(on) });
const remaining = (r: ReturnType<typeof allocateFifo>) => r.credits.map((c) => [c.id, c.remaining, c.lapsed]);

describe('allocateFifo', () => {
  it.each<[string, Credit[], Debit[], number, number[][], number]>([
    ['nothing yet', [], [], 10, [], 0],
    ['a credit is whole before it expires', [credit(1, 50, 0)], [], 364, [[1, 50, 0]], 50],
    ['it lapses exactly 365 days after crediting', [credit(1, 50, 0)], [], 365, [[1, 0, 50]], 0],
    ['oldest spent first', [credit(2, 30, 10), credit(1, 50, 0)], [debit(60, 20)], 20, [[1, 0, 0], [2, 20, 0]], 20],
    ['only what the oldest kept lapses', [credit(1, 50, 0), credit(2, 30, 10)], [debit(40, 20)], 366, [[1, 0, 10], [2, 30, 0]], 30],
    ['a spent credit lapses nothing', [credit(1, 50, 0), credit(2, 30, 10)], [debit(50, 20)], 400, [[1, 0, 0], [2, 0, 30]], 0],
    ['a lapsed credit cannot be spent later', [credit(1, 50, 0), credit(2, 30, 300)], [debit(30, 370)], 370, [[1, 0, 50], [2, 0, 0]], 0],
    ['a debit at the very moment of expiry spends the next credit', [credit(1, 50, 0), credit(2, 30, 10)], [debit(30, 365)], 365, [[1, 0, 50], [2, 0, 0]], 0],
    ['a credit and a debit at the same instant: the credit arrives first', [credit(1, 20, 5)], [debit(20, 5)], 5, [[1, 0, 0]], 0],
    ['non-positive debits are ignored', [credit(1, 20, 0)], [debit(0, 1), debit(-5, 1)], 2, [[1, 20, 0]], 20],
  ])('%s', (_name, credits, debits, nowDay, expected, balance) => {
    const result = allocateFifo(credits, debits, day(nowDay));
    expect(remaining(result)).toEqual(expected);
    expect(result.balance).toBe(balance);
  });

  it('credits that never expire never lapse', () => {
    const result = allocateFifo([{ id: 1, amount: 10, creditedAt: day(0), expiresAt: null }], [], day(5000));
    expect(result.credits[0]?.remaining).toBe(10);
  });

  it('a debit written before its credit becomes debt that the credit pays', () => {
    const result = allocateFifo([credit(1, 50, 2)], [debit(20, 1)], day(3));
    expect(result.debt).toBe(0);
    expect(remaining(result)).toEqual([[1, 30, 0]]);
    expect(result.balance).toBe(30);
  });

  it('never goes below zero over random histories that only spend what is available', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let run = 0; run < 200; run++) {
      const credits: Credit[] = [];
      const debits: Debit[] = [];
      for (let d = 0; d < 900; d += 1 + Math.floor(rand() * 40)) {
        if (rand() < 0.6) credits.push(credit(credits.length + 1, 1 + Math.floor(rand() * 50), d));
        else {
          const available = allocateFifo(credits, debits, day(d)).balance;
          if (available > 0) debits.push(debit(1 + Math.floor(rand() * available), d));
        }
      }
      for (const nowDay of [100, 365, 500, 900, 1300]) {
        const result = allocateFifo(credits.filter((c) => c.creditedAt <= day(nowDay)), debits.filter((x) => x.at <= day(nowDay)), day(nowDay));
        expect(result.balance).toBeGreaterThanOrEqual(0);
        expect(result.debt).toBe(0);
        for (const c of result.credits) expect(c.spent + c.lapsed + c.remaining).toBe(c.amount);
      }
    }
  });
});

describe('ledgerFifo', () => {
  const row = (id: number, amount: number, kind: LedgerEntry['kind'], on: number, sourceKey: string | null = null): LedgerEntry => ({
    id, amount, kind, sourceKey, occurredAt: day(on), expiresAt: amount > 0 && kind !== 'refund' ? creditExpiry(day(on)) : null,
  });

  it('a refund gives back its own redemption, so the IMPs keep their first expiry', () => {
    const entries = [row(1, 100, 'activity', 0), row(2, 50, 'activity', 200), row(3, -80, 'redemption', 250, 'redemption:9'), row(4, 80, 'refund', 250, 'refund:9')];
    const at364 = ledgerFifo(entries, day(364));
    expect(at364.available).toBe(150);
    const at366 = ledgerFifo(entries, day(366));
    expect(at366.pendingExpiries).toEqual([{ creditId: 1, amount: 100, expiresAt: creditExpiry(day(0)) }]);
    expect(at366.available).toBe(50);
  });

  it('written expiry rows settle their credit: nothing pending, the ledger sum is the balance', () => {
    const entries = [row(1, 100, 'activity', 0), row(2, -30, 'redemption', 10, 'redemption:1'), row(3, 20, 'prize', 100)];
    const before = ledgerFifo(entries, day(400));
    expect(before.pendingExpiries.map((p) => [p.creditId, p.amount])).toEqual([[1, 70]]);
    expect(before.available).toBe(20);
    const after = ledgerFifo([...entries, { ...row(4, -70, 'expiry', 365, 'expiry:1') }], day(400));
    expect(after.pendingExpiries).toEqual([]);
    expect(after.ledgerSum).toBe(20);
    expect(after.available).toBe(after.balance);
  });

  it('a refund without its redemption counts as a credit', () => {
    const result = ledgerFifo([row(1, 25, 'refund', 0, 'refund:404')], day(1));
    expect(result.available).toBe(25);
  });
});
