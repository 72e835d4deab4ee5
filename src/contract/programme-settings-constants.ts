// Programa › Mantenimiento and Historial de cambios (issue 35): paths, limits and names, no zod,
// so screens and the server share them without the validation library.
// #contract/programme-settings re-exports them beside its schemas.
export const PROGRAMME_SETTINGS_PATHS = {
  /** GET: the maintenance state, its allow-list and the caller's IP; PUT: change them. */
  maintenance: '/programa/mantenimiento',
  /** GET: the change log, newest first (?area=&entity=&actor=&cursor=&limit=). */
  history: '/programa/historial',
} as const;

/** The allow-list holds at most this many addresses. */
export const MAINTENANCE_ALLOWLIST_MAX = 11;

/** A history page: the default and the largest a caller may ask for. */
export const HISTORY_PAGE_SIZE = 30;
export const HISTORY_PAGE_MAX = 100;

/** The areas of Programa that write the change log, as their rows name them, with their labels. */
export const PROGRAMME_AREA_LABELS = {
  calendario: 'Calendario y atributos',
  videos: 'Vídeos',
  quizzes: 'Quizzes',
  catalogo: 'Catálogo',
  premios: 'Premios',
  mantenimiento: 'Mantenimiento',
  paquete: 'Paquete del programa',
  /** Time accommodation granted from the back-office (issue 39). */
  usuarios: 'Usuarios',
} as const;

export type ProgrammeAreaName = keyof typeof PROGRAMME_AREA_LABELS;

export const PROGRAMME_AREA_NAMES = Object.keys(PROGRAMME_AREA_LABELS) as ProgrammeAreaName[];
