// The coaching contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/coaching re-exports them beside its schemas.
export const COACHING_PATHS = {
  /** The brands, platforms and sites of the caller's scope, and the attributes with figures. */
  options: '/seguimiento/ambito',
  /** The overview of one attribute, with the previous attribute's figures beside it. */
  overview: '/seguimiento/resumen/:atributo',
  /** The same figures per site, and per platform (INTERNO, admin). */
  bySite: '/seguimiento/sedes/:atributo',
  /** Agents of one site who have not started, or stalled: paged and searchable. */
  nudges: '/seguimiento/rezagados/:atributo',
  /** Each quiz's questions ordered by share of wrong answers. */
  questions: '/seguimiento/preguntas/:atributo',
  /** One table as .xlsx (`:tabla` is one of COACHING_TABLES), with the same query as its read. */
  download: '/seguimiento/descargar/:tabla/:atributo',
} as const;

/** The tables a supervisor can download; each is the figures of its read. */
export const COACHING_TABLES = ['resumen', 'sedes', 'rezagados', 'preguntas'] as const;

export type CoachingTable = (typeof COACHING_TABLES)[number];

export const coachingFileName = (table: CoachingTable, attributeSlug: string): string => `seguimiento-${table}-${attributeSlug}.xlsx`;

/** Days without activity after which an agent who started counts as stalled, unless asked otherwise. */
export const STALLED_AFTER_DAYS = 7;

export const NUDGE_STATES = ['sin-empezar', 'parado'] as const;

/** The narrowing's levels as the screen and the workbooks name them, and each one's "whole scope" text. */
export const COACHING_SCOPE_TEXTS = {
  marca: { label: 'Marca', all: 'Todas las marcas' },
  plataforma: { label: 'Plataforma', all: 'Todas las plataformas' },
  sede: { label: 'Sede', all: 'Todas las sedes' },
} as const;
