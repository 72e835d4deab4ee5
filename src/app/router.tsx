import { lazy, use, useCallback, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation, useNavigate, useParams, type Location } from 'react-router-dom';
import { onUnauthorized } from '#api/http';
import { getSession } from '#offline/session';
import type { LoginRouteProps } from '#features/auth/routes/login-route.tsx';
import { isPublicPath, paths } from '#app/paths.ts';
import { AppRouter, appHistory } from '#app/browser-router.tsx';
import { RouteErrorBoundary } from '#app/route-error.tsx';
import { dismissShell } from '#app/shell/shell.ts';
import { nextTask } from '#app/hooks/run-when-idle.ts';

// The routes of spec section 2. Each screen is its own chunk, and the guard and the signed-in
// layout load only for protected pages. This module (with react-router) is itself loaded on
// demand (app.tsx): a signed-out visit to /login paints its screen without it. One Suspense
// boundary, app.tsx's, above the router, holds them all: the first visit commits the layout and
// its screen together (the static shell covers the wait), a navigation, always a transition
// (browser-router.tsx), keeps the old screen until the next one's code and cached data are
// ready, as the data router did, and so does the sign-in screen handing over to the router.

type Load = () => Promise<ComponentType>;
interface Screen {
  path: string;
  load: Load;
}

/** The sign-in screen knows no router (app.tsx shows it without one): here it gets the router's. */
function underRouter(LoginRoute: ComponentType<LoginRouteProps>, passedMessage: (param: string | undefined, state: unknown) => string | null) {
  return function RoutedLogin() {
    const { message } = useParams();
    const { state } = useLocation();
    const routerNavigate = useNavigate();
    const navigate = useCallback((to: string, options?: { replace?: boolean }) => void routerNavigate(to, options), [routerNavigate]);
    return <LoginRoute message={passedMessage(message, state)} navigate={navigate} />;
  };
}

const auth = {
  login: () => import('#features/auth/routes/login-route.tsx').then((m) => underRouter(m.LoginRoute, m.passedMessage)),
  sso: () => import('#features/auth/routes/sso-route.tsx').then((m) => m.SsoRoute),
  logout: () => import('#features/auth/routes/logout-route.tsx').then((m) => m.LogoutRoute),
};
const loadGuard: Load = () => import('#app/guards.tsx').then((m) => m.SessionGuard);
const loadLayout: Load = () => import('#app/layouts/signed-in-layout.tsx').then((m) => m.SignedInLayout);
/** Dexie and the app's tables, which the snapshot reader, the layout and most screens share. */
const loadDatabase = () => import('#offline/db');

// Public: no session needed, no common layout.
const publicScreens: Screen[] = [
  { path: paths.login.path, load: auth.login },
  { path: paths.loginMessage.path, load: auth.login },
  { path: paths.sso.path, load: auth.sso },
  { path: paths.logout.path, load: auth.logout },
];

