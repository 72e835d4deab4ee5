// Whose agents a supervisor may browse as (decisions.md, "Sign-in"): admin any agent, INTERNO
// its brand's, PLATAFORMA its platform's within its brand; only agents are ever reached.
// The server applies it to login-as-user, simulated navigation and ranking downloads, and
// ranking-scope.ts builds the staff's ranking reach on it. Pure: the caller says where
// everyone works; never reads a database, a session or the network.
import { isAgentProfile, normalizeProfile } from './profiles.ts';

/** Where a user works, as the impersonation rules read it. */
export interface Placement {
  perfil: string | null | undefined;
  brandId: number;
  platformId: number | null;
}

/** Whose agents a supervisor may browse as. */
export type ImpersonationScope =
  | { kind: 'all' }
  | { kind: 'brands'; brandIds: readonly number[] }
  | { kind: 'platforms'; brandId: number; platformIds: readonly number[] }
  | { kind: 'none' };

/**
 * The kind of reach a profile grants, before its brand and platform are known: what the app
 * tells staff they consult. impersonationScope narrows it to the supervisor's placement.
 */
export function profileReach(perfil: string | null | undefined): ImpersonationScope['kind'] {
  switch (normalizeProfile(perfil)) {
    case 'admin':
      return 'all';
    case 'INTERNO':
      return 'brands';
    case 'PLATAFORMA':
      return 'platforms';
    default:
      return 'none';
  }
}

/**
 * admin: any agent; INTERNO: the agents of its brand(s); PLATAFORMA: the agents of its own
 * platform(s) within its own brand (a platform serves several brands: the other brands'
 * agents there are not its to see); anyone else: nobody. A PLATAFORMA with no platform
 * reaches nobody.
 */
export function impersonationScope(supervisor: Placement): ImpersonationScope {
  switch (profileReach(supervisor.perfil)) {
    case 'all':
      return { kind: 'all' };
    case 'brands':
      return { kind: 'brands', brandIds: [supervisor.brandId] };
    case 'platforms':
      return supervisor.platformId === null ? { kind: 'none' } : { kind: 'platforms', brandId: supervisor.brandId, platformIds: [supervisor.platformId] };
    case 'none':
      return { kind: 'none' };
  }
}

/** Whether `scope` reaches `target`: only agents (empty perfil) can be impersonated. */
export function scopeReaches(scope: ImpersonationScope, target: Placement): boolean {
  if (!isAgentProfile(target.perfil)) return false;
  switch (scope.kind) {
    case 'all':
      return true;
    case 'brands':
      return scope.brandIds.includes(target.brandId);
    case 'platforms':
      return target.brandId === scope.brandId && target.platformId !== null && scope.platformIds.includes(target.platformId);
    case 'none':
      return false;
  }
}
