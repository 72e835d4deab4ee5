import { Suspense, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { listenForInstall } from '#app/pwa/install-prompt.ts';
import { startServiceWorker, updateStatusAtom } from '#app/pwa/sw-registration.ts';
import { runWhenIdle } from '#app/hooks/run-when-idle.ts';
import { onDemand } from '#components/on-demand';

const UpdateNotice = onDemand(() => import('#app/pwa/update-notice.tsx').then((m) => m.UpdateNotice));

/**
 * App-level PWA runtime: listens for install events from start-up (they may come early),
 * registers the service worker once the first paint is done, and shows "Nueva versión
 * disponible" (update-notice.tsx, loaded then) when a new version waits.
 */
export function UpdateBanner() {
  const status = useAtomValue(updateStatusAtom);

  useEffect(() => {
    listenForInstall();
    return runWhenIdle(startServiceWorker);
  }, []);

  if (status === 'none') return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice status={status} />
    </Suspense>
  );
}
