import * as z from 'zod/mini';
import { REDEEM_STATUSES } from './rewards-constants';

export * from './rewards-constants';

/** A value option of a prize: what it costs in IMPs and, for gift cards, its face value. */
export const valueOptionSchema = z.object({
  id: z.int(),
  valor_rings: z.int().check(z.positive()),
  /** Face value as the provider spells it ("25.00"), null when the prize is not a card. */
  valor_chequemotiva: z.nullable(z.string()),
});
export type ValueOption = z.infer<typeof valueOptionSchema>;

/** A prize of the brand-2 catalogue (spec section 3). The same for every user: no personal data. */
export const productSchema = z.object({
  id: z.int(),
  /** Image URL; the app shows a placeholder when it does not load. */
  imagen: z.string(),
  nombre: z.string(),
  descripcion: z.nullable(z.string()),
  condiciones: z.nullable(z.string()),
  /** Gift-card provider codes; null for prizes the user's manager hands over. */
  codigo_producto_chequemotiva: z.nullable(z.string()),
  codigo_plantilla_chequemotiva: z.nullable(z.string()),
  tiene_stock: z._default(z.int(), 0),
  disponible: z._default(z.int(), 0),
  valores: z.array(valueOptionSchema),
  valor_rings: z.nullable(z.int()),
  valor_chequemotiva: z.nullable(z.string()),
});
export type Product = z.infer<typeof productSchema>;

/** GET cheque-motiva/products */
export const productsResponseSchema = z.object({
  status: z.string(),
  message: z.string(),
  data: z.array(productSchema),
});

/** POST cheque-motiva/cangear: `product` is a value option id, `value` its valor_rings. */
export const redeemBodySchema = z.object({
  // Database integers: a larger id or price can match nothing.
  product: z.int().check(z.positive(), z.maximum(2_147_483_647)),
  value: z.int().check(z.positive(), z.maximum(2_147_483_647)),
});
export type RedeemBody = z.infer<typeof redeemBodySchema>;

export const redeemResponseSchema = z.object({
  status: z.enum(REDEEM_STATUSES),
  message: z.string(),
});
export type RedeemResponse = z.infer<typeof redeemResponseSchema>;

/**
 * A prize order (spec section 3). `cantidad` and `puntos` are strings, as the spec has them;
 * `url` is the coupon link (null when the manager hands the prize over); `error` is set when
 * the provider could not issue the card (the IMPs were given back).
 */
export const orderSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  premio_id: z.int(),
  id_api: z.nullable(z.string()),
  nombre_producto: z.string(),
  cantidad: z.string(),
  puntos: z.string(),
  url: z.nullable(z.string()),
  error: z.nullable(z.int()),
  validity_start: z.nullable(z.string()),
  validity_end: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  product: productSchema,
});
export type Order = z.infer<typeof orderSchema>;

/** GET cheque-motiva/ordenes/user: the user's orders, newest first, and the IMPs balance. */
export const ordersResponseSchema = z.object({
  status: z.string(),
  message: z.string(),
  data: z.object({
    ordenes: z.array(orderSchema),
    puntos: z.int(),
  }),
});
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

/**
 * A failed redeem's body as spec 8 reads it: its status and message (or error), each optional;
 * anything else reads as an empty body.
 */
export const redeemErrorBodySchema = z.catch(
  z.object({
    status: z.optional(z.string()),
    message: z.optional(z.string()),
    error: z.optional(z.string()),
  }),
  {},
);
