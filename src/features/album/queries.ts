// Album reads, each from the device's snapshot first and refreshed behind (useCachedQuery):
// the user's portraits (GET /album) and the calendar (which attributes are enabled). The
// portraits themselves are cached one by one by useStoredPortrait, so the album opens offline.
import { fetchAttributes } from '#api/attributes';
import { fetchAlbum, refaceCacheKeys } from '#api/refaces';
import { cacheKeys } from '#api/training';
import { useCachedQuery } from '#offline/use-cached-query';

export function useAlbum(userId: number | null) {
  return useCachedQuery(refaceCacheKeys.album, fetchAlbum, { userId });
}

/** The calendar changes once a month: a snapshot younger than this is not refetched on mount. */
const CALENDAR_MAX_AGE_MS = 10 * 60_000;

export function useAlbumCalendar(userId: number | null) {
  return useCachedQuery(cacheKeys.attributes, fetchAttributes, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}
