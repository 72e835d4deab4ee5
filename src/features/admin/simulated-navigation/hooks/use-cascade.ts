import { useState } from 'react';
import { useAgents, useBrands, usePlatformSites, useSites } from '#features/admin/simulated-navigation/queries.ts';

export interface Choice {
  brand: string | null;
  platform: string | null;
  site: string | null;
  agent: string | null;
}

const NOTHING: Choice = { brand: null, platform: null, site: null, agent: null };

/**
 * The four cascading dropdowns (spec 4, "Simulated-navigation cascade"): each choice clears
 * what follows it; each dropdown waits for the previous one; all wait while a list loads.
 * PLATAFORMA skips the platform step (its sites come with the brand).
 */
export function useCascade(userId: number, platformStep: boolean) {
  const [choice, setChoice] = useState<Choice>(NOTHING);
  const brands = useBrands(userId);
  const sites = useSites(userId, choice.brand);
  const platformSites = usePlatformSites(userId, platformStep ? choice.brand : null, choice.platform);
  const agents = useAgents(userId, choice.brand, choice.site);

  const loading = [brands, sites, platformSites, agents].some((q) => q.isLoading);
  const siteOptions = platformStep ? (choice.platform ? (platformSites.data ?? []) : []) : (sites.data?.sedes ?? []);
  const failed = [brands, sites, platformSites, agents].find((q) => q.error && q.data === undefined)?.error ?? null;

  return {
    choice,
    loading,
    failed,
    options: {
      brands: brands.data ?? [],
      platforms: choice.brand ? (sites.data?.plataformas ?? []) : [],
      sites: siteOptions,
      agents: choice.site ? (agents.data ?? []).map((a) => ({ value: a.nick_name, label: a.name })) : [],
    },
    disabled: {
      brand: loading,
      platform: loading || !choice.brand,
      site: loading || (platformStep ? !choice.platform : !choice.brand),
      agent: loading || !choice.site,
    },
    chooseBrand: (brand: string | null) => setChoice({ ...NOTHING, brand }),
    choosePlatform: (platform: string | null) => setChoice((c) => ({ ...c, platform, site: null, agent: null })),
    chooseSite: (site: string | null) => setChoice((c) => ({ ...c, site, agent: null })),
    chooseAgent: (agent: string | null) => setChoice((c) => ({ ...c, agent })),
    reset: () => setChoice(NOTHING),
  };
}
