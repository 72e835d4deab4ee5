// Every route of the app, declared once: the router renders it (router.tsx), the page's first
// paint draws its frame and fetches its files early (shell/boot.ts, with the files the build
// lists for it: scripts/vite/app-shell.ts reads this table at build time), and the snapshot
// preload reads its cache keys while its code loads (route-snapshots.ts). Data only: no React,
// no router, nothing that touches the browser, so Node can read it at build time.
import type { SessionUser } from '#contract/session';
import type { RouteTitle } from '#components/route-title';
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import { attributeIdFromSlug, attributeNameFromSlug } from '#domain/attributes';
import { paths } from '#domain/paths';
import { cacheKeys } from '#data/cache-keys';
import { coachingSnapshotKeys } from '#features/coaching/view-params.ts';
import { rankingSnapshotKeys, rankingTitle, viewChoiceOf } from '#features/ranking/ranking-keys.ts';

/**
 * What the page paints before the app's code runs. `login`: the sign-in card; `status`: the SSO
 * and sign-out wait; `home`: header and the home's skeleton; `dashboard`: header and the
 * attribute's banner (from the path); `screen`: header, the title (or a bar) and cards.
 */
export type Frame = 'login' | 'status' | 'home' | 'dashboard' | 'screen';

type Params = Record<string, string | undefined>;
/** The cache keys a screen reads first; null for one it cannot name yet. */
export type RouteKeys = (params: Params, query: URLSearchParams, user: SessionUser) => (string | null)[];

export interface AppRoute {
  /** A pattern of #domain/paths ('/ranking/:atributo'). */
  path: string;
  /** The screen's file under src/; the router renders its default export. */
  screen: string;
  /** Public routes need no session and have no common layout. */
  signedIn: boolean;
  frame: Frame;
  /**
   * The screen's h1 (the screen reads it with useRouteTitle; null: not known before the screen
   * loads), or the status screen's label. The first paint draws it too.
   */
  title?: RouteTitle;
  /** What the screen reads first from the device (the header's reads come with every signed-in screen). */
  keys?: RouteKeys;
}

/** Loaded with every screen, before it: the router (src/app/app.tsx loads it) and React DOM (src/main.tsx). */
export const APP_FILES = ['app/router.tsx', 'app/react-root.ts'] as const;

/** Loaded with every signed-in screen, before it: the session guard and the layout. */
export const SIGNED_IN_FILES = ['app/guards.tsx', 'app/layouts/signed-in-layout.tsx'] as const;

/** The header of every signed-in screen: balance, menu (it reads the configuration) and the bell. */
export const HEADER_KEYS = [cacheKeys.imps, cacheKeys.appConfig, cacheKeys.notifications.list];

const ATTRIBUTE_IDS = Object.keys(ATTRIBUTE_SLUGS).map(Number);

/** An attribute's screen reads the calendar, then (a known slug only) its own keys. */
const ofAttribute =
  (keys: (id: number, params: Params, query: URLSearchParams, user: SessionUser) => (string | null)[]): RouteKeys =>
  (params, query, user) => {
    const id = attributeIdFromSlug(params.atributo);
    return [cacheKeys.attributes, ...(id === null ? [] : keys(id, params, query, user))];
  };

const login = 'features/auth/routes/login-route.tsx';

