import { lazy, use, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation, useNavigate, type Location } from 'react-router-dom';
import { onUnauthorized } from '#api/http';
import { getSession } from '#offline/session';
import { isPublicPath, paths } from '#app/paths.ts';
import { ROUTES, type AppRoute } from '#app/routes.ts';
import { AppRouter, appHistory } from '#app/browser-router.tsx';
import { RouteErrorBoundary } from '#app/route-error.tsx';
import { RouteTitleContext } from '#components/route-title';
import { dismissShell } from '#app/shell/shell.ts';
import { nextTask } from '#app/hooks/run-when-idle.ts';

// The routes of spec section 2, from the route table (routes.ts). Each screen is its own chunk,
// and the guard and the signed-in layout load only for signed-in pages. One Suspense boundary,
// app.tsx's, above the router, holds them all: the first visit commits the layout and its screen
// together (the first paint covers the wait), a navigation, always a transition
// (browser-router.tsx), keeps the old screen until the next one's code and cached data are
// ready, as the data router did.

type Load = () => Promise<ComponentType>;
type ScreenModule = { default: ComponentType };

/** Every screen's file, loaded on demand: the route table names them by their path under src/. */
const screenFiles = import.meta.glob<ScreenModule>('/src/features/**/routes/*-route.tsx');

function screenOf(route: AppRoute): Load {
  const load = screenFiles[`/src/${route.screen}`];
  if (!load) throw new Error(`routes.ts: no screen file src/${route.screen}`);
  return () => load().then((m) => m.default);
}

const loadGuard: Load = () => import('#app/guards.tsx').then((m) => m.SessionGuard);
const loadLayout: Load = () => import('#app/layouts/signed-in-layout.tsx').then((m) => m.SignedInLayout);
/**
 * Dexie, then the app's tables, which the snapshot reader, the layout and most screens share: two
 * files evaluated a task apart (the library, then opening the tables), not one long task.
 */
const loadDatabase = () => import('dexie').then(() => import('#offline/db'));
/**
 * The first Intl formatter loads ICU's locale data (10-15 ms, four times that on a phone), and
 * the signed-in screens build one while rendering (today's programme day, calendar.ts): it is
 * built here instead, while the screen's files are on their way, in two tasks (the locale data,
 * then the formatter), each short.
 */
const warmCalendar = [
  async () => Intl.DateTimeFormat.supportedLocalesOf('en-CA'),
  () => import('#domain/calendar').then((m) => m.calendarDay(new Date())),
];

const screens = ROUTES.map((route) => ({ ...route, load: screenOf(route) }));
type Screen = (typeof screens)[number];

const lazyOf = (load: Load) => lazy(() => load().then((Component) => ({ default: Component })));
const SessionGuard = lazyOf(loadGuard);
const SignedInLayout = lazyOf(loadLayout);
// One component per file: /login and /login/:message share theirs.
const components = new Map(screens.map((screen) => [screen.screen, lazyOf(screen.load)]));
const routes = screens.map((screen) => ({ ...screen, Component: components.get(screen.screen)! }));

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
  const screen = screens.find((s) => matches(s, pathname));
  if (!screen) return [];
  return screen.signedIn ? [loadGuard, loadLayout, screen.load] : [screen.load];
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
  void inTurn(snapshots ? [() => snapshots, ...warmCalendar, ...loads] : loads);
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
function ScreenBoundary({ Component, data, title }: { Component: ComponentType; data: boolean; title: AppRoute['title'] }) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary resetKey={key}>
      <RouteTitleContext value={title}>
        <RouteScreen Component={Component} data={data} />
      </RouteTitleContext>
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

function AppRoutes() {
  const { key } = useLocation();
  return (
    <>
      <SignOutOnUnauthorized />
      <RouteErrorBoundary resetKey={key} fullScreen>
        <Routes>
          {routes.filter((route) => !route.signedIn).map(({ path, Component, title }) => (
            <Route key={path} path={path} element={<ScreenBoundary Component={Component} data={false} title={title} />} />
          ))}
          <Route element={<SessionGuard />}>
            <Route element={<SignedInLayout />}>
              <Route path={paths.root.path} element={<Navigate to={paths.home.getHref()} replace />} />
              {routes.filter((route) => route.signedIn).map(({ path, Component, title }) => (
                <Route key={path} path={path} element={<ScreenBoundary Component={Component} data title={title} />} />
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
