// The cached reads a signed-in screen shows first: the router reads them from the device
// (#offline/snapshot-preload) while the screen's code loads, so the screen's first render has
// real content. The keys are the route table's (routes.ts). Loaded only for signed-in routes
// (it brings Dexie).
import type { SessionUser } from '#contract/session';
import { matchPattern } from '#domain/paths';
import { preloadSnapshots } from '#offline/snapshot-preload';
import { HEADER_KEYS, ROUTES } from '#app/routes.ts';

/** The keys `location`'s screen (and the header around it) reads first; [] for public and unknown paths. */
export function routeSnapshotKeys(location: { pathname: string; search: string }, user: SessionUser): string[] {
  for (const route of ROUTES) {
    const params = route.signedIn ? matchPattern(route.path, location.pathname) : null;
    if (!params) continue;
    const keys = route.keys?.(params, new URLSearchParams(location.search), user) ?? [];
    return [...HEADER_KEYS, ...keys].filter((key) => key !== null);
  }
  return [];
}

export function preloadRouteSnapshots(location: { pathname: string; search: string }, user: SessionUser): Promise<void> {
  return preloadSnapshots(routeSnapshotKeys(location, user));
}
