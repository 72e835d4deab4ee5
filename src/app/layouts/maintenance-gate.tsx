import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { fetchAppConfig } from '#api/config';
import { onMaintenance } from '#api/http';
import { onDemand } from '#components/on-demand';

// Rarely shown, so not part of the first paint; the static app is served in maintenance too.
const MaintenanceScreen = onDemand(() => import('#app/layouts/maintenance-screen.tsx').then((m) => m.MaintenanceScreen));

/** How often the screen looks again by itself while it is shown. */
const RECHECK_MS = 60_000;

/**
 * Shows the maintenance screen instead of the app as soon as any call answers 503 with
 * `maintenance: 1`, and gives the app back once a call succeeds again. The routes unmount
 * meanwhile, so no screen keeps calling a server that refuses it.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const [down, setDown] = useState(false);
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);

  useEffect(() => onMaintenance(() => setDown(true)), []);

  const recheck = useCallback(() => {
    setChecking(true);
    fetchAppConfig().then(
      () => {
        setDown(false);
        setStillDown(false);
      },
      () => setStillDown(true),
    ).finally(() => setChecking(false));
  }, []);

  useEffect(() => {
    if (!down) return undefined;
    const timer = setInterval(recheck, RECHECK_MS);
    return () => clearInterval(timer);
  }, [down, recheck]);

  if (down) {
    return (
      <Suspense fallback={null}>
        <MaintenanceScreen onRetry={recheck} checking={checking} stillDown={stillDown} />
      </Suspense>
    );
  }
  return children;
}
