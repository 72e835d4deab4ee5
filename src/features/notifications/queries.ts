// The Avisos reads: the centre's list (with the unread count the bell shows) and the
// preferences, device snapshots kept fresh from the API, so both open offline with their age.
// The service worker adds pushed notifications to the list's snapshot (sw/push.ts).
import { useCachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';

/** The bell mounts on every signed-in page: one request a minute at most, pushes arrive meanwhile. */
const LIST_MAX_AGE_MS = 60_000;

// The bell reads the list on every page: the calls and the contract's schemas load with the
// first fetch, after the first paint, not with the header.
const api = () => import('#api/notifications');
const fetchNotifications = () => api().then((m) => m.fetchNotifications());
const fetchNotificationPreferences = () => api().then((m) => m.fetchNotificationPreferences());

export function useNotifications(userId: number | null, maxAgeMs = LIST_MAX_AGE_MS) {
  return useCachedQuery(cacheKeys.notifications.list, fetchNotifications, { userId, maxAgeMs });
}

export function useNotificationPreferences(userId: number) {
  return useCachedQuery(cacheKeys.notifications.preferences, fetchNotificationPreferences, { userId });
}
