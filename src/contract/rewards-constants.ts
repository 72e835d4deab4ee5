// The rewards contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/rewards re-exports them beside its schemas.
/** The rewards endpoints (paths after /api, spelled as in the spec, "cangear" included). */
export const REWARDS_PATHS = {
  products: '/cheque-motiva/products',
  redeem: '/cheque-motiva/cangear',
  orders: '/cheque-motiva/ordenes/user',
  /** Public HTML page of a coupon of the local gift-card provider (its link in an order's `url`). */
  coupon: '/cupones/:code',
} as const;

/** Redeem answers carry one of these: ok, or error with the reason in `message`. */
export const REDEEM_STATUSES = ['ok', 'error'] as const;
