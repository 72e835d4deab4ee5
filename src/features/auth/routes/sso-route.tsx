import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { loginLanding } from '#domain/navigation';
import { paths } from '#domain/paths';
import { LOGIN_FAILED_MESSAGE, signInWithSso } from '#features/auth/commands.ts';
import { SessionStatusScreen } from '#features/auth/components/session-status-screen.tsx';

/**
 * /sso/:token: signs in with the link's single-use token, then where a sign-in lands (home; admin
 * its simulated navigation, LATAM its order summary); on failure back to login with the reason.
 */
export default function SsoRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    signInWithSso(token).then(
      (user) => live && navigate(loginLanding(user), { replace: true }),
      (error: unknown) => {
        const message = error instanceof Error && error.message ? error.message : LOGIN_FAILED_MESSAGE;
        if (live) navigate(paths.loginMessage.getHref(message), { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  return <SessionStatusScreen />;
}
