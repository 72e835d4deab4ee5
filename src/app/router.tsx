import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import type { ComponentType } from 'react';
import { PageLoader } from '#components/page-loader';
import { paths } from '#app/paths.ts';
import { RouteError } from '#app/route-error.tsx';

/** Each screen is its own chunk, loaded on first visit, so /login stays small. */
function screen(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

const auth = {
  login: () => import('#features/auth/routes/login-route.tsx').then((m) => m.LoginRoute),
  sso: () => import('#features/auth/routes/sso-route.tsx').then((m) => m.SsoRoute),
  logout: () => import('#features/auth/routes/logout-route.tsx').then((m) => m.LogoutRoute),
};

// Every protected route of spec section 2, in the spec's order.
const protectedRoutes: RouteObject[] = [
  { path: paths.root.path, element: <Navigate to={paths.home.getHref()} replace /> },
  { path: paths.home.path, ...screen(() => import('#features/home/routes/home-route.tsx').then((m) => m.HomeRoute)) },
  {
    path: paths.attributes.path,
    ...screen(() => import('#features/attributes/routes/attributes-route.tsx').then((m) => m.AttributesRoute)),
  },
  {
    path: paths.dashboard.path,
    ...screen(() => import('#features/training/routes/dashboard-route.tsx').then((m) => m.DashboardRoute)),
  },
  { path: paths.quiz.path, ...screen(() => import('#features/quiz/routes/quiz-route.tsx').then((m) => m.QuizRoute)) },
  { path: paths.ranking.path, ...screen(() => import('#features/ranking/routes/ranking-route.tsx').then((m) => m.RankingRoute)) },
  { path: paths.rules.path, ...screen(() => import('#features/rules/routes/rules-route.tsx').then((m) => m.RulesRoute)) },
  {
    path: paths.catalogue.path,
    ...screen(() => import('#features/rewards/catalogue/routes/catalogue-route.tsx').then((m) => m.CatalogueRoute)),
  },
  {
    path: paths.orders.path,
    ...screen(() => import('#features/rewards/orders/routes/orders-route.tsx').then((m) => m.OrdersRoute)),
  },
  {
    path: paths.history.path,
    ...screen(() => import('#features/rewards/history/routes/history-route.tsx').then((m) => m.HistoryRoute)),
  },
  {
    path: paths.simulatedNavigation.path,
    ...screen(() =>
      import('#features/admin/simulated-navigation/routes/simulated-navigation-route.tsx').then((m) => m.SimulatedNavigationRoute),
    ),
  },
  {
    path: paths.orderSummary.path,
    ...screen(() => import('#features/admin/order-summary/routes/order-summary-route.tsx').then((m) => m.OrderSummaryRoute)),
  },
  { path: paths.album.path, ...screen(() => import('#features/album/routes/album-route.tsx').then((m) => m.AlbumRoute)) },
  {
    path: paths.rankingDownloads.path,
    ...screen(() => import('#features/admin/downloads/routes/ranking-downloads-route.tsx').then((m) => m.RankingDownloadsRoute)),
  },
  {
    path: paths.importUsers.path,
    ...screen(() => import('#features/admin/import/routes/import-users-route.tsx').then((m) => m.ImportUsersRoute)),
  },
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader fullScreen />,
    children: [
      // Public: no session needed, no common layout.
      { path: paths.login.path, ...screen(auth.login) },
      { path: paths.loginMessage.path, ...screen(auth.login) },
      { path: paths.sso.path, ...screen(auth.sso) },
      { path: paths.logout.path, ...screen(auth.logout) },
      // The guard and the signed-in layout (header, Dexie-backed balance) load only
      // when a protected page is opened, so the sign-in screens stay light.
      {
        ...screen(() => import('#app/guards.tsx').then((m) => m.SessionGuard)),
        children: [
          {
            ...screen(() => import('#app/layouts/signed-in-layout.tsx').then((m) => m.SignedInLayout)),
            children: protectedRoutes,
          },
        ],
      },
      // Spec 2: any unknown path goes to /login (which sends a signed-in user home).
      { path: '*', element: <Navigate to={paths.login.getHref()} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
