import { Suspense, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { listenForInstall } from '#app/pwa/install-prompt.ts';
import { updateNoticeShownAtom, updateStatusAtom } from '#app/pwa/update-status.ts';
import { runWhenIdle } from '#app/hooks/run-when-idle.ts';
import { onDemand } from '#components/on-demand';

/** The registration and its update flow, with workbox-window: at idle, not with the first paint. */
function startServiceWorker(): void {
  import('#app/pwa/sw-registration.ts').then(
    (m) => m.startServiceWorker(),
    // Offline before the file was cached: the next page load tries again.
    (error: unknown) => console.warn('Could not load the service worker registration', error),
  );
}

const UpdateNotice = onDemand(() => import('#app/pwa/update-notice.tsx').then((m) => m.UpdateNotice));

/**
 * App-level PWA runtime: listens for install events from start-up (they may come early),
 * registers the service worker once the first paint is done, and shows "Nueva versión
 * disponible" (update-notice.tsx, loaded then) when a new version waits, but not over a quiz
 * question or a video (update-status.ts `updateNoticeShownAtom`).
 */
export function UpdateBanner() {
  const status = useAtomValue(updateStatusAtom);
  const shown = useAtomValue(updateNoticeShownAtom);

  useEffect(() => {
    listenForInstall();
    return runWhenIdle(startServiceWorker);
  }, []);

  if (status === 'none' || !shown) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice status={status} />
    </Suspense>
  );
}
