import { Suspense, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { MantineProvider } from '@mantine/core';
import { theme } from '#app/theme.ts';
import { UpdateBanner } from '#app/pwa/update-banner.tsx';
import { MaintenanceGate } from '#app/layouts/maintenance-gate.tsx';
import { sessionAtom } from '#offline/session';
import { screenBusyAtom } from '#offline/busy';
import { onDemand } from '#components/on-demand';
import { notificationsWantedAtom } from '#components/notify';

// Only signed-in screens show notifications, and only once something asked for one
// (components/notify.tsx): the container and its transition library are not part of start-up.
// notifications.show() before it mounts is kept by the store and shown once it does; so toasts
// wait, unmounted, while a quiz question or a video is on screen, and show when it closes.
const Notifications = onDemand(() => import('@mantine/notifications').then((m) => m.Notifications));

/** Theme and notifications. Jotai uses its default store (the session lives there). */
export function Providers({ children }: { children: ReactNode }) {
  const signedIn = useAtomValue(sessionAtom).status === 'authenticated';
  const wanted = useAtomValue(notificationsWantedAtom);
  const screenBusy = useAtomValue(screenBusyAtom);
  return (
    // The theme's CSS variables are in the page already, written at build time with the first
    // paint's frame (shell/frame.tsx, scripts/vite/frame.ts): computing them again was part of
    // every page's first render.
    <MantineProvider theme={theme} withCssVariables={false} defaultColorScheme="light">
      {signedIn && wanted && !screenBusy && (
        <Suspense fallback={null}>
          <Notifications position="top-center" zIndex={1000} />
        </Suspense>
      )}
      <UpdateBanner />
      <MaintenanceGate>{children}</MaintenanceGate>
    </MantineProvider>
  );
}
