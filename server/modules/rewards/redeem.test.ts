import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redeemResponseSchema } from '#contract/rewards';
import { agentWith, imps, ledgerOf, optionOf, ordersOf, redeem, tokenFor, userByEmail } from '#test-support/server/rewards';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { LocalGiftCardProvider } from './gift-card-provider';

let ctx: TestContext;
const NOW = new Date('2025-06-20T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /api/cheque-motiva/cangear', () => {
  it('debits the value, issues a coupon with a year of validity and serves its page', async () => {
    const { user, token } = await agentWith(ctx, 500);
    const option = await optionOf(ctx.db, 'Tarjeta regalo Librería Alba', 1);
    const res = await redeem(ctx, token, { product: option.id, value: option.valor_rings }, 'k-ok');
    expect(res.statusCode).toBe(200);
    const body = redeemResponseSchema.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.message).toContain('Tarjeta regalo Librería Alba');
    expect(await imps(ctx, token)).toBe(0);

    const [order] = await ordersOf(ctx.db, user.id);
    expect(order).toMatchObject({ status: 'issued', puntos: 500, valor_chequemotiva: '25.00', error: null });
    expect(order?.url).toMatch(/^\/api\/cupones\/IMP-[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(order?.validity_start?.toISOString()).toBe(NOW.toISOString());
    expect(order?.validity_end?.toISOString()).toBe('2026-06-20T10:00:00.000Z');
    expect(await ledgerOf(ctx.db, user.id)).toEqual([
      { amount: 500, kind: 'prize', source_key: `test-credit:${user.id}` },
      { amount: -500, kind: 'redemption', source_key: `redemption:${order?.id}` },
    ]);

    const page = await ctx.app.inject({ method: 'GET', url: order?.url ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(order?.code);
    expect(page.body).toContain('20/06/2026');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cupones/IMP-NO-EXISTE' })).statusCode).toBe(404);
  });

  it('hand-delivered prizes have no coupon link and no expiry', async () => {
    const { user, token } = await agentWith(ctx, 100);
    const option = await optionOf(ctx.db, 'Botella térmica +impecable');
    const body = (await redeem(ctx, token, { product: option.id, value: option.valor_rings })).json();
    expect(body).toEqual({ status: 'ok', message: expect.stringContaining('Tu responsable será el encargado de entregarte la tarjeta') });
    expect((await ordersOf(ctx.db, user.id))[0]).toMatchObject({ status: 'issued', url: null, validity_end: null });
    expect(await imps(ctx, token)).toBe(40);
  });

  it('refuses a value that is not the option\'s price (400), unknown and sold-out prizes, and a short balance', async () => {
    const { user, token } = await agentWith(ctx, 150);
    const option = await optionOf(ctx.db, 'Tarjeta regalo Café Brisa', 1);
    const mismatch = await redeem(ctx, token, { product: option.id, value: 100 });
    expect([mismatch.statusCode, mismatch.json().status]).toEqual([400, 'error']);
    const unknown = await redeem(ctx, token, { product: 999_999, value: 100 });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { success: false, error: 'Producto no disponible', status: 'error', message: 'Producto no disponible' }]);
    const soldOut = await optionOf(ctx.db, 'Lector de libros electrónicos Lumo');
    expect((await redeem(ctx, token, { product: soldOut.id, value: soldOut.valor_rings })).json().message).toBe('Producto no disponible');
    const short = await redeem(ctx, token, { product: option.id, value: option.valor_rings });
    expect([short.statusCode, short.json().message]).toEqual([422, 'Saldo insuficiente']);
    expect(await ordersOf(ctx.db, user.id)).toEqual([]);
    expect(await imps(ctx, token)).toBe(150);
  });

  it('is for brand 2 only, and never for an impersonation session', async () => {
    const bruno = await userByEmail(ctx.db, 'bruno@impecable.demo');
    const option = await optionOf(ctx.db, 'Tarjeta regalo Café Brisa');
    const refused = await redeem(ctx, await tokenFor(ctx, bruno), { product: option.id, value: option.valor_rings });
    expect([refused.statusCode, refused.json().error]).toEqual([403, 'No tienes permisos para acceder a esta sección.']);

    const { user } = await agentWith(ctx, 500);
    const admin = await userByEmail(ctx.db, 'admin@impecable.demo');
    const impersonated = await redeem(ctx, await tokenFor(ctx, user, admin.id), { product: option.id, value: option.valor_rings });
    expect(impersonated.statusCode).toBe(403);
    expect(await ordersOf(ctx.db, user.id)).toEqual([]);
  });

  it('replays a repeated Idempotency-Key: same answer, one order, one debit', async () => {
    const { user, token } = await agentWith(ctx, 1000);
    const option = await optionOf(ctx.db, 'Cine Estrella: entradas 2D', 1);
    const first = await redeem(ctx, token, { product: option.id, value: option.valor_rings }, 'k-replay');
    const second = await redeem(ctx, token, { product: option.id, value: option.valor_rings }, 'k-replay');
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(ctx.db, user.id)).toHaveLength(1);
    expect(await imps(ctx, token)).toBe(1000 - option.valor_rings);
  });

  it('30 simultaneous redemptions against a balance that covers one: exactly one order', async () => {
    const option = await optionOf(ctx.db, 'Tarjeta regalo Café Brisa');
    const { user, token } = await agentWith(ctx, option.valor_rings);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) =>
      redeem(ctx, token, { product: option.id, value: option.valor_rings }, `race-${i}`)));
    const elapsed = performance.now() - started;
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(29);
    expect(answers.filter((a) => a.json().message === 'Saldo insuficiente')).toHaveLength(29);
    expect(await ordersOf(ctx.db, user.id)).toHaveLength(1);
    expect(await imps(ctx, token)).toBe(0);
    console.info(`30-way race: 1 ok, 29 refused in ${elapsed.toFixed(0)} ms`);
  });
});

describe('when the gift-card provider fails', () => {
  it.each([
    ['refuses', new LocalGiftCardProvider({ mode: 'fail' }), 502, 'El proveedor ha rechazado la tarjeta'],
    ['does not answer in time', new LocalGiftCardProvider({ mode: 'hang', timeoutMs: 50 }), 504, 'El proveedor no ha respondido a tiempo'],
  ])('%s: the order fails, a refund row gives the IMPs back', async (_name, giftCards, code, reason) => {
    const failing = await createTestApp({ now: NOW, giftCards });
    try {
      const { user, token } = await agentWith(failing, 300);
      const option = await optionOf(failing.db, 'Cena en Pizza Nostra');
      const res = await redeem(failing, token, { product: option.id, value: option.valor_rings }, 'k-fail');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'error', message: `${reason}. Te hemos devuelto los 300 IMPs: no has perdido nada.` });
      const [order] = await ordersOf(failing.db, user.id);
      expect(order).toMatchObject({ status: 'failed', error: code, url: null });
      expect((await ledgerOf(failing.db, user.id)).map((r) => [r.amount, r.kind, r.source_key])).toEqual([
        [300, 'prize', `test-credit:${user.id}`], [-300, 'redemption', `redemption:${order?.id}`], [300, 'refund', `refund:${order?.id}`],
      ]);
      expect(await imps(failing, token)).toBe(300);
      expect(await failing.db.selectFrom('jobs').select('id').where('unique_key', '=', `rewards-reconcile-order:${order?.id}`).execute()).toEqual([]);
      const replay = await redeem(failing, token, { product: option.id, value: option.valor_rings }, 'k-fail');
      expect(replay.body).toBe(res.body);
    } finally {
      await failing.close();
    }
  });
});
