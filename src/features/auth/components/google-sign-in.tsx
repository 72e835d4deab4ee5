import { Button, Stack, Text } from '@mantine/core';
import { GoogleOAuthProvider } from '@react-oauth/google';
import { GoogleSignInButton, SIGN_IN_LABEL, signInButtonProps } from '#features/auth/components/google-sign-in-button.tsx';

interface GoogleSignInProps {
  clientId: string | null;
  busy: boolean;
  onToken: (accessToken: string) => void;
  onError: () => void;
}

/**
 * Google sign-in when this server has a client id; otherwise the same button, disabled,
 * with a note (Google's script is only loaded when it can be used).
 */
export function GoogleSignIn({ clientId, busy, onToken, onError }: GoogleSignInProps) {
  if (!clientId) {
    return (
      <Stack gap={6}>
        <Button {...signInButtonProps} disabled aria-describedby="google-not-configured">
          {SIGN_IN_LABEL}
        </Button>
        <Text id="google-not-configured" size="sm" c="dimmed" ta="center">
          Inicio de sesión con Google no configurado en este servidor
        </Text>
      </Stack>
    );
  }
  return (
    <GoogleOAuthProvider clientId={clientId} locale="es">
      <GoogleSignInButton busy={busy} onToken={onToken} onError={onError} />
    </GoogleOAuthProvider>
  );
}
