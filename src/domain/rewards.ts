// Rewards rules (spec 2 "/premios", 5 "Validation rules", 6): who has the catalogue, when a
// prize can be redeemed, which value options the balance reaches, and the sign of a history
// movement. Pure and shared: the server refuses what the app disables, by the same rules.
// Never reads the balance itself: callers pass the figure they trust.
import type { Product, ValueOption } from '#contract/rewards';
import type { SessionUser } from '#contract/session';
import { formatNumber } from './format';
import { takesPart } from './profiles';

/** Spec 6: the catalogue, own orders and the IMPs history are for brand id 2 only. */
export const REWARDS_BRAND_ID = 2;

/** Spec 9: a coupon is valid for up to one year from its issue. */
export const COUPON_VALIDITY_DAYS = 365;

export function hasRewardsAccess(brandId: number): boolean {
  return brandId === REWARDS_BRAND_ID;
}

/**
 * Whether /premios opens on its grid of prizes for `user`: an agent of the brand with the
 * catalogue, as themselves and online (staff, impersonation and offline put a notice above it,
 * as the catalogue screen shows). The first paint draws the first prize only then.
 */
export function catalogueOpensOnPrizes(user: Pick<SessionUser, 'perfil' | 'marca_id'>, impersonating: boolean, online: boolean): boolean {
  return takesPart(user) && hasRewardsAccess(user.marca_id) && !impersonating && online;
}

/** Listed and in stock: `disponible` and `tiene_stock` are 0/1 flags. */
export function isProductRedeemable(product: Pick<Product, 'disponible' | 'tiene_stock'>): boolean {
  return product.disponible > 0 && product.tiene_stock > 0;
}

/** Spec 5: an option costing more than the user's IMPs is disabled. */
export function isOptionAffordable(option: Pick<ValueOption, 'valor_rings'>, balance: number): boolean {
  return option.valor_rings <= balance;
}

/** Spec 5: "Canjear" is disabled when the balance is below the first option (or nothing can be redeemed). */
export function canRedeemProduct(product: Pick<Product, 'disponible' | 'tiene_stock' | 'valores'>, balance: number): boolean {
  const first = product.valores[0];
  return first !== undefined && isProductRedeemable(product) && isOptionAffordable(first, balance);
}

/** Spec 5: the selector shows only with more than one option. */
export function needsValueSelector(product: Pick<Product, 'valores'>): boolean {
  return product.valores.length > 1;
}

/**
 * "5 €" or "8,50 €" for a face value as the provider spells it ("8.50"); null when there is none.
 * Money, unlike IMPs: whole euros without decimals, else two. Written out on formatNumber, as
 * Intl's es-ES euros would write it (rewards.test.ts compares them): the catalogue's first
 * cards show it, and a page's first Intl object costs ~20 ms on a phone (src/domain/format.ts).
 */
export function formatFaceValue(valorChequemotiva: string | null): string | null {
  const face = valorChequemotiva === null || valorChequemotiva.trim() === '' ? Number.NaN : Number(valorChequemotiva);
  if (!Number.isFinite(face)) return null;
  const text = formatNumber(face);
  if (Number.isInteger(face)) return `${text}\u00a0€`;
  // formatNumber rounds to cents and drops their trailing zeros: put them back.
  const comma = text.indexOf(',');
  return `${comma < 0 ? `${text},00` : text.padEnd(comma + 3, '0')}\u00a0€`;
}

/** Spec 2 "/mis-ingresos": + for `sumar`, - for anything else. */
export function movementSign(operacion: string): '+' | '-' {
  return operacion === 'sumar' ? '+' : '-';
}

/** The history's `operacion` for a ledger amount. */
export function operacionOf(amount: number): 'sumar' | 'restar' {
  return amount > 0 ? 'sumar' : 'restar';
}
