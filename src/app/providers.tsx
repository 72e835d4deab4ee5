import { lazy, Suspense, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '#app/theme.ts';
import { UpdateBanner } from '#app/pwa/update-banner.tsx';
import { MaintenanceGate } from '#app/layouts/maintenance-gate.tsx';
import { sessionAtom } from '#offline/session';

// Only signed-in screens show notifications: the container (and its transition library)
// loads with the first signed-in page, so /login stays within its 150 KB budget.
// notifications.show() before it mounts is kept by the store and shown once it does.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Theme and notifications. Jotai uses its default store (the session lives there). */
export function Providers({ children }: { children: ReactNode }) {
  const signedIn = useAtomValue(sessionAtom).status === 'authenticated';
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {signedIn && (
        <Suspense fallback={null}>
          <Notifications position="top-center" zIndex={1000} />
        </Suspense>
      )}
      <UpdateBanner />
      <MaintenanceGate>{children}</MaintenanceGate>
    </MantineProvider>
  );
}
