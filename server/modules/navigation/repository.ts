// SQL for simulated navigation: the brands, platforms, sites and agents inside a supervisor's
// scope (only agents with a nickname count: login-as-user picks them by it), the lookups the
// scope checks need, and the audit rows. Never decides who may see what (the service does).
import type { Kysely } from 'kysely';
import type { ImpersonationScope } from '#domain/impersonation';
import type { Database, UserRow } from '#server/db/schema';

type Db = Kysely<Database>;
function joinedAgents(db: Db) {
  return db.selectFrom('users as u')
    .innerJoin('sites as s', 's.id', 'u.site_id')
    .innerJoin('platforms as p', 'p.id', 's.platform_id')
    .innerJoin('brands as b', 'b.id', 'u.brand_id')
    .where('u.perfil', '=', '')
    .where('u.nick_name', 'is not', null);
}

/** Agents (empty perfil, with a nickname and a site) reachable by `scope`, joined to where they work. */
function agentsOf(db: Db, scope: ImpersonationScope): ReturnType<typeof joinedAgents> {
  const query = joinedAgents(db);
  switch (scope.kind) {
    case 'all':
      return query;
    case 'brands':
      return query.where('u.brand_id', 'in', [...scope.brandIds, -1]);
    case 'platforms':
      return query.where('u.brand_id', '=', scope.brandId).where('u.platform_id', 'in', [...scope.platformIds, -1]);
    case 'none':
      return query.where('u.id', '=', -1);
  }
}

export function createNavigationRepository(db: Db) {
  return {
    async brandNames(scope: ImpersonationScope): Promise<string[]> {
      const rows = await agentsOf(db, scope).select(['b.id', 'b.name']).distinct().orderBy('b.id').execute();
      return rows.map((r) => r.name);
    },

    /** Sites and their platforms with agents of `brandId` in scope, by name. */
    async sitesOfBrand(scope: ImpersonationScope, brandId: number): Promise<{ site: string; platform: string }[]> {
      return agentsOf(db, scope).where('u.brand_id', '=', brandId)
        .select(['s.name as site', 'p.name as platform']).distinct().orderBy('s.name').execute();
    },

    async sitesOfPlatform(scope: ImpersonationScope, brandId: number, platformId: number): Promise<string[]> {
      const rows = await agentsOf(db, scope).where('u.brand_id', '=', brandId).where('s.platform_id', '=', platformId)
        .select('s.name').distinct().orderBy('s.name').execute();
      return rows.map((r) => r.name);
    },

    async agentsAt(scope: ImpersonationScope, brandId: number, siteId: number): Promise<{ nick_name: string; name: string }[]> {
      const rows = await agentsOf(db, scope).where('u.brand_id', '=', brandId).where('u.site_id', '=', siteId)
        .select(['u.nick_name', 'u.name']).orderBy('u.name').orderBy('u.id').execute();
      return rows.map((r) => ({ nick_name: r.nick_name ?? '', name: r.name }));
    },

    async findBrand(name: string): Promise<{ id: number } | undefined> {
      return db.selectFrom('brands').select('id').where('name', '=', name).executeTakeFirst();
    },

    async findPlatform(name: string): Promise<{ id: number } | undefined> {
      return db.selectFrom('platforms').select('id').where('name', '=', name).executeTakeFirst();
    },

    async findSite(name: string): Promise<{ id: number; platform_id: number } | undefined> {
      return db.selectFrom('sites').select(['id', 'platform_id']).where('name', '=', name).executeTakeFirst();
    },

    async findByNickname(nickName: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll()
        .where((eb) => eb(eb.fn('lower', ['nick_name']), '=', nickName.trim().toLowerCase()))
        .executeTakeFirst();
    },
  };
}

export interface AuditEntry {
  impersonatorUserId: number;
  targetUserId: number;
  sessionId: number;
  ip: string;
  userAgent: string | null;
  now: Date;
}

export async function insertAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insertInto('impersonation_audit').values({
    impersonator_user_id: entry.impersonatorUserId,
    target_user_id: entry.targetUserId,
    session_id: entry.sessionId,
    ip: entry.ip,
    user_agent: entry.userAgent,
    created_at: entry.now,
  }).execute();
}
