import { DatabaseNotice } from '#app/layouts/database-notice.tsx';
import { IdleSignOut } from '#app/layouts/idle-sign-out.tsx';
import { useIdleEffect } from '#app/hooks/run-when-idle.ts';

/**
 * Signed-in behaviour with no place on the page: idle sign-out and database changes. Also
 * loads the /logout screen ahead, once the first paint is done: signing out must work offline
 * even before the service worker controls the page (first visit), or a kiosk could not be
 * left clean.
 */
export function SessionWatchers() {
  useIdleEffect(() => {
    import('#features/auth/routes/logout-route.tsx').catch(() => undefined);
  }, []);
  return (
    <>
      <IdleSignOut />
      <DatabaseNotice />
    </>
  );
}
