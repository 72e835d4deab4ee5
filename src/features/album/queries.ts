// The album's own read: the user's portraits (GET /album), from the device's snapshot first
// and refreshed behind. The portraits themselves are cached one by one by useStoredPortrait,
// so the album opens offline; the calendar is the shared one (#data/shared-reads).
import { fetchAlbum } from '#api/refaces';
import { useCachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';

export function useAlbum(userId: number | null) {
  return useCachedQuery(cacheKeys.reface.album, fetchAlbum, { userId });
}
