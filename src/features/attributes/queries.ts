// The programme calendar, from the device's snapshot first and refreshed behind.
import { fetchAttributes } from '#api/attributes';
import { cacheKeys } from '#api/training';
import { useCachedQuery } from '#offline/use-cached-query';

/** The calendar changes once a month: a snapshot younger than this is not refetched on mount. */
const CALENDAR_MAX_AGE_MS = 10 * 60_000;

export function useCalendar(userId: number | null) {
  return useCachedQuery(cacheKeys.attributes, fetchAttributes, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}
