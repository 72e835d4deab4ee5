// Seguimiento's URL (?atributo=3&marca=2&plataforma=4&sede=15&dias=14), read in one place: the
// screen's view (hooks/use-coaching-view.ts) and the route's snapshot keys (app/routes.ts)
// must agree on it, or the offline first paint would read the wrong snapshot. Pure: no React,
// nothing that touches the browser (the route table is read at build time too).
import type { CoachingFilter } from '#contract/coaching';
import { cacheKeys } from '#data/cache-keys';

export const STALL_DAY_CHOICES = [3, 5, 7, 14, 21, 30] as const;

/** An id from the URL, undefined when absent or malformed. */
export function idParam(value: string | null): number | undefined {
  return value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}

/** The URL's stall threshold when it is one of the choices; undefined: the server's default (STALLED_AFTER_DAYS). */
export function daysParam(value: string | null): number | undefined {
  const days = Number(value);
  return (STALL_DAY_CHOICES as readonly number[]).includes(days) ? days : undefined;
}

/** The URL's reading of the view, shared with the route's snapshot keys. */
export function coachingViewOf(params: URLSearchParams): { atributo: number | undefined; filter: CoachingFilter; dias: number | undefined } {
  return {
    atributo: idParam(params.get('atributo')),
    filter: { marca: idParam(params.get('marca')), plataforma: idParam(params.get('plataforma')), sede: idParam(params.get('sede')) },
    dias: daysParam(params.get('dias')),
  };
}


/** The nudges list's page size (the contract's default). */
export const NUDGES_PER_PAGE = 20;

/** What Seguimiento reads first; without ?atributo the scope's current attribute is not known yet. */
export function coachingSnapshotKeys(query: URLSearchParams): (string | null)[] {
  const { atributo, filter, dias } = coachingViewOf(query);
  if (atributo === undefined) return [cacheKeys.coaching.options];
  const nudges = filter.sede ? cacheKeys.coaching.nudges(atributo, { filter: { ...filter, sede: filter.sede }, dias, search: '', page: 1, perPage: NUDGES_PER_PAGE }) : null;
  const reads = [cacheKeys.coaching.overview, cacheKeys.coaching.bySite, cacheKeys.coaching.questions].map((key) => key(atributo, filter));
  return [cacheKeys.coaching.options, ...reads, nudges];
}
