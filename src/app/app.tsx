import { lazy, Suspense } from 'react';
import { RouteErrorBoundary } from '#app/route-error.tsx';
import { PageLoader } from '#components/page-loader';
import { isShellShowing } from '#app/shell/shell.ts';

// The router (react-router and the route table) is a file of its own, fetched with the entry
// (the first paint asks for it: routes.ts APP_FILES): evaluating it is a task of its own
// instead of a longer first one.
const loadRouter = () => import('#app/router.tsx');
const RoutedApp = lazy(() => loadRouter().then((m) => ({ default: m.RoutedApp })));

/** While the first paint's frame shows, nothing may paint over it. */
function Fallback() {
  return isShellShowing() ? null : <PageLoader fullScreen />;
}

/** Starts loading the first screen's code and cached rows before React renders. */
export function prepareStart(): void {
  void loadRouter().then((m) => m.prepareCurrentRoute(), () => undefined);
}

/**
 * The app's top: every screen under the router. The one Suspense boundary of every screen
 * (router.tsx has none of its own): a navigation, a transition, keeps the screen on show until
 * the next one is ready.
 */
export function App() {
  return (
    <RouteErrorBoundary resetKey="app" fullScreen>
      <Suspense fallback={<Fallback />}>
        <RoutedApp />
      </Suspense>
    </RouteErrorBoundary>
  );
}