// Every protected route of spec section 2, in the spec's order.
const protectedScreens: Screen[] = [
  { path: paths.home.path, load: () => import('#features/home/routes/home-route.tsx').then((m) => m.HomeRoute) },
  { path: paths.attributes.path, load: () => import('#features/attributes/routes/attributes-route.tsx').then((m) => m.AttributesRoute) },
  { path: paths.dashboard.path, load: () => import('#features/training/routes/dashboard-route.tsx').then((m) => m.DashboardRoute) },
  { path: paths.quiz.path, load: () => import('#features/quiz/routes/quiz-route.tsx').then((m) => m.QuizRoute) },
  { path: paths.repaso.path, load: () => import('#features/repaso/routes/repaso-route.tsx').then((m) => m.RepasoRoute) },
  { path: paths.ranking.path, load: () => import('#features/ranking/routes/ranking-route.tsx').then((m) => m.RankingRoute) },
  { path: paths.rules.path, load: () => import('#features/rules/routes/rules-route.tsx').then((m) => m.RulesRoute) },
  { path: paths.catalogue.path, load: () => import('#features/rewards/catalogue/routes/catalogue-route.tsx').then((m) => m.CatalogueRoute) },
  { path: paths.orders.path, load: () => import('#features/rewards/orders/routes/orders-route.tsx').then((m) => m.OrdersRoute) },
  { path: paths.history.path, load: () => import('#features/rewards/history/routes/history-route.tsx').then((m) => m.HistoryRoute) },
  {
    path: paths.simulatedNavigation.path,
    load: () => import('#features/admin/simulated-navigation/routes/simulated-navigation-route.tsx').then((m) => m.SimulatedNavigationRoute),
  },
  {
    path: paths.orderSummary.path,
    load: () => import('#features/admin/order-summary/routes/order-summary-route.tsx').then((m) => m.OrderSummaryRoute),
  },
  { path: paths.album.path, load: () => import('#features/album/routes/album-route.tsx').then((m) => m.AlbumRoute) },
  {
    path: paths.rankingDownloads.path,
    load: () => import('#features/admin/downloads/routes/ranking-downloads-route.tsx').then((m) => m.RankingDownloadsRoute),
  },
  { path: paths.importUsers.path, load: () => import('#features/admin/import/routes/import-users-route.tsx').then((m) => m.ImportUsersRoute) },
  { path: paths.coaching.path, load: () => import('#features/coaching/routes/coaching-route.tsx').then((m) => m.CoachingRoute) },
  { path: paths.notifications.path, load: () => import('#features/notifications/routes/notifications-route.tsx').then((m) => m.NotificationsRoute) },
  { path: paths.programme.path, load: () => import('#features/programme/routes/programme-route.tsx').then((m) => m.ProgrammeRoute) },
];

const lazyOf = (load: Load) => lazy(() => load().then((Component) => ({ default: Component })));
const SessionGuard = lazyOf(loadGuard);
const SignedInLayout = lazyOf(loadLayout);
const publicRoutes = publicScreens.map((screen) => ({ ...screen, Component: lazyOf(screen.load) }));
const protectedRoutes = protectedScreens.map((screen) => ({ ...screen, Component: lazyOf(screen.load) }));

/** How long a screen waits for its cached data to be read before it renders without it. */
const SNAPSHOT_WAIT_MS = 500;

/** A promise React's use() can read synchronously once settled. */
type Ready = Promise<void> & { status?: 'fulfilled'; value?: undefined };
const readiness = new Map<string, Ready>();
const READINESS_KEPT = 8;

const matches = (screen: Screen, pathname: string) => matchPath(screen.path, pathname) !== null;

/**
 * Imports one after another, a task apart. An import evaluates all its new modules in one go, so
 * importing the layout and the screen together was one long task (25-45 ms at full speed on
 * /home, four times that on a phone); in turn, each is a short one. The files themselves are
 * already on their way (the static shell modulepreloads them), so the turns cost no waiting.
 */
async function inTurn(loads: (() => Promise<unknown>)[]): Promise<void> {
  for (const load of loads) {
    await load().catch(() => undefined);
    await nextTask();
  }
}

/** The code `pathname`'s screen needs: its own, with the guard and layout when protected. */
function loadsFor(pathname: string): Load[] {
  const screen = publicScreens.find((s) => matches(s, pathname));
  return screen ? [screen.load] : [loadGuard, loadLayout, ...protectedScreens.filter((s) => matches(s, pathname)).map((s) => s.load)];
}

/**
 * Starts loading what `location`'s screen needs, all at once rather than one lazy level after
 * another: its code (with the guard and layout when protected) and, when someone is signed in,
 * its cached rows from the device (route-snapshots.ts, imported first, right after Dexie, so
 * the read starts as soon as it can). Resolves when the rows are read (or after
 * SNAPSHOT_WAIT_MS); never rejects: a failed chunk fails again, visibly, where it renders.
 */
