// Training reads, each from the device's snapshot first and refreshed behind (useCachedQuery):
// the calendar, an attribute's videos with this user's progress, and its training progress.
import { fetchAttributes } from '#api/attributes';
import { cacheKeys, fetchAttributeProgress, fetchVideos } from '#api/training';
import { useCachedQuery } from '#offline/use-cached-query';

export function useVideos(attributeId: number, userId: number | null) {
  return useCachedQuery(cacheKeys.videos(attributeId), () => fetchVideos(attributeId), { userId });
}

export function useAttributeProgress(attributeId: number, userId: number | null) {
  return useCachedQuery(cacheKeys.progress(attributeId), () => fetchAttributeProgress(attributeId), { userId });
}

/** The calendar changes once a month: a snapshot younger than this is not refetched on mount. */
const CALENDAR_MAX_AGE_MS = 10 * 60_000;

export function useCalendar(userId: number | null) {
  return useCachedQuery(cacheKeys.attributes, fetchAttributes, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}
