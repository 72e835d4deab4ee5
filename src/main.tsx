import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { onUnauthorized } from '#api/http';
import { Providers } from '#app/providers.tsx';
import { createAppRouter } from '#app/router.tsx';
import { isPublicPath, paths } from '#app/paths.ts';

const router = createAppRouter();

// Spec 8: a 401 on any call ends the session. /logout restores, revokes and wipes, then /login.
onUnauthorized(() => {
  if (!isPublicPath(router.state.location.pathname)) void router.navigate(paths.logout.getHref(), { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
