// The ranking screen's reads, each from the device's snapshot first and refreshed behind
// (useCachedQuery), so the last pages seen open offline with their age. Keys are per view,
// attribute, staff's chosen site or brand, page and search; a null target reads nothing yet
// (the calendar or staff's options still loading). The calendar is the shared one (#data/shared-reads).
import { fetchNeighbours, fetchRankingOptions, fetchRankingPage, fetchRankingStats, type RankingTarget } from '#api/ranking';
import { RANKING_PAGE_SIZE } from '#domain/ranking';
import { useCachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';
import { CALENDAR_MAX_AGE_MS } from '#data/shared-reads';

/** The fetcher of a key that exists only with a target: useCachedQuery never calls it without one. */
const withTarget = <T>(target: RankingTarget | null, read: (target: RankingTarget) => Promise<T>) =>
  () => (target ? read(target) : Promise.reject(new Error('No hay ranking que leer')));

export function useRankingPage(userId: number, target: RankingTarget | null, page: number, search: string) {
  return useCachedQuery(target && cacheKeys.ranking.page(target, page, search), withTarget(target, (t) => fetchRankingPage(t, page, RANKING_PAGE_SIZE, search)), { userId });
}

export function useRankingStats(userId: number, target: RankingTarget | null) {
  return useCachedQuery(target && cacheKeys.ranking.stats(target), withTarget(target, fetchRankingStats), { userId });
}

export function useNeighbours(userId: number, target: RankingTarget | null) {
  return useCachedQuery(target && cacheKeys.ranking.neighbours(target), withTarget(target, fetchNeighbours), { userId });
}

/** Staff's brands and sites, which change as rarely as the calendar; `enabled` false (agents) reads nothing. */
export function useRankingOptions(userId: number, enabled: boolean) {
  return useCachedQuery(enabled ? cacheKeys.ranking.options : null, fetchRankingOptions, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}
