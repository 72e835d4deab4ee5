import { Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';
import { loginLanding, signedInLoginRedirect } from '#domain/navigation';
import { sessionAtom } from '#offline/session';
import { LOGIN_FAILED_MESSAGE, signInWithGoogle } from '#features/auth/commands.ts';
import { useAppConfig } from '#data/app-config';
import { AuthShell } from '#features/auth/components/auth-shell.tsx';
import { GoogleSignIn } from '#features/auth/components/google-sign-in.tsx';
import { LoginCard, SignInBone } from '#features/auth/components/login-card.tsx';
import { LoginPitch } from '#features/auth/components/login-pitch.tsx';
import { onDemand } from '#components/on-demand';

// Demo servers only (a real deployment has no demo users): its code is not part of /login's first paint.
const DemoUsersCard = onDemand(() => import('#features/auth/components/demo-users-card.tsx').then((m) => m.DemoUsersCard));

/** Leaves the sign-in screen for `to` (react-router's navigate, or the start-up's hand-over to it). */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

interface LoginScreenProps {
  /** A message passed in the route (/login/:message) or navigation state. */
  passedMessage: string | null;
  navigate: Navigate;
}

export function LoginScreen({ passedMessage, navigate }: LoginScreenProps) {
  const session = useAtomValue(sessionAtom);
  const { config, error: configError, retry } = useAppConfig();
  // Set before the session changes, so the redirect below knows this is a fresh sign-in.
  const [signingIn, setSigningIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const user = session.status === 'authenticated' ? session.user : null;
  const target = user ? (signingIn ? loginLanding(user) : signedInLoginRedirect(user)) : null;
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
  // Someone already signed in arriving here leaves at once; a fresh sign-in keeps the busy card
  // on screen until the next screen is ready.
  if (target && !signingIn) return null;

  async function handleToken(accessToken: string) {
    setSigningIn(true);
    setFailure(null);
    try {
      await signInWithGoogle(accessToken);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : LOGIN_FAILED_MESSAGE);
      setSigningIn(false);
    }
  }

  const alert = failure ?? passedMessage;

  return (
    <AuthShell aside={<LoginPitch />}>
      <LoginCard>
        {alert && (
          <Alert color="red" role="alert" icon={<AlertIcon />}>
            {alert}
          </Alert>
        )}
        {config ? (
          <GoogleSignIn
            clientId={config.googleClientId}
            busy={signingIn}
            onToken={(token) => void handleToken(token)}
            onError={() => setFailure(LOGIN_FAILED_MESSAGE)}
          />
        ) : configError ? (
          <Alert color="red" role="alert" icon={<AlertIcon />} title="No se pudo cargar la configuración">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{configError}</Text>
              <Button size="xs" variant="default" onClick={retry}>
                Reintentar
              </Button>
            </Stack>
          </Alert>
        ) : (
          <SignInBone />
        )}
      </LoginCard>
      {config?.demoMode && config.demoUsers.length > 0 && (
        <Suspense fallback={null}>
          <DemoUsersCard users={config.demoUsers} navigate={navigate} />
        </Suspense>
      )}
    </AuthShell>
  );
}
