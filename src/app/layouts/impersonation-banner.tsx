import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useElementSize } from '@mantine/hooks';
import { navigationBanner } from '#domain/navigation';
import { sessionAtom } from '#offline/session';
import { paths } from '#app/paths.ts';
import { ImpersonationBar } from '#app/layouts/impersonation-bar.tsx';
import classes from './impersonation-banner.module.css';

/**
 * Spec 2 "Impersonation banner": "Estás navegando como {nick_name}" with "salir". While
 * impersonating, salir revokes the agent's token, wipes the agent's cached data and brings the
 * supervisor back; otherwise (INTERNO/PLATAFORMA elsewhere) it only goes back to the screen.
 */
export function ImpersonationBanner() {
  const session = useAtomValue(sessionAtom);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  // The spacer takes the bar's real height: a long nickname wraps it onto two lines on a phone.
  const { ref, height } = useElementSize();
  const banner = navigationBanner(session.user, session.originalUser !== null, pathname);
  if (!banner) return null;

  const leave = () => {
    if (!banner.restores) {
      navigate(paths.simulatedNavigation.getHref());
      return;
    }
    setLeaving(true);
    // The sign-out machinery (drain, revoke, wipe) stays off the boot path: fetched on click
    // (the drain loop has usually loaded it at idle already; the service worker precaches it).
    import('#offline/session-lifecycle')
      .then(({ restoreOriginalUser }) => restoreOriginalUser())
      .catch((error: unknown) => console.warn('Could not leave the simulated navigation cleanly', error))
      .finally(() => {
        setLeaving(false);
        navigate(paths.simulatedNavigation.getHref(), { replace: true });
      });
  };

  return (
    <>
      <div className={classes.spacer} style={height > 0 ? { height: height + 16 } : undefined} aria-hidden="true" />
      <ImpersonationBar ref={ref} nickName={banner.nickName} onExit={leave} leaving={leaving} />
    </>
  );
}
