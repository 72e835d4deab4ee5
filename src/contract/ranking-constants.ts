// The ranking contract's plain values (paths, names, limits): no zod, so the app's boot path can import
// them without the validation library. #contract/ranking re-exports them beside its schemas.
/** The three views of /ranking/:atributo: global, per site ("plataforma", shown as Sede) and per brand. */
export const RANKING_VIEWS = ['global', 'plataforma', 'marca'] as const;

export type RankingView = (typeof RANKING_VIEWS)[number];

/** The attribute views' scopes, as the API paths name them. */
export type RankingScope = Exclude<RankingView, 'global'>;

export const RANKING_SCOPES: readonly RankingScope[] = ['plataforma', 'marca'];

/**
 * The attribute views' paths name their scope; each function gives the pattern of one scope
 * (`page('marca')` is '/ranking-global-marca/:atributo'), written once for both.
 */
export const RANKING_PATHS = {
  globalPage: '/ranking/global',
  globalPosition: '/ranking/your-position',
  globalPoints: '/ranking/your-points',
  globalDifference: '/ranking-global/difference-frist',
  page: <S extends RankingScope>(scope: S) => `/ranking-global-${scope}/:atributo` as const,
  position: <S extends RankingScope>(scope: S) => `/ranking-posicion-${scope}/:atributo` as const,
  difference: <S extends RankingScope>(scope: S) => `/ranking-diferencia-${scope}/:atributo` as const,
  points: <S extends RankingScope>(scope: S) => `/ranking-puntos-totales-${scope}/:atributo` as const,
  /** Beyond the spec: the agent's row with the five above and the five below. */
  globalNeighbours: '/ranking-vecinos/global',
  neighbours: <S extends RankingScope>(scope: S) => `/ranking-vecinos-${scope}/:atributo` as const,
  /** Beyond the spec: the brands and sites whose rankings the caller may choose (staff). */
  options: '/ranking-ambitos',
  downloadGlobal: '/descargar-ranking-global',
  /** `:filtro` is one of DOWNLOAD_FILTERS. */
  downloadAttribute: '/descargar-ranking-marca/:atributo',
  downloadAttributeFiltered: '/descargar-ranking-marca/:atributo/:filtro',
  /** The file behind a download's `download_url`: the token is short-lived and answers only its user. */
  downloadFile: '/descargas/ranking/:token',
} as const;

/** Spec 7: the by-attribute download's filter; the screen's "sede" is sent as plataforma. */
export const DOWNLOAD_FILTERS = ['plataforma', 'marca'] as const;

export type DownloadFilter = (typeof DOWNLOAD_FILTERS)[number];
