// The points contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/points re-exports them beside its schemas.
export const POINTS_PATHS = {
  balance: '/imps',
  history: '/listado-imps',
  /** Issue 39: what lapses next, per batch (the unspent part of each by FIFO). */
  lapses: '/imps/caducidades',
} as const;
