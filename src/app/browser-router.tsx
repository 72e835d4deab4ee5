import { createContext, useContext, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location } from 'react-router-dom';

// React Router in declarative mode on the browser's history (the data router's extra ~17 KB
// gzip bought nothing here: no loaders, no actions). It is BrowserRouter plus two things: every
// navigation renders in a transition of ours, so the old screen stays until the next one is
// ready and the progress bar knows it is waiting; and each navigation is announced before it
// renders, so the next screen's code and cached data start loading at once.

/** The page's one history; main.tsx prepares the first route from its location before React renders. */
export const appHistory = createBrowserHistory({ v5Compat: true });

const NavigationPendingContext = createContext(false);

/** True while a navigation waits for its screen (code or data) to be ready. */
export function useNavigationPending(): boolean {
  return useContext(NavigationPendingContext);
}

interface AppRouterProps {
  children: ReactNode;
  /** Called with every new location before it renders (it must not throw). */
  onNavigate: (location: Location) => void;
}

export function AppRouter({ children, onNavigate }: AppRouterProps) {
  const [state, setState] = useState({ action: appHistory.action, location: appHistory.location });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () =>
      appHistory.listen((update) => {
        onNavigate(update.location);
        startTransition(() => setState({ action: update.action, location: update.location }));
      }),
    [onNavigate],
  );
  return (
    <NavigationPendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={appHistory}>
        {children}
      </Router>
    </NavigationPendingContext>
  );
}
