// Seguimiento's reads, each from the device's snapshot first and refreshed behind
// (useCachedQuery), so the last figures seen open offline with their age. Keys are per
// attribute and narrowing (#data/cache-keys); a null attribute (the scope still loading)
// reads nothing yet.
import {
  fetchCoachingBySite, fetchCoachingNudges, fetchCoachingOptions, fetchCoachingOverview, fetchCoachingQuestions, type NudgesQuery,
} from '#api/coaching';
import type { CoachingFilter } from '#contract/coaching';
import { useCachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';
import { CALENDAR_MAX_AGE_MS } from '#data/shared-reads';

/** The fetcher of a key that exists only with an attribute: useCachedQuery never calls it without one. */
const withAttribute = <T>(atributo: number | null, read: (atributo: number) => Promise<T>) =>
  () => (atributo === null ? Promise.reject(new Error('No hay atributo que leer')) : read(atributo));

/** The caller's brands, platforms, sites and attributes: they change as rarely as the calendar. */
export function useCoachingOptions(userId: number) {
  return useCachedQuery(cacheKeys.coaching.options, fetchCoachingOptions, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}

export function useCoachingOverview(userId: number, atributo: number | null, filter: CoachingFilter) {
  const key = atributo === null ? null : cacheKeys.coaching.overview(atributo, filter);
  return useCachedQuery(key, withAttribute(atributo, (a) => fetchCoachingOverview(a, filter)), { userId });
}

export function useCoachingBySite(userId: number, atributo: number | null, filter: CoachingFilter) {
  const key = atributo === null ? null : cacheKeys.coaching.bySite(atributo, filter);
  return useCachedQuery(key, withAttribute(atributo, (a) => fetchCoachingBySite(a, filter)), { userId });
}

/** Only with a site: the list is one floor's. */
export function useCoachingNudges(userId: number, atributo: number | null, query: NudgesQuery | null) {
  const key = atributo === null || query === null ? null : cacheKeys.coaching.nudges(atributo, query);
  const sede = query === null ? null : atributo;
  return useCachedQuery(key, withAttribute(sede, (a) => (query ? fetchCoachingNudges(a, query) : Promise.reject(new Error('Sin sede')))), { userId });
}

export function useCoachingQuestions(userId: number, atributo: number | null, filter: CoachingFilter) {
  const key = atributo === null ? null : cacheKeys.coaching.questions(atributo, filter);
  return useCachedQuery(key, withAttribute(atributo, (a) => fetchCoachingQuestions(a, filter)), { userId });
}
