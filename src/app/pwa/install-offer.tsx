import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { engagedAtom, installOptionAtom } from '#app/pwa/install-prompt.ts';
import { onDemand } from '#components/on-demand';

const PwaControls = onDemand(() => import('#app/pwa/pwa-controls.tsx').then((m) => m.PwaControls));

/**
 * Where the install offer goes in the signed-in layout: nothing until the browser can install
 * (or it is an iPhone) and the person has started using the page; then the offer
 * (pwa-controls.tsx) is loaded. Nothing of it is on a screen's boot path.
 */
export function InstallOffer() {
  const option = useAtomValue(installOptionAtom);
  const engaged = useAtomValue(engagedAtom);
  if (!engaged || (option !== 'prompt' && option !== 'ios-instructions')) return null;
  return (
    <Suspense fallback={null}>
      <PwaControls />
    </Suspense>
  );
}
