// The ranking screen's reads, each from the device's snapshot first and refreshed behind
// (useCachedQuery), so the last pages seen open offline with their age. Keys are per view,
// attribute, page and search; the calendar shares the training screens' snapshot.
import { fetchAttributes } from '#api/attributes';
import { fetchNeighbours, fetchRankingPage, fetchRankingStats, type RankingTarget } from '#api/ranking';
import { cacheKeys } from '#api/training';
import { RANKING_PAGE_SIZE } from '#domain/ranking';
import { useCachedQuery } from '#offline/use-cached-query';

const scopeKey = ({ view, attributeId }: RankingTarget) => (view === 'global' ? 'global' : `${view}:${attributeId}`);

export const rankingKeys = {
  page: (target: RankingTarget, page: number, search: string) => `ranking:${scopeKey(target)}:${page}:${search.trim().toLowerCase()}`,
  stats: (target: RankingTarget) => `ranking-stats:${scopeKey(target)}`,
  neighbours: (target: RankingTarget) => `ranking-neighbours:${scopeKey(target)}`,
} as const;

export function useRankingPage(userId: number, target: RankingTarget, page: number, search: string) {
  return useCachedQuery(rankingKeys.page(target, page, search), () => fetchRankingPage(target, page, RANKING_PAGE_SIZE, search), { userId });
}

export function useRankingStats(userId: number, target: RankingTarget) {
  return useCachedQuery(rankingKeys.stats(target), () => fetchRankingStats(target), { userId });
}

export function useNeighbours(userId: number, target: RankingTarget) {
  return useCachedQuery(rankingKeys.neighbours(target), () => fetchNeighbours(target), { userId });
}

/** The calendar changes once a month: a snapshot younger than this is not refetched on mount. */
const CALENDAR_MAX_AGE_MS = 10 * 60_000;

export function useRankingCalendar(userId: number) {
  return useCachedQuery(cacheKeys.attributes, fetchAttributes, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}
