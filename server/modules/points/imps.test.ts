import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impsResponseSchema } from '#contract/points';
import { loadHistory } from './movements.ts';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
});
afterAll(async () => {
  await ctx.close();
});

async function imps(email: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(await ctx.signIn(email)) });
  expect(res.statusCode).toBe(200);
  return impsResponseSchema.parse(res.json());
}

async function ledgerSum(email: string): Promise<number> {
  const { rows } = await sql<{ total: number }>`
    SELECT coalesce(sum(l.amount), 0)::int AS total FROM points_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = ${email}`.execute(ctx.db);
  return rows[0]?.total ?? 0;
}

describe('GET /api/imps', () => {
  it('is the sum of the ledger: Ana has solid points', async () => {
    const result = await imps('ana@impecable.demo');
    expect(result.imps).toBe(await ledgerSum('ana@impecable.demo'));
    expect(result.imps).toBeGreaterThan(100);
    expect(result.puntos_ring_ring).toBe(0);
  });

  it('adds Ring Ring points for Bruno (brand 1)', async () => {
    const result = await imps('bruno@impecable.demo');
    expect(result).toEqual({ imps: await ledgerSum('bruno@impecable.demo'), puntos_ring_ring: 1250 });
  });

  it('is 0 for a user without activity and for supervisors', async () => {
    expect(await imps('nuevo@impecable.demo')).toEqual({ imps: 0, puntos_ring_ring: 0 });
    expect(await imps('interno@impecable.demo')).toEqual({ imps: 0, puntos_ring_ring: 0 });
  });

  it('counts debits and refunds: the balance is the signed sum', async () => {
    const user = await ctx.db.selectFrom('users').select('id').where('email', '=', 'nuevo@impecable.demo').executeTakeFirstOrThrow();
    const at = ctx.clock.now();
    await loadHistory(ctx.db, [
      { user_id: user.id, amount: 300, concept: 'Premio', source_key: 'prize:2:plataforma:1', attribute_id: 2, kind: 'prize', occurred_at: at },
      { user_id: user.id, amount: -120, concept: 'Canje', source_key: 'order:1', attribute_id: null, kind: 'redemption', occurred_at: at },
      { user_id: user.id, amount: 120, concept: 'Devolución', source_key: 'refund:1', attribute_id: null, kind: 'refund', occurred_at: at },
      { user_id: user.id, amount: -50, concept: 'Caducidad', source_key: 'expiry:1', attribute_id: null, kind: 'expiry', occurred_at: at },
    ]);
    expect((await imps('nuevo@impecable.demo')).imps).toBe(250);
  });

  it('never pays the same source key twice', async () => {
    const user = await ctx.db.selectFrom('users').select('id').where('email', '=', 'nuevo@impecable.demo').executeTakeFirstOrThrow();
    const row = { user_id: user.id, amount: 5, concept: 'Vídeo', source_key: 'video:999', attribute_id: 1, kind: 'activity' as const, occurred_at: ctx.clock.now() };
    await ctx.db.insertInto('points_ledger').values(row).execute();
    await expect(ctx.db.insertInto('points_ledger').values(row).execute()).rejects.toThrow(/duplicate key/);
  });
});
