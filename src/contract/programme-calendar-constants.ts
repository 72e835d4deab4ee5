// Programa, "Calendario y atributos": the contract's plain values (paths, limits, names): no
// zod, so the screen can import them without the validation library. #contract/programme-calendar
// re-exports them beside its schemas.
export const PROGRAMME_CALENDAR_PATHS = {
  /** GET: the seven attributes with their dates, content and state for the screen. */
  list: '/programa/calendario',
  /** PUT: an attribute's dates, enabled switch, late-sync grace and content texts. */
  update: '/programa/atributos/:id',
  /** POST (multipart: kind logo|banner and the file): the attribute's own logo or banner. */
  art: '/programa/atributos/:id/arte',
  /** DELETE: back to the built-in art of the slug (/art/…svg) for that kind. */
  builtInArt: '/programa/atributos/:id/arte/:tipo',
} as const;

/** What an uploaded image replaces: the round logo, or the banner (home carousel and dashboard). */
export const ART_KINDS = ['logo', 'banner'] as const;
export type ArtKind = (typeof ART_KINDS)[number];

/** Largest logo or banner accepted (the server refuses larger ones with 413). */
export const ART_MAX_BYTES = 2 * 1024 * 1024;

/** What the upload accepts; the server checks the bytes, not the name. */
export const ART_ACCEPT = 'image/png,image/jpeg,image/webp,image/svg+xml';

/** A month's state on the screen: not enabled, enabled before its start, inside it, after it. */
export const MONTH_STATES = ['proximamente', 'programado', 'en-curso', 'cerrado'] as const;
export type MonthState = (typeof MONTH_STATES)[number];

export const MONTH_STATE_LABELS: Record<MonthState, string> = {
  proximamente: 'Próximamente',
  programado: 'Programado',
  'en-curso': 'En curso',
  cerrado: 'Cerrado',
};
