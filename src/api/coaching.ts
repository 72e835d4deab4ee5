// Seguimiento reads (issue 20) and their workbooks. Reads are cached by the feature through
// useCachedQuery; a workbook needs the network and is never queued. The scope (brand, platform,
// site) travels as query parameters; the server refuses any outside the caller's reach.
import { COACHING_PATHS } from '#contract/coaching-constants';
import type { CoachingBySite, CoachingFilter, CoachingNudges, CoachingOptions, CoachingOverview, CoachingQuestions, CoachingTable } from '#contract/coaching';
import { apiPath, http, readJson, toApiRequestError } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/coaching');

/**
 * What the nudges list asks for: the figures' own filter (brand, platform) with its site
 * required, the stall threshold in days, a search and a page.
 */
export interface NudgesQuery {
  filter: CoachingFilter & { sede: number };
  /** Undefined: the server's default threshold (the URL did not choose one). */
  dias: number | undefined;
  search: string;
  page: number;
  perPage: number;
}

type Params = Record<string, string | number>;

/** The filter's set parts only: an absent choice means "the whole scope". */
export function filterParams({ marca, plataforma, sede }: CoachingFilter): Params {
  const params: Params = {};
  if (marca) params.marca = marca;
  if (plataforma) params.plataforma = plataforma;
  if (sede) params.sede = sede;
  return params;
}

/** The nudges' parameters: the filter as every read sends it (filterParams), then the list's own. */
export function nudgesParams({ filter, dias, search, page, perPage }: NudgesQuery): Params {
  const params: Params = { ...filterParams(filter), page, per_page: perPage };
  if (dias !== undefined) params.dias = dias;
  if (search.trim()) params.search = search.trim();
  return params;
}

export async function fetchCoachingOptions(): Promise<CoachingOptions> {
  return readJson(http.get(apiPath(COACHING_PATHS.options)), contract, 'coachingOptionsSchema');
}

export async function fetchCoachingOverview(atributo: number, filter: CoachingFilter): Promise<CoachingOverview> {
  return readJson(http.get(apiPath(COACHING_PATHS.overview, { atributo }), { searchParams: filterParams(filter) }), contract, 'coachingOverviewSchema');
}

/** Per site (and platform): the site is not part of this read's filter (nor of its workbook's). */
export function bySiteParams({ marca, plataforma }: CoachingFilter): Params {
  return filterParams({ marca, plataforma });
}

export async function fetchCoachingBySite(atributo: number, filter: CoachingFilter): Promise<CoachingBySite> {
  return readJson(http.get(apiPath(COACHING_PATHS.bySite, { atributo }), { searchParams: bySiteParams(filter) }), contract, 'coachingBySiteSchema');
}

export async function fetchCoachingNudges(atributo: number, query: NudgesQuery): Promise<CoachingNudges> {
  return readJson(http.get(apiPath(COACHING_PATHS.nudges, { atributo }), { searchParams: nudgesParams(query) }), contract, 'coachingNudgesSchema');
}

export async function fetchCoachingQuestions(atributo: number, filter: CoachingFilter): Promise<CoachingQuestions> {
  return readJson(http.get(apiPath(COACHING_PATHS.questions, { atributo }), { searchParams: filterParams(filter) }), contract, 'coachingQuestionsSchema');
}

/** GET seguimiento/descargar/{tabla}/{atributo} with the table's own read parameters: the workbook's bytes. */
export async function downloadCoachingTable(tabla: CoachingTable, atributo: number, searchParams: Params): Promise<Blob> {
  try {
    return await http.get(apiPath(COACHING_PATHS.download, { tabla, atributo }), { searchParams, timeout: 60_000 }).blob();
  } catch (error) {
    throw toApiRequestError(error);
  }
}
