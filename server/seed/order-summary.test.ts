import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_SUMMARY_PAGE_SIZE } from '#domain/order-summary';
import type { Database } from '#server/db/schema';
import { openTestDatabase } from '#test-support/server/test-app';
import { seedDemo, seedMinimal } from './index';

const NOW = new Date('2025-06-20T10:00:00Z');
let db: Kysely<Database>;

beforeAll(async () => {
  db = await openTestDatabase();
  await seedDemo(db, NOW);
});
afterAll(async () => {
  await db.destroy();
});

describe('demo orders for the LATAM order summary', () => {
  it('fill more than three pages, bought by brand-2 agents, before now', async () => {
    const orders = await db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id')
      .select(['orders.id', 'orders.created_at', 'users.brand_id', 'users.perfil']).execute();
    expect(orders.length).toBeGreaterThan(3 * ORDER_SUMMARY_PAGE_SIZE);
    expect(orders.every((o) => o.brand_id === 2 && o.perfil === '' && o.created_at <= NOW)).toBe(true);
  });

  it('each paid with a redemption row, and no balance ever goes below zero', async () => {
    const { rows: unpaid } = await sql<{ id: number }>`
      SELECT o.id FROM orders o LEFT JOIN points_ledger l ON l.source_key = 'redemption:' || o.id AND l.amount = -o.puntos
      WHERE l.id IS NULL`.execute(db);
    expect(unpaid).toEqual([]);
    const { rows: negative } = await sql<{ user_id: number }>`
      SELECT user_id FROM (
        SELECT user_id, sum(amount) OVER (PARTITION BY user_id ORDER BY occurred_at, id) AS running FROM points_ledger
      ) t WHERE running < 0 LIMIT 1`.execute(db);
    expect(negative).toEqual([]);
  });

  it('adds nothing to the minimal seed (tests keep Ana\'s two orders only)', async () => {
    const minimal = await openTestDatabase();
    try {
      await seedMinimal(minimal, NOW);
      expect(await minimal.selectFrom('orders').select('id').execute()).toHaveLength(2);
    } finally {
      await minimal.destroy();
    }
  });
});
