// The cascade's lists, read through the device cache (stale-while-revalidate) like every
// screen, one snapshot per choice. A null key reads nothing: that dropdown has nothing yet.
import { fetchAgents, fetchBrands, fetchPlatformSites, fetchSites, fetchTimeAccommodation } from '#api/admin';
import { useCachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';

export function useBrands(userId: number) {
  return useCachedQuery(cacheKeys.admin.brands, fetchBrands, { userId });
}

export function useSites(userId: number, brand: string | null) {
  return useCachedQuery(cacheKeys.admin.sites(brand), () => fetchSites(brand ?? ''), { userId });
}

export function usePlatformSites(userId: number, brand: string | null, platform: string | null) {
  return useCachedQuery(cacheKeys.admin.platformSites(brand, platform), () => fetchPlatformSites(brand ?? '', platform ?? ''), { userId });
}

export function useAgents(userId: number, brand: string | null, site: string | null) {
  return useCachedQuery(cacheKeys.admin.agents(brand, site), () => fetchAgents(brand ?? '', site ?? ''), { userId });
}

/** The chosen agent's time accommodation (issue 39; admin only). */
export function useTimeAccommodation(userId: number, nick: string | null) {
  return useCachedQuery(cacheKeys.admin.timeAccommodation(nick), () => fetchTimeAccommodation(nick ?? ''), { userId });
}
