// The cached reads several screens share, one hook each: the programme calendar, an
// attribute's videos and training progress, a quiz participation, the balance and the app
// configuration. Each reads the device's snapshot first and refreshes it behind, under the one
// key of cache-keys.ts, so a command that changes it refreshes every screen showing it.
// Never writes anything; a feature's own reads stay in that feature, built on these keys.
import { fetchAttributes } from '#api/attributes';
import { fetchImps } from '#api/points';
import { fetchParticipation } from '#api/quiz';
import { fetchAttributeProgress, fetchVideos } from '#api/training';
import { attributeOpenOnDevice } from '#domain/calendar';
import { useCachedQuery } from '#offline/use-cached-query';
import { loadAppConfig } from '#data/app-config';
import { cacheKeys } from '#data/cache-keys';

/** The calendar changes once a month: a snapshot younger than this is not refetched on mount. */
export const CALENDAR_MAX_AGE_MS = 10 * 60_000;
/** The configuration changes with a deployment, not while the app runs. */
const CONFIG_MAX_AGE_MS = 10 * 60_000;

/** The programme calendar (which attributes exist, are open, and when). */
export function useCalendar(userId: number | null) {
  return useCachedQuery(cacheKeys.attributes, fetchAttributes, { userId, maxAgeMs: CALENDAR_MAX_AGE_MS });
}

/** Whether an attribute is open (#domain/calendar attributeOpenOnDevice), its entry, and the calendar read. */
export function useAttributeOpen(userId: number | null, attributeId: number) {
  const calendar = useCalendar(userId);
  const entry = calendar.data?.find((a) => a.id === attributeId);
  return { open: attributeOpenOnDevice(calendar.data, attributeId, calendar.isLoading), entry, calendar };
}

/** An attribute's videos with this user's progress; userId null reads nothing. */
export function useVideos(attributeId: number, userId: number | null) {
  return useCachedQuery(cacheKeys.videos(attributeId), () => fetchVideos(attributeId), { userId });
}

/** An attribute's training progress, 0-100; userId null reads nothing. */
export function useAttributeProgress(attributeId: number, userId: number | null) {
  return useCachedQuery(cacheKeys.progress(attributeId), () => fetchAttributeProgress(attributeId), { userId });
}

/**
 * The user's participation in one quiz (null: never started). The quiz screens change this
 * snapshot as answers are queued, so the dashboard's quiz buttons hold offline too.
 * userId null reads nothing (an attribute known not to be open has no quiz to check).
 */
export function useParticipation(attributeId: number, quiz: number, userId: number | null) {
  return useCachedQuery(cacheKeys.quiz.participation(attributeId, quiz), () => fetchParticipation(attributeId, quiz), { userId });
}

/** The header balance (IMPs, with Ring Ring points for brand 1's combined figure). */
export function useBalance(userId: number) {
  return useCachedQuery(cacheKeys.imps, fetchImps, { userId });
}

/**
 * The app configuration as signed-in screens read it: kept on the device, so what depends on
 * it (who may import users) agrees offline too. Fetched at most once per page load.
 */
export function useCachedAppConfig(userId: number | null) {
  return useCachedQuery(cacheKeys.appConfig, loadAppConfig, { userId, maxAgeMs: CONFIG_MAX_AGE_MS });
}
