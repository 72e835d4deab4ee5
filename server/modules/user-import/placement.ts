// Where each imported user works: the brand (created as "Marca {id}" when new), the platform
// and the site by name. A known site fixes its platform (a different one in the row is an
// error); a new site needs its platform, which is created too when new. Runs inside the
// import's transaction, so everything it creates rolls back with a refused import.
import type { ImportRowIssue } from '#contract/admin';
import type { ImportedUser } from '#domain/user-import';
import type { Database, UserRow } from '#server/db/schema';
import type { Kysely } from 'kysely';
import * as repo from './repository.ts';

export interface Place {
  platformId: number | null;
  siteId: number | null;
}

export async function placeUsers(db: Kysely<Database>, users: ImportedUser[], existing: Map<string, UserRow>): Promise<{ byRow: Map<number, Place>; errors: ImportRowIssue[] }> {
  const brands = new Set<number>();
  const platforms = new Map<string, number>();
  const sites = new Map<string, { id: number; platformId: number; platform: string }>();
  const byRow = new Map<number, Place>();
  const errors: ImportRowIssue[] = [];

  const platformId = async (name: string) => {
    let id = platforms.get(name);
    if (id === undefined) platforms.set(name, (id = await repo.ensurePlatform(db, name)));
    return id;
  };

  for (const user of users) {
    if (!brands.has(user.brandId)) {
      await repo.ensureBrand(db, user.brandId);
      brands.add(user.brandId);
    }
    const stored = existing.get(user.email);
    if (user.site !== null) {
      let site = sites.get(user.site);
      if (!site) {
        const found = await repo.findSite(db, user.site);
        if (found) site = { id: found.id, platformId: found.platform_id, platform: found.platform };
        else if (user.platform !== null) {
          const newPlatformId = await platformId(user.platform);
          site = { id: await repo.createSite(db, user.site, newPlatformId), platformId: newPlatformId, platform: user.platform };
        }
        if (site) sites.set(user.site, site);
      }
      if (!site) {
        errors.push({ fila: user.row, email: user.email, error: `La sede "${user.site}" no existe: indica su plataforma para crearla` });
      } else if (user.platform !== null && user.platform !== site.platform) {
        errors.push({ fila: user.row, email: user.email, error: `La sede "${user.site}" pertenece a la plataforma "${site.platform}"` });
      } else {
        byRow.set(user.row, { platformId: site.platformId, siteId: site.id });
      }
    } else if (user.platform !== null) {
      const id = await platformId(user.platform);
      // A platform alone keeps the stored site when it belongs to that platform.
      byRow.set(user.row, { platformId: id, siteId: stored?.platform_id === id ? stored.site_id : null });
    } else {
      byRow.set(user.row, { platformId: null, siteId: null });
    }
  }
  return { byRow, errors };
}
