import { Outlet } from 'react-router-dom';
import { Box, Container } from '@mantine/core';
import { AppHeader } from '#app/layouts/app-header.tsx';
import { ImpersonationBanner } from '#app/layouts/impersonation-banner.tsx';
import { NavigationProgress } from '#app/layouts/navigation-progress.tsx';
import { PAGE_CONTAINER } from '#app/layouts/page-container.tsx';
import { SessionWatchers } from '#app/layouts/session-watchers.tsx';
import { InstallOffer } from '#app/pwa/install-offer.tsx';

/** Every signed-in page: header with balance and menu, then the screen. */
export function SignedInLayout() {
  return (
    <Box mih="100dvh">
      <NavigationProgress />
      <SessionWatchers />
      <a href="#contenido" className="skip-link">
        Saltar al contenido
      </a>
      <AppHeader />
      <InstallOffer />
      <Container component="main" id="contenido" tabIndex={-1} {...PAGE_CONTAINER}>
        <Outlet />
      </Container>
      <ImpersonationBanner />
    </Box>
  );
}
