import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { engagedAtom, installOptionAtom } from '#app/pwa/install-prompt.ts';
import { updateNoticeShownAtom } from '#app/pwa/update-status.ts';
import { screenBusyAtom } from '#offline/busy';
import { onDemand } from '#components/on-demand';

const PwaControls = onDemand(() => import('#app/pwa/pwa-controls.tsx').then((m) => m.PwaControls));

/**
 * Where the install offer goes in the signed-in layout: nothing until the browser can install
 * (or it is an iPhone) and the person has started using the page; then the offer
 * (pwa-controls.tsx) is loaded. Nothing of it is on a screen's boot path. It never covers a quiz
 * question or a video (it comes back when they close), and waits while "Nueva versión
 * disponible" floats where it would go: one notice at a time.
 */
export function InstallOffer() {
  const option = useAtomValue(installOptionAtom);
  const engaged = useAtomValue(engagedAtom);
  const screenBusy = useAtomValue(screenBusyAtom);
  const updateShown = useAtomValue(updateNoticeShownAtom);
  if (!engaged || screenBusy || updateShown || (option !== 'prompt' && option !== 'ios-instructions')) return null;
  return (
    <Suspense fallback={null}>
      <PwaControls />
    </Suspense>
  );
}
