// Redemption: the order and its IMPs debit are one transaction under the user's row lock, so
// two simultaneous redemptions can never spend the same IMPs. The gift-card provider is called
// after that commit (never while holding the lock); if it fails or times out the order is
// marked failed and a 'refund' row gives the IMPs back. A pending order whose request died is
// finished by a reconcile job queued in the same transaction as the order: nothing is lost.
// The order keeps the request's Idempotency-Key (unique per user): a second run of one key, even
// after a crash lost its stored answer, finds the first order and answers for it.
import type { Order, Product, RedeemBody, RedeemResponse } from '#contract/rewards';
import { canjearAction } from '#domain/profiles';
import { formatNumber } from '#domain/format';
import { sourceKeys } from '#domain/points';
import { hasRewardsAccess, isProductRedeemable } from '#domain/rewards';
import type { AppDeps } from '#server/deps';
import type { OrderRow, UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { cancelJob, enqueueJob } from '#server/jobs/runner';
import { availableBalance } from '#server/modules/points/ledger';
import { debit, lockBalance, lockUser, refund } from '#server/modules/points/movements';
import { GIFT_CARD_FAILURE_CODE, GiftCardError, issueWithTimeout, type GiftCardProvider, type IssuedGiftCard } from './gift-card-provider.ts';
import type { CouponView } from './coupon-page.ts';
import * as repo from './repository.ts';

export const NO_PERMISSION = 'No tienes permisos para acceder a esta sección.';
export const INSUFFICIENT_BALANCE = 'Saldo insuficiente';
export const PRODUCT_UNAVAILABLE = 'Producto no disponible';
export const VALUE_MISMATCH = 'El valor no corresponde a la opción elegida';
export const RECONCILE_ORDER_JOB = 'rewards-reconcile-order';
/** Well past the provider's timeout: by then the request that placed the order is over. */
const RECONCILE_AFTER_MS = 2 * 60_000;

/** A refusal the app shows in its result dialog: the body carries status and message too. */
function refusal(statusCode: number, message: string): HttpError {
  return new HttpError(statusCode, message, { status: 'error', message });
}

const imps = (n: number) => `${formatNumber(n)} IMPs`;

export function createRewardsService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, giftCards: GiftCardProvider) {
  function assertAccess(user: UserRow): void {
    if (!hasRewardsAccess(user.brand_id)) throw refusal(403, NO_PERMISSION);
  }

  /**
   * The debit and the order, or a refusal; nothing is written when it refuses. `placed` is false
   * when the key's order already existed (then nothing is written either).
   */
  async function placeOrder(user: UserRow, body: RedeemBody, key: string | null): Promise<{ order: OrderRow; placed: boolean; productCode: string | null; templateCode: string | null }> {
    return db.transaction().execute(async (trx) => {
      if (key !== null) {
        // Under the user's lock, so no other run of this key can be between this read and the insert.
        await lockUser(trx, user.id);
        const earlier = await repo.findOrderByKey(trx, user.id, key);
        if (earlier) return { order: earlier, placed: false, productCode: null, templateCode: null };
      }
      const option = await repo.findValueOption(trx, body.product);
      if (!option || option.product.disponible === 0) throw refusal(404, PRODUCT_UNAVAILABLE);
      if (body.value !== option.valorRings) throw refusal(400, VALUE_MISMATCH);
      if (!isProductRedeemable(option.product)) throw refusal(422, PRODUCT_UNAVAILABLE);

      const now = clock();
      // Lapsed IMPs are written off first (lockBalance), so they can never pay for a prize. The
      // lock comes before the order: its foreign key share-locks the user row, and locking after
      // that deadlocks concurrent redemptions on PostgreSQL (debit's own check is then a re-read).
      if ((await lockBalance(trx, user.id, now)) < option.valorRings) throw refusal(422, INSUFFICIENT_BALANCE);

      const productCode = option.product.codigo_producto_chequemotiva;
      const handDelivered = productCode === null;
      const order = await repo.insertOrder(trx, {
        userId: user.id, option, now,
        status: handDelivered ? 'issued' : 'pending',
        validityStart: handDelivered ? now : null,
        idempotencyKey: key,
      });
      await debit(trx, { userId: user.id, amount: option.valorRings, concept: `Canje: ${option.product.nombre}`, sourceKey: sourceKeys.redemption(order.id), occurredAt: now });
      if (!handDelivered) {
        await enqueueJob(trx, { kind: RECONCILE_ORDER_JOB, payload: { orderId: order.id }, runAt: new Date(now.getTime() + RECONCILE_AFTER_MS), uniqueKey: reconcileKey(order.id) });
      }
      return { order, placed: true, productCode, templateCode: option.product.codigo_plantilla_chequemotiva };
    });
  }

  /** pending → issued, or failed with the IMPs given back; one transaction either way. */
  async function settle(order: OrderRow, outcome: { card: IssuedGiftCard } | { error: GiftCardError }): Promise<OrderRow> {
    const settled = await db.transaction().execute(async (trx) => {
      const now = clock();
      if ('card' in outcome) {
        const issued = await repo.markIssued(trx, order.id, outcome.card, now);
        if (issued) await cancelJob(trx, reconcileKey(order.id));
        return issued;
      }
      // The lock keeps a concurrent expiry run from reading the ledger between failing and refunding.
      await lockUser(trx, order.user_id);
      const failed = await repo.markFailed(trx, order.id, { code: outcome.error.code, message: outcome.error.message }, now);
      if (!failed) return undefined;
      await refund(trx, { userId: order.user_id, amount: order.puntos, concept: `Devolución: ${order.nombre_producto} (no se pudo emitir)`, sourceKey: sourceKeys.refund(order.id), occurredAt: now });
      await cancelJob(trx, reconcileKey(order.id));
      return failed;
    });
    // Someone else settled it first (the reconcile job, or the request): report what they decided.
    return settled ?? (await repo.findOrder(db, order.id)) ?? order;
  }

  /** Asks the provider for the order's card and settles the order with the answer. */
  async function issue(order: OrderRow, productCode: string, templateCode: string | null): Promise<OrderRow> {
    try {
      const card = await issueWithTimeout(giftCards, { orderId: order.id, productCode, templateCode, value: order.valor_chequemotiva });
      return await settle(order, { card });
    } catch (error) {
      if (!(error instanceof GiftCardError)) throw error;
      return settle(order, { error });
    }
  }

  return {
    assertAccess,

    async products(user: UserRow): Promise<Product[]> {
      assertAccess(user);
      return repo.listProducts(db);
    },

    async orders(user: UserRow): Promise<{ ordenes: Order[]; puntos: number }> {
      assertAccess(user);
      const [ordenes, puntos] = await Promise.all([repo.listOrders(db, user.id), availableBalance(db, user.id, clock())]);
      return { ordenes, puntos };
    },

    /** `key`: the request's Idempotency-Key, if any (one order per key). */
    async redeem(user: UserRow, body: RedeemBody, key: string | null = null): Promise<RedeemResponse> {
      assertAccess(user);
      // Spending is the header's "Canjear", which only brand-2 agents have (supervisors and LATAM see no balance).
      if (canjearAction({ perfil: user.perfil, marca_id: user.brand_id }) !== 'catalogue') throw refusal(403, NO_PERMISSION);
      const { order, placed, productCode, templateCode } = await placeOrder(user, body, key);
      // The key's order was placed before (its run ended without a stored answer): say what became of it.
      if (!placed) return answerFor(order);
      if (productCode === null) return answerFor(order);
      let final: OrderRow;
      try {
        final = await issue(order, productCode, templateCode);
      } catch {
        // The debit is committed and the reconcile job is queued: never answer 5xx here, or a
        // retry with the same key would place a second order.
        return { status: 'ok', message: 'Tu canje se está procesando. Lo verás en Mis Premios en unos minutos.' };
      }
      return answerFor(final);
    },

    /** The reconcile job: finishes an order still pending (its request died mid-way). */
    async reconcile(orderId: number): Promise<void> {
      const order = await repo.findOrder(db, orderId);
      if (!order || order.status !== 'pending') return;
      const product = await db.selectFrom('products').select(['codigo_producto_chequemotiva', 'codigo_plantilla_chequemotiva']).where('id', '=', order.premio_id).executeTakeFirstOrThrow();
      if (product.codigo_producto_chequemotiva === null) {
        await settle(order, { error: new GiftCardError('El premio ya no se emite por el proveedor', GIFT_CARD_FAILURE_CODE) });
        return;
      }
      await issue(order, product.codigo_producto_chequemotiva, product.codigo_plantilla_chequemotiva);
    },

    /** What the public coupon page shows for an issued order's code. */
    async coupon(code: string): Promise<CouponView | undefined> {
      const order = await repo.findIssuedByCode(db, code);
      if (!order?.code) return undefined;
      const product = await db.selectFrom('products').select(['imagen', 'condiciones']).where('id', '=', order.premio_id).executeTakeFirstOrThrow();
      return {
        code: order.code, productName: order.nombre_producto, image: product.imagen, puntos: order.puntos,
        faceValue: order.valor_chequemotiva, conditions: product.condiciones,
        validityStart: order.validity_start, validityEnd: order.validity_end,
      };
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;

export function reconcileKey(orderId: number): string {
  return `${RECONCILE_ORDER_JOB}:${orderId}`;
}

function answerFor(order: OrderRow): RedeemResponse {
  // Hand-delivered: issued at once, with no coupon from the provider.
  if (order.status === 'issued' && order.code === null) {
    return { status: 'ok', message: `Has canjeado ${order.nombre_producto} por ${imps(order.puntos)}. Tu responsable será el encargado de entregarte la tarjeta.` };
  }
  if (order.status === 'issued') {
    return { status: 'ok', message: `Has canjeado ${order.nombre_producto} por ${imps(order.puntos)}. Tienes tu cupón en Mis Premios.` };
  }
  if (order.status === 'failed') {
    return { status: 'error', message: `${order.error_message ?? 'No se pudo emitir la tarjeta'}. Te hemos devuelto los ${imps(order.puntos)}: no has perdido nada.` };
  }
  return { status: 'ok', message: 'Tu canje se está procesando. Lo verás en Mis Premios en unos minutos.' };
}

