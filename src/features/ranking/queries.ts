// The ranking screen's reads, each from the device's snapshot first and refreshed behind
// (useCachedQuery), so the last pages seen open offline with their age. Keys are per view,
// attribute, staff's chosen site or brand, page and search; a null target reads nothing yet
// (the calendar or staff's options still loading). The calendar shares the training screens' snapshot.
import { fetchAttributes } from '#api/attributes';
import { fetchNeighbours, fetchRankingOptions, fetchRankingPage, fetchRankingStats, type RankingTarget } from '#api/ranking';
import { cacheKeys } from '#api/training';
import { RANKING_PAGE_SIZE } from '#domain/ranking';
import { useCachedQuery } from '#offline/use-cached-query';

const scopeKey = ({ view, attributeId, scopeId }: RankingTarget) =>
  view === 'global' ? 'global' : `${view}:${attributeId}${scopeId ? `@${scopeId}` : ''}`;

export const rankingKeys = {
  page: (target: RankingTarget, page: number, search: string) => `ranking:${scopeKey(target)}:${page}:${search.trim().toLowerCase()}`,
  stats: (target: RankingTarget) => `ranking-stats:${scopeKey(target)}`,
  neighbours: (target: RankingTarget) => `ranking-neighbours:${scopeKey(target)}`,
  options: 'ranking-options',
} as const;

/** The fetcher of a key that exists only with a target: useCachedQuery never calls it without one. */
const withTarget = <T>(target: RankingTarget | null, read: (target: RankingTarget) => Promise<T>) =>
  () => (target ? read(target) : Promise.reject(new Error('No hay ranking que leer')));

export function useRankingPage(userId: number, target: RankingTarget | null, page: number, search: string) {
  return useCachedQuery(target && rankingKeys.page(target, page, search), withTarget(target, (t) => fetchRankingPage(t, page, RANKING_PAGE_SIZE, search)), { userId });
}

export function useRankingStats(userId: number, target: RankingTarget | null) {
  return useCachedQuery(target && rankingKeys.stats(target), withTarget(target, fetchRankingStats), { userId });
}

export function useNeighbours(userId: number, target: RankingTarget | null) {
  return useCachedQuery(target && rankingKeys.neighbours(target), withTarget(target, fetchNeighbours), { userId });
}

/** The calendar changes once a month: a snapshot younger than this is not refetched on mount. */
const CALENDAR_MAX_AGE_MS = 10 * 60_000;

export function useRankingCalendar(userId: number) {
  return useCachedQuery(cacheKeys.attributes, fetchAttributes, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}

/** Staff's brands and sites; `enabled` false (agents) reads nothing. */
export function useRankingOptions(userId: number, enabled: boolean) {
  return useCachedQuery(enabled ? rankingKeys.options : null, fetchRankingOptions, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}