export const ROUTES: readonly AppRoute[] = [
  { path: paths.login.path, screen: login, signedIn: false, frame: 'login' },
  { path: paths.loginMessage.path, screen: login, signedIn: false, frame: 'login' },
  { path: paths.sso.path, screen: 'features/auth/routes/sso-route.tsx', signedIn: false, frame: 'status', title: 'Logando por SSO...' },
  { path: paths.logout.path, screen: 'features/auth/routes/logout-route.tsx', signedIn: false, frame: 'status', title: 'Cerrando sesión...' },
  // Every signed-in route of spec section 2, in the spec's order.
  {
    path: paths.home.path,
    screen: 'features/home/routes/home-route.tsx',
    signedIn: true,
    frame: 'home',
    keys: () => [cacheKeys.attributes, ...ATTRIBUTE_IDS.map(cacheKeys.progress), cacheKeys.repaso],
  },
  {
    path: paths.attributes.path,
    screen: 'features/attributes/routes/attributes-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Navega por los atributos disponibles',
    keys: () => [cacheKeys.attributes],
  },
  {
    path: paths.dashboard.path,
    screen: 'features/training/routes/dashboard-route.tsx',
    signedIn: true,
    frame: 'dashboard',
    keys: ofAttribute((id) => [
      cacheKeys.videos(id),
      cacheKeys.progress(id),
      cacheKeys.quiz.participation(id, 1),
      cacheKeys.quiz.participation(id, 2),
      cacheKeys.reface.status(id),
    ]),
  },
  {
    path: paths.quiz.path,
    screen: 'features/quiz/routes/quiz-route.tsx',
    signedIn: true,
    frame: 'screen',
    keys: ofAttribute((id, { quizz }) => [cacheKeys.quiz.participation(id, Number(quizz))]),
  },
  { path: paths.repaso.path, screen: 'features/repaso/routes/repaso-route.tsx', signedIn: true, frame: 'screen', title: 'Repaso', keys: () => [cacheKeys.repaso] },
  {
    path: paths.ranking.path,
    screen: 'features/ranking/routes/ranking-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: ({ atributo }, query) => rankingTitle(viewChoiceOf(query.get('vista')), attributeNameFromSlug(atributo)),
    keys: ofAttribute((id, _params, query, user) => rankingSnapshotKeys(id, query, user)),
  },
  { path: paths.rules.path, screen: 'features/rules/routes/rules-route.tsx', signedIn: true, frame: 'screen', title: 'Reglas servicio +impecable' },
  {
    path: paths.catalogue.path,
    screen: 'features/rewards/catalogue/routes/catalogue-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Catálogo de premios',
    keys: () => [cacheKeys.rewards.catalogue],
  },
  {
    path: paths.orders.path,
    screen: 'features/rewards/orders/routes/orders-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Mis Premios',
    keys: () => [cacheKeys.rewards.orders],
  },
  {
    path: paths.history.path,
    screen: 'features/rewards/history/routes/history-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Historial de IMPs',
    keys: () => [cacheKeys.rewards.history, cacheKeys.rewards.lapses],
  },
  {
    path: paths.simulatedNavigation.path,
    screen: 'features/admin/simulated-navigation/routes/simulated-navigation-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Navegación Simulada',
    keys: () => [cacheKeys.admin.brands],
  },
  {
    path: paths.orderSummary.path,
    screen: 'features/admin/order-summary/routes/order-summary-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Resumen de pedidos',
    keys: () => [cacheKeys.admin.orderSummary],
  },
  {
    path: paths.album.path,
    screen: 'features/album/routes/album-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Álbum de fotos',
    keys: () => [cacheKeys.reface.album, cacheKeys.attributes],
  },
  {
    path: paths.rankingDownloads.path,
    screen: 'features/admin/downloads/routes/ranking-downloads-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Descargas de Ranking',
    keys: () => [cacheKeys.attributes],
  },
  {
    path: paths.importUsers.path,
    screen: 'features/admin/import/routes/import-users-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Importar usuarios',
  },
  {
    path: paths.coaching.path,
    screen: 'features/coaching/routes/coaching-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Seguimiento',
    keys: (_params, query) => coachingSnapshotKeys(query),
  },
  {
    path: paths.notifications.path,
    screen: 'features/notifications/routes/notifications-route.tsx',
    signedIn: true,
    frame: 'screen',
    title: 'Avisos',
    keys: () => [cacheKeys.notifications.preferences],
  },
  { path: paths.programme.path, screen: 'features/programme/routes/programme-route.tsx', signedIn: true, frame: 'screen', title: 'Programa' },
];
