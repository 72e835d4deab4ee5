// The attributes the by-attribute download offers: the calendar snapshot (Dexie) the other
// screens share, refreshed behind, so the screen opens offline too (downloading needs the network).
import { fetchAttributes } from '#api/attributes';
import { cacheKeys } from '#api/training';
import { useCachedQuery } from '#offline/use-cached-query';

const CALENDAR_MAX_AGE_MS = 10 * 60_000;

export function useDownloadCalendar(userId: number) {
  return useCachedQuery(cacheKeys.attributes, fetchAttributes, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}
