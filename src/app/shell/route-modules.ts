// What the static shell (index.html) needs to know of each route before any JavaScript runs:
// which frame to paint, the screen's title where it is fixed text, and which module the router
// loads for it (the build turns modules into files to modulepreload: scripts/vite/app-shell.ts).
// Data only, read at build time; route-modules.test.ts fails when router.tsx gains a route
// module this table does not list, or a title no longer appears in its screen.
import { paths } from '#app/paths.ts';

/**
 * `login`: the sign-in card; `status`: the SSO and sign-out wait; `home`: header and the home's
 * skeleton; `dashboard`: header, the attribute's banner (from the path) in the dashboard's
 * layout; `screen`: header, the title (or a bar) and cards.
 */
export type ShellFrame = 'login' | 'status' | 'home' | 'dashboard' | 'screen';

export interface ShellRoute {
  /** A pattern of #domain/paths ('/ranking/:atributo'). */
  pattern: string;
  /** The router's import() specifier for the route's screen. */
  module: string;
  frame: ShellFrame;
  /** The screen's h1 when it is fixed text ('{atributo}': the path's attribute name), or the status screen's label. */
  text?: string;
}

/**
 * The router with the route table (app.tsx loads it): every screen but a signed-out visit's
 * /login, which app.tsx shows without it.
 */
export const ROUTER_MODULE = '#app/router.tsx';

/** Loaded before every signed-in screen: the router, then (router.tsx) the guard, the layout, the cached-rows preload. */
export const SIGNED_IN_MODULES = [ROUTER_MODULE, '#app/guards.tsx', '#app/layouts/signed-in-layout.tsx', '#app/route-snapshots.ts'] as const;

/**
 * What router.tsx imports on its own, first, only so it evaluates in a task of its own: a module
 * the ones above import statically, so not a chunk of its own, and preloaded with them.
 */
export const SHARED_MODULES = ['#offline/db'] as const;

const login = '#features/auth/routes/login-route.tsx';

export const SHELL_ROUTES: readonly ShellRoute[] = [
  { pattern: paths.login.path, module: login, frame: 'login' },
  { pattern: paths.loginMessage.path, module: login, frame: 'login' },
  { pattern: paths.sso.path, module: '#features/auth/routes/sso-route.tsx', frame: 'status', text: 'Logando por SSO...' },
  { pattern: paths.logout.path, module: '#features/auth/routes/logout-route.tsx', frame: 'status', text: 'Cerrando sesión...' },
  { pattern: paths.home.path, module: '#features/home/routes/home-route.tsx', frame: 'home' },
  {
    pattern: paths.attributes.path,
    module: '#features/attributes/routes/attributes-route.tsx',
    frame: 'screen',
    text: 'Navega por los atributos disponibles',
  },
  { pattern: paths.dashboard.path, module: '#features/training/routes/dashboard-route.tsx', frame: 'dashboard' },
  { pattern: paths.quiz.path, module: '#features/quiz/routes/quiz-route.tsx', frame: 'screen' },
  { pattern: paths.ranking.path, module: '#features/ranking/routes/ranking-route.tsx', frame: 'screen', text: 'Ranking · {atributo}' },
  { pattern: paths.rules.path, module: '#features/rules/routes/rules-route.tsx', frame: 'screen', text: 'Reglas servicio +impecable' },
  {
    pattern: paths.catalogue.path,
    module: '#features/rewards/catalogue/routes/catalogue-route.tsx',
    frame: 'screen',
    text: 'Catálogo de premios',
  },
  { pattern: paths.orders.path, module: '#features/rewards/orders/routes/orders-route.tsx', frame: 'screen', text: 'Mis Premios' },
  { pattern: paths.history.path, module: '#features/rewards/history/routes/history-route.tsx', frame: 'screen', text: 'Historial de IMPs' },
  { pattern: paths.repaso.path, module: '#features/repaso/routes/repaso-route.tsx', frame: 'screen', text: 'Repaso' },
  {
    pattern: paths.simulatedNavigation.path,
    module: '#features/admin/simulated-navigation/routes/simulated-navigation-route.tsx',
    frame: 'screen',
    text: 'Navegación Simulada',
  },
  {
    pattern: paths.orderSummary.path,
    module: '#features/admin/order-summary/routes/order-summary-route.tsx',
    frame: 'screen',
    text: 'Resumen de pedidos',
  },
  { pattern: paths.album.path, module: '#features/album/routes/album-route.tsx', frame: 'screen', text: 'Álbum de fotos' },
  {
    pattern: paths.rankingDownloads.path,
    module: '#features/admin/downloads/routes/ranking-downloads-route.tsx',
    frame: 'screen',
    text: 'Descargas de Ranking',
  },
  {
    pattern: paths.importUsers.path,
    module: '#features/admin/import/routes/import-users-route.tsx',
    frame: 'screen',
    text: 'Importar usuarios',
  },
  { pattern: paths.coaching.path, module: '#features/coaching/routes/coaching-route.tsx', frame: 'screen', text: 'Seguimiento' },
  { pattern: paths.notifications.path, module: '#features/notifications/routes/notifications-route.tsx', frame: 'screen', text: 'Avisos' },
  { pattern: paths.programme.path, module: '#features/programme/routes/programme-route.tsx', frame: 'screen', text: 'Programa' },
];
