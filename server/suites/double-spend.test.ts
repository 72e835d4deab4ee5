import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentWith, imps, ordersOf, redeem } from '#test-support/server/rewards';
import { createTestApp, type TestContext } from '#test-support/server/test-app';

// Many simultaneous redemptions against a balance that covers exactly one. On PostgreSQL
// (TEST_DATABASE_URL) the requests really race over the connection pool; on PGlite they are
// serialised by its single connection, which proves the same outcome without the race.
const CONCURRENT = 60;
const ROUNDS = 12;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
});
afterAll(async () => {
  await ctx.close();
});

/** In-stock value options, cheapest first. */
async function prices() {
  const { rows } = await sql<{ id: number; valor_rings: number }>`
    SELECT v.id, v.valor_rings FROM product_values v JOIN products p ON p.id = v.product_id
    WHERE p.disponible = 1 AND p.tiene_stock > 0 ORDER BY v.valor_rings, v.id`.execute(ctx.db);
  return rows;
}

/** The user's ledger in write order, as running balances: none may ever be negative. */
async function runningBalances(userId: number): Promise<number[]> {
  const rows = await ctx.db.selectFrom('points_ledger').select('amount').where('user_id', '=', userId).orderBy('id').execute();
  let balance = 0;
  return rows.map((r) => (balance += r.amount));
}

describe(`double spend: ${CONCURRENT} concurrent redemptions × ${ROUNDS} rounds`, () => {
  it('each round ends with exactly one order and a balance that never went below zero', async () => {
    const options = await prices();
    expect(options.length).toBeGreaterThan(2);
    const summary: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Prizes priced within [p, 2p): the balance (the dearest of them) covers any one, never two.
      const base = options[round % options.length]!.valor_rings;
      const used = options.filter((o) => o.valor_rings >= base && o.valor_rings < 2 * base);
      const balance = Math.max(...used.map((o) => o.valor_rings));
      const { user, token } = await agentWith(ctx, balance);
      // Distinct keys (different taps), repeated keys (the same tap retried), different prizes.
      const answers = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => {
        const option = used[i % used.length]!;
        const key = i % 5 === 0 ? `round-${round}-retried` : `round-${round}-tap-${i}`;
        return redeem(ctx, token, { product: option.id, value: option.valor_rings }, i % 5 === 0 ? `${key}-${option.id}` : key);
      }));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.every((c) => [200, 409, 422].includes(c)), `round ${round}: ${codes.join(',')}`).toBe(true);
      const orders = await ordersOf(ctx.db, user.id);
      expect(orders, `round ${round}`).toHaveLength(1);
      const spent = orders[0]!.puntos;
      expect(await imps(ctx, token)).toBe(balance - spent);
      expect(Math.min(...(await runningBalances(user.id)))).toBeGreaterThanOrEqual(0);
      // Every 200 is the one order (a retried key replays it); every refusal says why.
      const oks = answers.filter((a) => a.statusCode === 200);
      expect(new Set(oks.map((a) => a.body)).size).toBe(1);
      for (const refused of answers.filter((a) => a.statusCode === 422)) expect(refused.json().message).toBe('Saldo insuficiente');
      summary.push(`${oks.length}×200/${codes.filter((c) => c === 422).length}×422/${codes.filter((c) => c === 409).length}×409`);
    }
    console.info(`double spend (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${ROUNDS} rounds of ${CONCURRENT}: ${summary.join(' ')}`);
  }, 300_000);
});
