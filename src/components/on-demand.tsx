import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A part of a screen loaded the first time it renders (a dialog, a carousel), not with the
 * screen. If its file cannot be fetched (offline before the service worker cached it) it
 * renders nothing rather than throwing: a missing dialog must not replace the whole screen
 * with the route's error page. Wrap its use in <Suspense>.
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  const nothing: ComponentType<P> = () => null;
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.warn('Could not load a part of the screen', error);
        return { default: nothing };
      },
    ),
  );
}
