import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#domain/paths';
import { signOut } from '#offline/session-lifecycle';
import { SessionStatusScreen } from '#features/auth/components/session-status-screen.tsx';

/** /logout: ends the session (restoring a simulated navigation first), wipes local data, then login. */
export default function LogoutRoute() {
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    void signOut()
      .catch((error: unknown) => console.warn('Sign-out did not finish cleanly', error))
      .then(() => live && navigate(paths.login.getHref(), { replace: true }));
    return () => {
      live = false;
    };
  }, [navigate]);

  return <SessionStatusScreen />;
}
