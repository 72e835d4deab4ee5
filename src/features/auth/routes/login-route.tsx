import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { LoginScreen } from '#features/auth/components/login-screen.tsx';
import { useSignedOutDrain } from '#features/auth/hooks/use-signed-out-drain.ts';

/** What the screen shows first: the message of /login/:message, else one passed in the navigation's state. */
export function passedMessage(param: string | undefined, state: unknown): string | null {
  if (param) return param;
  if (typeof state === 'object' && state !== null && 'message' in state && typeof state.message === 'string') {
    return state.message || null;
  }
  return null;
}

/** /login and /login/:message. */
export default function LoginRoute() {
  useSignedOutDrain();
  const { message } = useParams();
  const { state } = useLocation();
  const routerNavigate = useNavigate();
  const navigate = useCallback((to: string, options?: { replace?: boolean }) => void routerNavigate(to, options), [routerNavigate]);
  return <LoginScreen passedMessage={passedMessage(message, state)} navigate={navigate} />;
}
