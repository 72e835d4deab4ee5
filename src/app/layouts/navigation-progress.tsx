import { useNavigationPending } from '#app/browser-router.tsx';
import classes from './navigation-progress.module.css';

/**
 * A thin bar while a navigation waits for the next screen (its code, its cached data); the old
 * screen stays meanwhile. It fades in late, so quick navigations show none.
 */
export function NavigationProgress() {
  if (!useNavigationPending()) return null;
  return <div className={classes.bar} role="progressbar" aria-label="Cargando..." />;
}
