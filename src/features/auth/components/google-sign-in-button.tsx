import { Button, type ButtonProps } from '@mantine/core';
import { useGoogleLogin, useGoogleOAuth } from '@react-oauth/google';
import { GoogleIcon } from '#features/auth/components/google-icon.tsx';

export const SIGN_IN_LABEL = 'Preparado para ganar grandes premios?';

/** The long Spanish label must wrap on narrow phones rather than be cut. */
export const signInButtonProps: ButtonProps = {
  size: 'lg',
  fullWidth: true,
  variant: 'default',
  leftSection: <GoogleIcon />,
  styles: {
    root: { height: 'auto', minHeight: 52, paddingBlock: 10 },
    label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3, overflow: 'visible' },
  },
};

interface GoogleSignInButtonProps {
  busy: boolean;
  /** Google handed over an access token (implicit flow). */
  onToken: (accessToken: string) => void;
  /** Google refused or the consent window failed. */
  onError: () => void;
}

/** Starts Google sign-in (implicit flow). Must sit inside GoogleOAuthProvider. */
export function GoogleSignInButton({ busy, onToken, onError }: GoogleSignInButtonProps) {
  const { scriptLoadedSuccessfully } = useGoogleOAuth();
  const login = useGoogleLogin({
    flow: 'implicit',
    scope: 'openid profile email',
    onSuccess: (response) => onToken(response.access_token),
    onError: () => onError(),
    // The user closed the pop-up: nothing failed, nothing to say.
    onNonOAuthError: () => undefined,
  });
  return (
    <Button
      {...signInButtonProps}
      loading={busy || !scriptLoadedSuccessfully}
      loaderProps={{ 'aria-label': 'Cargando...' }}
      onClick={() => login()}
    >
      {SIGN_IN_LABEL}
    </Button>
  );
}
