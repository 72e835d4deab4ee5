import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, JobRunner } from '#server/jobs/runner';
import { loadHistory } from '#server/modules/points/movements';
import { agentWith, imps, ledgerOf, optionOf, ordersOf } from '#test-support/server/rewards';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { LocalGiftCardProvider, type GiftCardProvider } from './gift-card-provider';
import { RECONCILE_ORDER_JOB, reconcileOrderHandler } from './jobs';
import { createRewardsService } from './service';

const NOW = new Date('2025-06-20T10:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

/** What a request leaves behind when it dies after the debit's commit: a pending order, its debit and its job. */
async function strandedOrder(imps: number) {
  const agent = await agentWith(ctx, imps);
  const option = await optionOf(ctx.db, 'Tarjeta regalo Mercado Verde');
  const product = await ctx.db.selectFrom('products').select('nombre').where('id', '=', option.product_id).executeTakeFirstOrThrow();
  const order = await ctx.db.insertInto('orders').values({
    user_id: agent.user.id, premio_id: option.product_id, value_id: option.id, nombre_producto: product.nombre, puntos: option.valor_rings,
    valor_chequemotiva: '20.00', status: 'pending', created_at: NOW, updated_at: NOW,
  }).returning('id').executeTakeFirstOrThrow();
  await loadHistory(ctx.db, [{
    user_id: agent.user.id, amount: -option.valor_rings, concept: 'Canje', source_key: `redemption:${order.id}`, attribute_id: null, kind: 'redemption', occurred_at: NOW,
  }]);
  await enqueueJob(ctx.db, { kind: RECONCILE_ORDER_JOB, payload: { orderId: order.id }, runAt: NOW, uniqueKey: `${RECONCILE_ORDER_JOB}:${order.id}` });
  return { ...agent, orderId: order.id, cost: option.valor_rings };
}

function runner(giftCards: GiftCardProvider) {
  return new JobRunner(ctx.db, { handlers: { [RECONCILE_ORDER_JOB]: reconcileOrderHandler({ db: ctx.db, clock: ctx.clock.now }, giftCards) }, clock: ctx.clock.now });
}

describe('reconcile job of a stranded order', () => {
  it('issues the card when the provider answers', async () => {
    const stranded = await strandedOrder(400);
    expect(await runner(new LocalGiftCardProvider({ clock: ctx.clock.now })).runOnce()).toBe(1);
    expect((await ordersOf(ctx.db, stranded.user.id))[0]).toMatchObject({ status: 'issued', url: expect.stringMatching(/^\/api\/cupones\//) });
    expect(await imps(ctx, stranded.token)).toBe(400 - stranded.cost);
  });

  it('fails and refunds once when the provider refuses; running again changes nothing', async () => {
    const stranded = await strandedOrder(400);
    const failing = new LocalGiftCardProvider({ mode: 'fail' });
    expect(await runner(failing).runOnce()).toBe(1);
    await createRewardsService({ db: ctx.db, clock: ctx.clock.now }, failing).reconcile(stranded.orderId);
    expect((await ordersOf(ctx.db, stranded.user.id))[0]).toMatchObject({ status: 'failed', error: 502 });
    expect((await ledgerOf(ctx.db, stranded.user.id)).filter((r) => r.kind === 'refund')).toEqual([
      { amount: stranded.cost, kind: 'refund', source_key: `refund:${stranded.orderId}` },
    ]);
    expect(await imps(ctx, stranded.token)).toBe(400);
  });
});
