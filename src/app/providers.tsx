import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { cssVariablesResolver, theme } from '#app/theme.ts';
import { UpdateBanner } from '#app/pwa/update-banner.tsx';

/** Theme, modals and notifications. Jotai uses its default store (the session lives there). */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-center" zIndex={1000} />
      <UpdateBanner />
      <ModalsProvider labels={{ confirm: 'Aceptar', cancel: 'Cancelar' }}>{children}</ModalsProvider>
    </MantineProvider>
  );
}
