import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceKeys } from '#domain/points';
import { expireLapsedCredits } from '#server/jobs/points-expiry';
import { createRng } from '#server/seed/prng';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { availableBalance, ledgerState } from './ledger.ts';
import { debit, earn, expireLapsed, InsufficientBalanceError, lockBalance, refund } from './movements.ts';

// The balance kept beside the ledger (user_balances) against the ledger itself: after any
// sequence of earns, debits, refunds and expiries, the stored balance is SUM(ledger) for every
// user, and what it answers as spendable is what the FIFO rule over the rows answers, now and
// at later instants with no write in between (a lapse the stored figure did not see coming
// would show there).

const DAY = 86_400_000;
const START = new Date('2024-01-10T09:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ now: START });
});
afterAll(async () => {
  await ctx.close();
});

async function newUsers(prefix: string, count: number): Promise<number[]> {
  const rows = await ctx.db.insertInto('users')
    .values(Array.from({ length: count }, (_, i) => ({ email: `${prefix}-${i}@impecable.demo`, name: `Saldo ${i}`, nick_name: `${prefix}${i}`, brand_id: 2 })))
    .returning('id').execute();
  return rows.map((r) => r.id);
}

/** Stored balance and ledger sum per user (users with no row at all: both 0). */
async function storedAndSummed(userIds: readonly number[]) {
  const { rows } = await sql<{ user_id: number; stored: number; summed: number }>`
    SELECT u.id AS user_id, coalesce(b.balance, 0)::int AS stored,
           coalesce((SELECT sum(l.amount) FROM points_ledger l WHERE l.user_id = u.id), 0)::int AS summed
    FROM users u LEFT JOIN user_balances b ON b.user_id = u.id
    WHERE u.id IN (${sql.join(userIds)}) ORDER BY u.id`.execute(ctx.db);
  return rows;
}

async function expectAgreement(userIds: readonly number[], now: Date): Promise<void> {
  for (const row of await storedAndSummed(userIds)) expect(row.stored, `user ${row.user_id}`).toBe(row.summed);
  for (const userId of userIds) {
    for (const later of [0, 30, 200, 400]) {
      const at = new Date(now.getTime() + later * DAY);
      expect(await availableBalance(ctx.db, userId, at), `user ${userId} at +${later} days`).toBe((await ledgerState(ctx.db, userId, at)).available);
    }
  }
}

describe('the balance beside the ledger', () => {
  it('equals SUM(ledger) and the FIFO rule after a random sequence of earns, debits, refunds and expiries', async () => {
    const users = await newUsers('azar', 5);
    const rng = createRng(17);
    const redemptions: { userId: number; orderId: string; amount: number }[] = [];
    let now = START;
    let serial = 0;
    for (let step = 1; step <= 160; step++) {
      now = new Date(now.getTime() + rng.int(0, 12) * DAY + rng.int(0, 3_600_000));
      const userId = rng.pick(users);
      const roll = rng.next();
      serial += 1;
      if (roll < 0.45) {
        // Some credits arrive late (an offline device): earned days before they are written.
        const occurredAt = new Date(now.getTime() - (rng.chance(0.3) ? rng.int(1, 40) : 0) * DAY);
        await earn(ctx.db, { userId, amount: rng.int(1, 60), concept: 'Prueba', sourceKey: `azar:${serial}`, attributeId: null, kind: 'activity', occurredAt, receivedAt: now });
      } else if (roll < 0.7) {
        const orderId = `azar-${serial}`;
        const amount = rng.int(1, 90);
        // As a redemption does: lapses written off under the lock, then the debit, one transaction.
        const spent = await ctx.db.transaction().execute(async (trx) => {
          if ((await lockBalance(trx, userId, now)) < amount) return false;
          await debit(trx, { userId, amount, concept: 'Canje', sourceKey: sourceKeys.redemption(orderId), occurredAt: now });
          return true;
        });
        if (spent) redemptions.push({ userId, orderId, amount });
      } else if (roll < 0.8) {
        const amount = rng.int(1, 90);
        await debit(ctx.db, { userId, amount, concept: 'Canje', sourceKey: sourceKeys.redemption(`bare-${serial}`), occurredAt: now })
          .catch((error: unknown) => expect(error).toBeInstanceOf(InsufficientBalanceError));
      } else if (roll < 0.88 && redemptions.length > 0) {
        const order = rng.pick(redemptions);
        await refund(ctx.db, { userId: order.userId, amount: order.amount, concept: 'Devolución', sourceKey: sourceKeys.refund(order.orderId), occurredAt: now });
      } else if (roll < 0.94) {
        await expireLapsed(ctx.db, userId, now);
      } else {
        await expireLapsedCredits(ctx.db, now);
      }
      if (step % 20 === 0) await expectAgreement(users, now);
    }
    // The sequence did reach every kind of row, lapses included.
    const { rows } = await sql<{ kind: string }>`SELECT DISTINCT kind FROM points_ledger WHERE user_id IN (${sql.join(users)}) ORDER BY kind`.execute(ctx.db);
    expect(rows.map((r) => r.kind)).toEqual(['activity', 'expiry', 'redemption', 'refund']);
  });

  it('a refund that lands after its credits lapsed gives back nothing to spend', async () => {
    const [userId = 0] = await newUsers('tarde', 1);
    const at = (days: number) => new Date(START.getTime() + days * DAY);
    await earn(ctx.db, { userId, amount: 100, concept: 'Vídeo', sourceKey: 'tarde:1', attributeId: null, kind: 'activity', occurredAt: at(0), receivedAt: at(0) });
    await debit(ctx.db, { userId, amount: 100, concept: 'Canje', sourceKey: sourceKeys.redemption('tarde'), occurredAt: at(10) });
    // Fully spent when it expires: nothing to write off, the check moves past it.
    expect(await expireLapsed(ctx.db, userId, at(370))).toBe(0);
    await refund(ctx.db, { userId, amount: 100, concept: 'Devolución', sourceKey: sourceKeys.refund('tarde'), occurredAt: at(371) });
    // The refund gives the IMPs back to the credit they came from, which lapsed at day 365.
    expect(await availableBalance(ctx.db, userId, at(371))).toBe(0);
    await expectAgreement([userId], at(371));
  });

  it('stays SUM(ledger) when one user earns, spends and lapses at the same moment', async () => {
    const [userId = 0] = await newUsers('carrera', 1);
    const now = new Date(START.getTime() + 500 * DAY);
    await earn(ctx.db, { userId, amount: 100, concept: 'Antiguo', sourceKey: 'carrera:old', attributeId: null, kind: 'activity', occurredAt: new Date(now.getTime() - 370 * DAY), receivedAt: now });
    await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => earn(ctx.db, { userId, amount: 5, concept: 'Nuevo', sourceKey: `carrera:${i}`, attributeId: null, kind: 'activity', occurredAt: now, receivedAt: now })),
      ...Array.from({ length: 4 }, () => expireLapsed(ctx.db, userId, now)),
      ...Array.from({ length: 4 }, (_, i) => debit(ctx.db, { userId, amount: 20, concept: 'Canje', sourceKey: sourceKeys.redemption(`carrera-${i}`), occurredAt: now }).catch(() => undefined)),
    ]);
    await expectAgreement([userId], now);
    expect(await availableBalance(ctx.db, userId, now)).toBeGreaterThanOrEqual(0);
  });
});
