import { lazy, startTransition, Suspense, useCallback, useLayoutEffect, useState } from 'react';
import { signInPage } from '#domain/paths';
import { getSession } from '#offline/session';
import type { Navigate } from '#features/auth/routes/login-route.tsx';
import { RouteErrorBoundary } from '#app/route-error.tsx';
import { PageLoader } from '#components/page-loader';
import { dismissShell, isShellShowing } from '#app/shell/shell.ts';

// The app's top: the router with every screen (router.tsx), or, when a visit starts signed out
// on /login, the sign-in screen alone. react-router (~13 KB gzip) and the route table are not
// needed to paint that screen, so they load only when it leaves (signed in, or the demo's SSO
// link); from then on the router has the page for good, /login included.

const loadRouter = () => import('#app/router.tsx');
const loadLogin = () => import('#features/auth/routes/login-route.tsx');

const RoutedApp = lazy(() => loadRouter().then((m) => ({ default: m.RoutedApp })));

/** The page starts on the sign-in screen: nobody is signed in, and the path is /login or /login/:message. */
function signInStart(): { message?: string } | null {
  return getSession().user ? null : signInPage(window.location.pathname);
}

/** The sign-in screen without a router: its message read from the page's own location, as the router would. */
const SignIn = lazy(() =>
  loadLogin().then(({ LoginRoute, passedMessage }) => ({
    default: function SignIn({ navigate }: { navigate: Navigate }) {
      const [message] = useState(() => {
        // react-router keeps a navigation's state under `usr` (a reload keeps it).
        const state: unknown = window.history.state;
        const usr = typeof state === 'object' && state !== null && 'usr' in state ? state.usr : undefined;
        return passedMessage(signInStart()?.message, usr);
      });
      useLayoutEffect(() => dismissShell(), []);
      return <LoginRoute message={message} navigate={navigate} />;
    },
  })),
);

/** While the static shell shows (the first visit), nothing may paint over it. */
function Fallback() {
  return isShellShowing() ? null : <PageLoader fullScreen />;
}

/** Starts loading the first screen's code (and, under the router, its cached rows) before React renders. */
export function prepareStart(): void {
  if (signInStart()) void loadLogin().catch(() => undefined);
  else void loadRouter().then((m) => m.prepareCurrentRoute(), () => undefined);
}

export function App() {
  const [routed, setRouted] = useState(() => signInStart() === null);
  // The sign-in screen stays up until the next screen is ready to paint, as a navigation does.
  const navigate = useCallback<Navigate>((to, options) => {
    loadRouter()
      .then(({ handOver }) => handOver(to, options))
      .catch(() => {
        // The router's file could not load (offline before it was cached): the error screen says
        // so, and reloads at `to` once the network is back.
        window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', to);
      })
      .finally(() => startTransition(() => setRouted(true)));
  }, []);
  // The one Suspense boundary of every screen (router.tsx has none of its own): a navigation or
  // the hand-over, both transitions, keeps the screen on show until the next one is ready.
  return (
    <RouteErrorBoundary resetKey={routed ? 'router' : 'sign-in'} fullScreen>
      <Suspense fallback={<Fallback />}>{routed ? <RoutedApp /> : <SignIn navigate={navigate} />}</Suspense>
    </RouteErrorBoundary>
  );
}
