// Brand-2 rewards (paths as in the spec, "cangear" included): the catalogue, redeeming a value
// option, the user's orders, and the public coupon page of the local gift-card provider.
// Redeeming is idempotent (Idempotency-Key) and refused to impersonation sessions
// (`earnsPoints`: a supervisor browsing as an agent must never spend the agent's IMPs).
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { ordersResponseSchema, productsResponseSchema, redeemBodySchema, redeemResponseSchema, REWARDS_PATHS } from '#contract/rewards';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { couponNotFoundPage, couponPage } from './coupon-page.ts';
import type { GiftCardProvider } from './gift-card-provider.ts';
import { createRewardsService } from './service.ts';

const couponParams = z.object({ code: z.string().check(z.minLength(1), z.maxLength(64)) });

export async function rewardsRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock'> & { giftCards: GiftCardProvider }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rewards = createRewardsService(deps, deps.giftCards);

  api.get(REWARDS_PATHS.products, { schema: { response: replies(productsResponseSchema) } }, async (request) => ({
    status: 'ok',
    message: 'Catálogo de premios',
    data: await rewards.products(currentUser(request)),
  }));

  api.post(REWARDS_PATHS.redeem, {
    config: { idempotent: true, earnsPoints: true },
    schema: { body: redeemBodySchema, response: replies(redeemResponseSchema) },
  }, async (request) => rewards.redeem(currentUser(request), request.body, request.idempotency?.key ?? null));

  api.get(REWARDS_PATHS.orders, { schema: { response: replies(ordersResponseSchema) } }, async (request) => ({
    status: 'ok',
    message: 'Órdenes del usuario',
    data: await rewards.orders(currentUser(request)),
  }));

  // Public: the link opens in a new tab without the app's bearer token; the code is the key.
  // An HTML page, found or not: no JSON body, so no response schema.
  api.get(REWARDS_PATHS.coupon, { config: { auth: 'public' }, schema: { params: couponParams } }, async (request, reply) => {
    const view = await rewards.coupon(request.params.code);
    reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store');
    if (!view) return reply.code(404).send(couponNotFoundPage());
    return reply.send(couponPage(view));
  });
}