export function prepareRoute(location: Location): Promise<void> {
  const known = readiness.get(location.key);
  if (known) return known;
  const user = getSession().user;
  // Dexie first, alone: the largest of the modules the rest share.
  const snapshots = user && !isPublicPath(location.pathname) ? loadDatabase().then(() => import('#app/route-snapshots.ts')) : null;
  const loads = loadsFor(location.pathname);
  void inTurn(snapshots ? [() => snapshots, ...loads] : loads);
  const read = snapshots?.then(({ preloadRouteSnapshots }) =>
    Promise.race([preloadRouteSnapshots(location, user!), new Promise<void>((resolve) => setTimeout(resolve, SNAPSHOT_WAIT_MS))]),
  );
  const ready: Ready = (read ?? Promise.resolve()).catch(() => undefined);
  void ready.then(() => Object.assign(ready, { status: 'fulfilled', value: undefined }));
  readiness.set(location.key, ready);
  for (const key of [...readiness.keys()].slice(0, -READINESS_KEPT)) readiness.delete(key);
  return ready;
}

/** A screen: rendered once its cached rows are read, it then takes the static shell's place. */
function RouteScreen({ Component, data }: { Component: ComponentType; data: boolean }) {
  const location = useLocation();
  if (data) use(prepareRoute(location));
  useLayoutEffect(() => dismissShell(), []);
  return <Component />;
}

/** An error boundary per screen, so a failing screen leaves the header (and the way out) in place. */
function ScreenBoundary({ Component, data }: { Component: ComponentType; data: boolean }) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary resetKey={key}>
      <RouteScreen Component={Component} data={data} />
    </RouteErrorBoundary>
  );
}

// Spec 8: a 401 on any call ends the session. /logout restores, revokes and wipes, then /login.
function SignOutOnUnauthorized() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(
    () =>
      onUnauthorized(() => {
        if (!isPublicPath(pathname)) void navigate(paths.logout.getHref(), { replace: true });
      }),
    [navigate, pathname],
  );
  return null;
}

/** Starts loading what the page's own location needs (its first screen, before React renders it). */
export function prepareCurrentRoute(): Promise<void> {
  return prepareRoute(appHistory.location);
}

/** Every screen of the app under react-router, on the page's history. */
export function RoutedApp() {
  return (
    <AppRouter onNavigate={prepareRoute}>
      <AppRoutes />
    </AppRouter>
  );
}

/**
 * The start-up's sign-in screen leaving for `to` (app.tsx): the history moves there, and this
 * resolves once that screen's code and cached rows are loaded, so the router mounts ready to
 * paint it. Never rejects.
 */
export function handOver(to: string, options?: { replace?: boolean }): Promise<void> {
  if (options?.replace) appHistory.replace(to);
  else appHistory.push(to);
  const location = appHistory.location;
  return Promise.all([prepareRoute(location), ...loadsFor(location.pathname).map((load) => load().catch(() => undefined))]).then(() => undefined);
}

function AppRoutes() {
  const { key } = useLocation();
  return (
    <>
      <SignOutOnUnauthorized />
      <RouteErrorBoundary resetKey={key} fullScreen>
        <Routes>
          {publicRoutes.map(({ path, Component }) => (
            <Route key={path} path={path} element={<ScreenBoundary Component={Component} data={false} />} />
          ))}
          <Route element={<SessionGuard />}>
            <Route element={<SignedInLayout />}>
              <Route path={paths.root.path} element={<Navigate to={paths.home.getHref()} replace />} />
              {protectedRoutes.map(({ path, Component }) => (
                <Route key={path} path={path} element={<ScreenBoundary Component={Component} data />} />
              ))}
            </Route>
          </Route>
          {/* Spec 2: any unknown path goes to /login (which sends a signed-in user home). */}
          <Route path="*" element={<Navigate to={paths.login.getHref()} replace />} />
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}
