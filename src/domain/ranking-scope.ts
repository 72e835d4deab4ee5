// Who takes part in a ranking and which brand and site rankings a user may read (issue 19,
// decisions.md "Rankings" and the impersonation scope): an agent takes part and reads its own
// brand and site; staff never take part and read the rankings their reachable agents see
// (admin all, INTERNO its brand's, PLATAFORMA its platforms' within its brand).
// Pure: the server supplies where agents work; never reads a database or the network.
import { impersonationScope, type ImpersonationScope } from './impersonation.ts';
import { isAgentProfile } from './profiles.ts';

export type RankingReach = { kind: 'own'; brandId: number; siteId: number | null } | ImpersonationScope;

/** Who is looking, as the ranking rules read it. */
export interface RankingViewer {
  perfil: string | null | undefined;
  brandId: number;
  platformId: number | null;
  siteId: number | null;
}

/** A site as the rule reads it: its platform and the brands of the agents working there. */
export interface SiteReachInfo {
  id: number;
  platformId: number;
  brandIds: readonly number[];
}

/** Only agents (empty perfil) have a place in a ranking; staff consult the rankings of their reach. */
export function takesPartInRankings(perfil: string | null | undefined): boolean {
  return isAgentProfile(perfil);
}

export function rankingReach(viewer: RankingViewer): RankingReach {
  if (takesPartInRankings(viewer.perfil)) return { kind: 'own', brandId: viewer.brandId, siteId: viewer.siteId };
  return impersonationScope({ perfil: viewer.perfil, brandId: viewer.brandId, platformId: viewer.platformId });
}

/** Staff choose what they look at; an agent always sees its own rankings. */
export function choosesRankingScope(reach: RankingReach): boolean {
  return reach.kind !== 'own' && reach.kind !== 'none';
}

export function reachesBrand(reach: RankingReach, brandId: number): boolean {
  switch (reach.kind) {
    case 'own':
      return reach.brandId === brandId;
    case 'all':
      return true;
    case 'brands':
      return reach.brandIds.includes(brandId);
    case 'platforms':
      return reach.brandId === brandId;
    case 'none':
      return false;
  }
}

/** A site's ranking is readable when it is the agent's own, or it holds agents within the staff scope. */
export function reachesSite(reach: RankingReach, site: SiteReachInfo): boolean {
  switch (reach.kind) {
    case 'own':
      return reach.siteId === site.id;
    case 'all':
      return true;
    case 'brands':
      return site.brandIds.some((b) => reach.brandIds.includes(b));
    case 'platforms':
      return reach.platformIds.includes(site.platformId) && site.brandIds.includes(reach.brandId);
    case 'none':
      return false;
  }
}
