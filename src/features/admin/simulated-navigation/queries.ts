// The cascade's lists, read through the device cache (stale-while-revalidate) like every
// screen, one snapshot per choice. A null key reads nothing: that dropdown has nothing yet.
import { fetchAgents, fetchBrands, fetchPlatformSites, fetchSites } from '#api/admin';
import { useCachedQuery } from '#offline/use-cached-query';

const keyOf = (...parts: (string | null)[]) => (parts.some((p) => p === null) ? null : `navegacion:${parts.join('|')}`);

export function useBrands(userId: number) {
  return useCachedQuery(keyOf('marcas'), fetchBrands, { userId });
}

export function useSites(userId: number, brand: string | null) {
  return useCachedQuery(keyOf('sedes', brand), () => fetchSites(brand ?? ''), { userId });
}

export function usePlatformSites(userId: number, brand: string | null, platform: string | null) {
  return useCachedQuery(keyOf('plataformas', brand, platform), () => fetchPlatformSites(brand ?? '', platform ?? ''), { userId });
}

export function useAgents(userId: number, brand: string | null, site: string | null) {
  return useCachedQuery(keyOf('agentes', brand, site), () => fetchAgents(brand ?? '', site ?? ''), { userId });
}
