// The Premios contract's plain values (paths): no zod, so the app can import them without the
// validation library. #contract/programme-prizes re-exports them beside its schemas.
/** Prize tiers as data, by the month they apply from (admin only; paths after /api). */
export const PROGRAMME_PRIZES_PATHS = {
  /** GET the rows and, for each calendar month, which row applies and whether it is paid. */
  list: '/programa/premios',
  /** PUT creates or replaces the row of :mes ('YYYY-MM'); DELETE removes it. */
  month: '/programa/premios/:mes',
} as const;

/** A calendar month's prizes: still open, winners frozen (amounts fixed), or paid. */
export const PRIZE_MONTH_STATES = ['open', 'frozen', 'paid'] as const;
