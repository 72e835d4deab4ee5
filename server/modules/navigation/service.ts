// Simulated navigation rules: the cascade lists (brands, sites with their platforms, a
// platform's sites, a site's agents) inside the caller's scope, and login-as-user, which
// opens a session as the agent remembering the supervisor and writes the audit row in the
// same transaction. The scope is decided by #domain/impersonation whatever the client asks.
import type { LoginData, SessionUser } from '#contract/session';
import { impersonationScope, scopeReaches, type ImpersonationScope } from '#domain/impersonation';
import type { AppDeps } from '#server/deps';
import type { UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { createAuthRepository } from '#server/modules/auth/repository';
import { hashToken, newSessionToken } from '#server/modules/auth/tokens';
import { toSessionUser } from '#server/modules/users/service';
import { createNavigationRepository, insertAudit } from './repository.ts';

export const NO_ACCESS = 'No tienes acceso a esta sección';
export const OUT_OF_SCOPE = 'No puedes navegar como agentes fuera de tu ámbito';
export const ALREADY_IMPERSONATING = 'Ya estás en navegación simulada: sal antes de elegir otro agente';
export const NO_SUCH_AGENT = 'No existe ningún agente con ese Nick Name';
const NO_SUCH_BRAND = 'No existe esa marca';
const NO_SUCH_PLATFORM = 'No existe esa plataforma';
const NO_SUCH_SITE = 'No existe esa sede';

/** Who is asking: the signed-in user, their session, and whether it is already an impersonation. */
export interface Caller {
  user: UserRow;
  /** The caller's session: the impersonation session it opens ends with it. */
  sessionId: number | null;
  impersonating: boolean;
}

export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

function placement(user: UserRow) {
  return { perfil: user.perfil, brandId: user.brand_id, platformId: user.platform_id };
}

export function createNavigationService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = createNavigationRepository(db);

  /** The caller's scope; 403 for anyone without simulated navigation, or already browsing as an agent. */
  function scopeOf(caller: Caller): ImpersonationScope {
    const scope = caller.impersonating ? { kind: 'none' as const } : impersonationScope(placement(caller.user));
    if (scope.kind === 'none') throw new HttpError(403, NO_ACCESS);
    return scope;
  }

  /** The brand by name, refused when it lies outside a brand-bound scope (INTERNO, PLATAFORMA). */
  async function brandIn(scope: ImpersonationScope, name: string): Promise<number> {
    const brand = await repo.findBrand(name);
    if (!brand) throw new HttpError(404, NO_SUCH_BRAND);
    if (scope.kind === 'brands' && !scope.brandIds.includes(brand.id)) throw new HttpError(403, NO_ACCESS);
    if (scope.kind === 'platforms' && scope.brandId !== brand.id) throw new HttpError(403, NO_ACCESS);
    return brand.id;
  }

  return {
    async brands(caller: Caller): Promise<string[]> {
      return repo.brandNames(scopeOf(caller));
    },

    async sites(caller: Caller, brandName: string): Promise<{ sedes: string[]; plataformas: string[] }> {
      const scope = scopeOf(caller);
      const rows = await repo.sitesOfBrand(scope, await brandIn(scope, brandName));
      return {
        sedes: rows.map((r) => r.site),
        plataformas: [...new Set(rows.map((r) => r.platform))].sort((a, b) => a.localeCompare(b, 'es')),
      };
    },

    async platformSites(caller: Caller, brandName: string, platformName: string): Promise<string[]> {
      const scope = scopeOf(caller);
      const brandId = await brandIn(scope, brandName);
      const platform = await repo.findPlatform(platformName);
      if (!platform) throw new HttpError(404, NO_SUCH_PLATFORM);
      if (scope.kind === 'platforms' && !scope.platformIds.includes(platform.id)) throw new HttpError(403, NO_ACCESS);
      return repo.sitesOfPlatform(scope, brandId, platform.id);
    },

    async agents(caller: Caller, brandName: string, siteName: string): Promise<{ nick_name: string; name: string }[]> {
      const scope = scopeOf(caller);
      const brandId = await brandIn(scope, brandName);
      const site = await repo.findSite(siteName);
      if (!site) throw new HttpError(404, NO_SUCH_SITE);
      if (scope.kind === 'platforms' && !scope.platformIds.includes(site.platform_id)) throw new HttpError(403, NO_ACCESS);
      return repo.agentsAt(scope, brandId, site.id);
    },

    /**
     * A session as the agent with this nickname, remembering the supervisor and the session
     * that opened it (it only reads: the auth plugin refuses its writes, and it ends with its
     * opener), and the audit row, in one transaction: never an impersonation without its audit row.
     */
    async loginAsUser(caller: Caller, nickName: string, origin: RequestOrigin): Promise<LoginData & { user: SessionUser }> {
      if (caller.impersonating) throw new HttpError(403, ALREADY_IMPERSONATING);
      const scope = scopeOf(caller);
      const target = await repo.findByNickname(nickName);
      if (!target) throw new HttpError(404, NO_SUCH_AGENT);
      if (!scopeReaches(scope, placement(target))) throw new HttpError(403, OUT_OF_SCOPE);
      const token = newSessionToken();
      await db.transaction().execute(async (trx) => {
        const now = clock();
        const sessionId = await createAuthRepository(trx).createSession({
          tokenHash: hashToken(token), userId: target.id, impersonatorUserId: caller.user.id, scope: 'full', now,
          openerSessionId: caller.sessionId,
        });
        await insertAudit(trx, { impersonatorUserId: caller.user.id, targetUserId: target.id, sessionId, ip: origin.ip, userAgent: origin.userAgent, now });
      });
      return { token, user: toSessionUser(target) };
    },
  };
}

export type NavigationService = ReturnType<typeof createNavigationService>;
