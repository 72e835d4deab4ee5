import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '#contract/session';
import { db, resetDb } from '#offline/db';
import { forgetSnapshots, peekSnapshot } from '#offline/snapshot-preload';
import { cacheKeys } from '#data/cache-keys';
import { preloadRouteSnapshots, routeSnapshotKeys } from './route-snapshots.ts';

const base: SessionUser = {
  id: 7,
  name: 'Ana',
  email: 'ana@example.com',
  nick_name: 'Ana',
  role: 'user',
  perfil: '',
  division: null,
  marca_id: 2,
  puntos_ring_ring: 0,
};
const agent = base;
const staff: SessionUser = { ...base, perfil: 'INTERNO' };
const at = (pathname: string, search = '') => ({ pathname, search });
const ACCESIBLE = 3;

describe('routeSnapshotKeys', () => {
  it('reads the header on every signed-in screen, nothing on public ones', () => {
    expect(routeSnapshotKeys(at('/reglas-impecables'), agent)).toEqual([cacheKeys.imps, cacheKeys.appConfig, cacheKeys.notifications.list]);
    expect(routeSnapshotKeys(at('/login'), agent)).toEqual([]);
    expect(routeSnapshotKeys(at('/no-existe'), agent)).toEqual([]);
  });

  it('reads an attribute’s dashboard by its slug, in any case', () => {
    const keys = routeSnapshotKeys(at('/Dashboard/accesible'), agent);
    expect(keys).toEqual(
      expect.arrayContaining([cacheKeys.attributes, cacheKeys.videos(ACCESIBLE), cacheKeys.progress(ACCESIBLE), cacheKeys.quiz.participation(ACCESIBLE, 1)]),
    );
    expect(routeSnapshotKeys(at('/dashboard/nada'), agent)).toEqual([cacheKeys.imps, cacheKeys.appConfig, cacheKeys.notifications.list, cacheKeys.attributes]);
  });

  it('reads the ranking an agent sees first, as the screen asks for it', () => {
    const site = { view: 'plataforma', attributeId: ACCESIBLE, scopeId: null } as const;
    expect(routeSnapshotKeys(at('/ranking/accesible'), agent)).toContain(cacheKeys.ranking.page(site, 1, ''));
    const global = { view: 'global', attributeId: ACCESIBLE, scopeId: null } as const;
    expect(routeSnapshotKeys(at('/ranking/accesible', '?vista=global'), agent)).toContain(cacheKeys.ranking.stats(global));
    expect(routeSnapshotKeys(at('/ranking/accesible'), staff)).toContain(cacheKeys.ranking.options);
  });
});

describe('preloadRouteSnapshots', () => {
  beforeEach(async () => {
    await resetDb();
    forgetSnapshots();
  });

  it('warms the route’s snapshots and the header’s for the first render', async () => {
    await db.cache.bulkPut([
      { key: cacheKeys.imps, userId: agent.id, data: { imps: 40 }, fetchedAt: 1 },
      { key: cacheKeys.rewards.catalogue, userId: agent.id, data: [{ id: 1 }], fetchedAt: 1 },
    ]);
    await preloadRouteSnapshots(at('/premios'), agent);
    expect(peekSnapshot(cacheKeys.rewards.catalogue, agent.id)?.data).toEqual([{ id: 1 }]);
    expect(peekSnapshot(cacheKeys.imps, agent.id)?.data).toEqual({ imps: 40 });
    expect(peekSnapshot(cacheKeys.appConfig, agent.id)).toBeNull();
  });
});
