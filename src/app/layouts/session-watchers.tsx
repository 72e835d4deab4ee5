import { useEffect } from 'react';
import { DatabaseNotice } from '#app/layouts/database-notice.tsx';
import { IdleSignOut } from '#app/layouts/idle-sign-out.tsx';

/**
 * Signed-in behaviour with no place on the page: idle sign-out and database changes. Also
 * loads the /logout screen ahead: signing out must work offline even before the service
 * worker controls the page (first visit), or a kiosk could not be left clean.
 */
export function SessionWatchers() {
  useEffect(() => {
    import('#features/auth/routes/logout-route.tsx').catch(() => undefined);
  }, []);
  return (
    <>
      <IdleSignOut />
      <DatabaseNotice />
    </>
  );
}
