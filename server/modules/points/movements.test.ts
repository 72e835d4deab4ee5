import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditExpiry } from '#domain/points';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { availableBalance } from './ledger.ts';
import { debit, earn, expireLapsed, InsufficientBalanceError, lockBalance, refund, type Earning } from './movements.ts';

const DAY = 86_400_000;
const NOW = new Date('2025-06-20T10:00:00Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
let ctx: TestContext;
let serial = 0;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

async function newUser(): Promise<number> {
  serial += 1;
  const user = await ctx.db.insertInto('users')
    .values({ email: `movements-${serial}@impecable.demo`, name: `Movimientos ${serial}`, nick_name: `Mov${serial}`, brand_id: 2 })
    .returning('id').executeTakeFirstOrThrow();
  return user.id;
}

const earning = (userId: number, amount: number, occurredAt = NOW, sourceKey = `test-earn:${userId}:${amount}:${occurredAt.getTime()}`): Earning => ({
  userId, amount, concept: 'Prueba', sourceKey, attributeId: null, kind: 'activity', occurredAt, receivedAt: NOW,
});

const rowsOf = (userId: number) => ctx.db.selectFrom('points_ledger')
  .select(['amount', 'kind', 'source_key', 'occurred_at', 'created_at', 'expires_at']).where('user_id', '=', userId).orderBy('id').execute();

const balance = (userId: number) => availableBalance(ctx.db, userId, NOW);

describe('earn', () => {
  it('pays a source key once, with the expiry a lifetime after it was earned', async () => {
    const userId = await newUser();
    const credit = earning(userId, 5, ago(3), 'video:1');
    expect(await earn(ctx.db, credit)).toBe(true);
    expect(await earn(ctx.db, { ...credit, amount: 50 })).toBe(false);
    expect(await rowsOf(userId)).toEqual([
      { amount: 5, kind: 'activity', source_key: 'video:1', occurred_at: ago(3), created_at: NOW, expires_at: creditExpiry(ago(3)) },
    ]);
  });

  it('pays once when the same achievement arrives many times at once', async () => {
    const userId = await newUser();
    const paid = await Promise.all(Array.from({ length: 8 }, () => earn(ctx.db, earning(userId, 10, NOW, 'reface:7'))));
    expect(paid.filter(Boolean)).toHaveLength(1);
    expect(await balance(userId)).toBe(10);
  });
});

describe('debit', () => {
  it('spends what the balance covers', async () => {
    const userId = await newUser();
    await earn(ctx.db, earning(userId, 100));
    await debit(ctx.db, { userId, amount: 60, concept: 'Canje: Prueba', sourceKey: 'redemption:t1', occurredAt: NOW });
    expect((await rowsOf(userId)).map((r) => [r.amount, r.kind, r.source_key])).toEqual([[100, 'activity', expect.any(String)], [-60, 'redemption', 'redemption:t1']]);
    expect(await balance(userId)).toBe(40);
  });

  it('refuses, writing nothing, when the balance does not cover it', async () => {
    const userId = await newUser();
    await earn(ctx.db, earning(userId, 30));
    await expect(debit(ctx.db, { userId, amount: 31, concept: 'Canje', sourceKey: 'redemption:t2', occurredAt: NOW })).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await rowsOf(userId)).toHaveLength(1);
    expect(await balance(userId)).toBe(30);
  });

  it('never counts lapsed credits, even before their expiry row is written', async () => {
    const userId = await newUser();
    await earn(ctx.db, earning(userId, 80, ago(366)));
    await expect(debit(ctx.db, { userId, amount: 10, concept: 'Canje', sourceKey: 'redemption:t3', occurredAt: NOW })).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect((await rowsOf(userId)).map((r) => r.kind)).toEqual(['activity']);
  });
});

describe('refund', () => {
  it('gives the debit back once per source key', async () => {
    const userId = await newUser();
    await earn(ctx.db, earning(userId, 50));
    await debit(ctx.db, { userId, amount: 50, concept: 'Canje', sourceKey: 'redemption:t4', occurredAt: NOW });
    expect(await balance(userId)).toBe(0);
    const back = { userId, amount: 50, concept: 'Devolución', sourceKey: 'refund:t4', occurredAt: NOW };
    expect(await refund(ctx.db, back)).toBe(true);
    expect(await refund(ctx.db, back)).toBe(false);
    expect(await balance(userId)).toBe(50);
    expect((await rowsOf(userId)).map((r) => r.kind)).toEqual(['activity', 'redemption', 'refund']);
  });
});

describe('lapses', () => {
  it('lockBalance writes off lapsed credits and answers what is left to spend', async () => {
    const userId = await newUser();
    await earn(ctx.db, earning(userId, 70, ago(370)));
    await earn(ctx.db, earning(userId, 20, ago(10)));
    const spendable = await ctx.db.transaction().execute((trx) => lockBalance(trx, userId, NOW));
    expect(spendable).toBe(20);
    expect((await rowsOf(userId)).filter((r) => r.kind === 'expiry').map((r) => [r.amount, r.occurred_at])).toEqual([[-70, ago(5)]]);
  });

  it('expireLapsed writes each lapse once', async () => {
    const userId = await newUser();
    await earn(ctx.db, earning(userId, 15, ago(400)));
    expect(await expireLapsed(ctx.db, userId, NOW)).toBe(15);
    expect(await expireLapsed(ctx.db, userId, NOW)).toBe(0);
    expect(await balance(userId)).toBe(0);
  });
});
