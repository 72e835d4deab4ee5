import { describe, expect, it } from 'vitest';
import { allocateFifo, lapseNoticeDue, ledgerFifo, upcomingLapses, type Credit, type Debit, type LedgerEntry } from './balance';
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

describe('upcomingLapses (what lapses next, per batch)', () => {
  const lines = (credits: Credit[], debits: Debit[], on: number) =>
    upcomingLapses(allocateFifo(credits, debits, day(on)), day(on)).map((l) => [l.day, l.amount]);

  it.each<[string, Credit[], Debit[], number, [string, number][]]>([
    ['nothing to lapse', [], [], 10, []],
    ['each credit lapses a year after it came', [credit(1, 120, 0), credit(2, 30, 40)], [], 300, [['2026-04-01', 120], ['2026-05-11', 30]]],
    ['FIFO: spending takes the oldest batch first', [credit(1, 120, 0), credit(2, 30, 40)], [debit(100, 50)], 300, [['2026-04-01', 20], ['2026-05-11', 30]]],
    ['a batch spent whole is not shown', [credit(1, 120, 0), credit(2, 30, 40)], [debit(130, 50)], 300, [['2026-05-11', 20]]],
    ['a lapsed batch is gone, the next one shows', [credit(1, 120, 0), credit(2, 30, 40)], [], 366, [['2026-05-11', 30]]],
    ['credits of one day are one batch', [credit(1, 5, 0), credit(2, 5, 0), credit(3, 4, 0)], [], 1, [['2026-04-01', 14]]],
  ])('%s', (_name, credits, debits, on, expected) => {
    expect(lines(credits, debits, on)).toEqual(expected);
  });

  it('never lists credits that do not lapse', () => {
    expect(upcomingLapses(allocateFifo([{ id: 1, amount: 10, creditedAt: day(0), expiresAt: null }], [], day(1)), day(1))).toEqual([]);
  });

  it('keeps the soonest batches only', () => {
    const credits = Array.from({ length: 8 }, (_, i) => credit(i + 1, 10, i * 10));
    expect(upcomingLapses(allocateFifo(credits, [], day(100)), day(100), 3).map((l) => l.amount)).toEqual([10, 10, 10]);
  });
});

describe('lapseNoticeDue (30 and 7 days before)', () => {
  const at = (iso: string) => new Date(iso);
  it.each<[string, string, 30 | 7 | null]>([
    ['2026-03-03', '2026-01-31T10:00:00Z', null],
    ['2026-03-03', '2026-02-01T10:00:00Z', 30],
    ['2026-03-03', '2026-02-23T10:00:00Z', 30],
    ['2026-03-03', '2026-02-24T10:00:00Z', 7],
    ['2026-03-03', '2026-03-02T23:30:00Z', null], // 00:30 in Madrid: the day has come
    ['2026-03-03', '2026-03-02T10:00:00Z', 7],
    ['2026-03-03', '2026-03-03T10:00:00Z', null],
    ['2026-03-03', '2026-03-10T10:00:00Z', null],
  ])('batch of %s at %s → %s', (lapseDay, now, due) => {
    expect(lapseNoticeDue(lapseDay, at(now))).toBe(due);
  });
});
