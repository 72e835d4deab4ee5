// The cached reads each signed-in screen shows first, by route: router.tsx reads them from the
// device (#offline/snapshot-preload) while the screen's code loads, so the screen's first render
// has real content. A key left out costs a skeleton, a wrong one costs nothing. Keep a route's
// keys in step with what its screen reads. Loaded only for signed-in routes (it brings Dexie).
import { matchPath } from 'react-router-dom';
import type { RankingTarget } from '#api/ranking';
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import type { RankingView } from '#contract/ranking';
import type { SessionUser } from '#contract/session';
import { attributeIdFromSlug } from '#domain/attributes';
import { paths } from '#domain/paths';
import { takesPartInRankings } from '#domain/ranking-scope';
import { preloadSnapshots } from '#offline/snapshot-preload';
import { cacheKeys } from '#data/cache-keys';
import { coachingViewOf, NUDGES_PER_PAGE } from '#features/coaching/view-params.ts';

type Params = Record<string, string | undefined>;
type Keys = (params: Params, query: URLSearchParams, user: SessionUser) => (string | null)[];

const ATTRIBUTE_IDS = Object.keys(ATTRIBUTE_SLUGS).map(Number);

/** The header: balance, menu (the menu reads the configuration) and the bell's unread count. */
const HEADER = [cacheKeys.imps, cacheKeys.appConfig, cacheKeys.notifications.list];

/** Keys of one attribute's screen; an unknown slug reads only the calendar. */
function ofAttribute(slug: string | undefined, keys: (id: number) => (string | null)[]): (string | null)[] {
  const id = attributeIdFromSlug(slug);
  return [cacheKeys.attributes, ...(id === null ? [] : keys(id))];
}

/** As the ranking screen reads it (features/ranking use-ranking-view.ts): sede by default. */
function rankingView(query: URLSearchParams): RankingView {
  const choice = query.get('vista');
  return choice === 'global' || choice === 'marca' ? choice : 'plataforma';
}

function rankingKeys(id: number, query: URLSearchParams, user: SessionUser): string[] {
  // Staff pick a site or brand first (its default comes from the options): only those are known.
  if (!takesPartInRankings(user.perfil)) return [cacheKeys.ranking.options];
  const target: RankingTarget = { view: rankingView(query), attributeId: id, scopeId: null };
  return [cacheKeys.ranking.page(target, 1, ''), cacheKeys.ranking.stats(target), cacheKeys.ranking.neighbours(target)];
}

/** As Seguimiento reads its URL (features/coaching/view-params.ts); without ?atributo the scope's current one is not known yet. */
function coachingKeys(query: URLSearchParams): (string | null)[] {
  const { atributo, filter, dias } = coachingViewOf(query);
  if (atributo === undefined) return [cacheKeys.coaching.options];
  const nudges = filter.sede ? cacheKeys.coaching.nudges(atributo, { filter: { ...filter, sede: filter.sede }, dias, search: '', page: 1, perPage: NUDGES_PER_PAGE }) : null;
  const reads = [cacheKeys.coaching.overview, cacheKeys.coaching.bySite, cacheKeys.coaching.questions].map((key) => key(atributo, filter));
  return [cacheKeys.coaching.options, ...reads, nudges];
}

/** Every protected route of router.tsx (route-snapshots.test.ts checks none is missing). */
export const ROUTE_SNAPSHOTS: Record<string, Keys> = {
  [paths.home.path]: () => [cacheKeys.attributes, ...ATTRIBUTE_IDS.map(cacheKeys.progress), cacheKeys.repaso],
  [paths.attributes.path]: () => [cacheKeys.attributes],
  [paths.dashboard.path]: ({ atributo }) =>
    ofAttribute(atributo, (id) => [
      cacheKeys.videos(id),
      cacheKeys.progress(id),
      cacheKeys.quiz.participation(id, 1),
      cacheKeys.quiz.participation(id, 2),
      cacheKeys.reface.status(id),
    ]),
  [paths.quiz.path]: ({ atributo, quizz }) => ofAttribute(atributo, (id) => [cacheKeys.quiz.participation(id, Number(quizz))]),
  [paths.ranking.path]: ({ atributo }, query, user) => ofAttribute(atributo, (id) => rankingKeys(id, query, user)),
  [paths.rules.path]: () => [],
  [paths.catalogue.path]: () => [cacheKeys.rewards.catalogue],
  [paths.orders.path]: () => [cacheKeys.rewards.orders],
  [paths.history.path]: () => [cacheKeys.rewards.history, cacheKeys.rewards.lapses],
  [paths.repaso.path]: () => [cacheKeys.repaso],
  [paths.simulatedNavigation.path]: () => [cacheKeys.admin.brands],
  [paths.orderSummary.path]: () => [cacheKeys.admin.orderSummary],
  [paths.album.path]: () => [cacheKeys.reface.album, cacheKeys.attributes],
  [paths.rankingDownloads.path]: () => [cacheKeys.attributes],
  [paths.importUsers.path]: () => [],
  [paths.coaching.path]: (_params, query) => coachingKeys(query),
  [paths.notifications.path]: () => [cacheKeys.notifications.preferences],
  [paths.programme.path]: () => [],
};

/** The keys `location`'s screen (and the header around it) reads first; [] for other paths. */
export function routeSnapshotKeys(location: { pathname: string; search: string }, user: SessionUser): string[] {
  for (const [pattern, keys] of Object.entries(ROUTE_SNAPSHOTS)) {
    const match = matchPath(pattern, location.pathname);
    if (match) return [...HEADER, ...keys(match.params, new URLSearchParams(location.search), user)].filter((key) => key !== null);
  }
  return [];
}

export function preloadRouteSnapshots(location: { pathname: string; search: string }, user: SessionUser): Promise<void> {
  return preloadSnapshots(routeSnapshotKeys(location, user));
}
