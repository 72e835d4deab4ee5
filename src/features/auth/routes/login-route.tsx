import { useLocation, useParams } from 'react-router-dom';
import { LoginScreen } from '#features/auth/components/login-screen.tsx';
import { useSignedOutDrain } from '#features/auth/hooks/use-signed-out-drain.ts';

function stateMessage(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'message' in state && typeof state.message === 'string') {
    return state.message || null;
  }
  return null;
}

/** /login and /login/:message */
export function LoginRoute() {
  const { message } = useParams();
  const location = useLocation();
  useSignedOutDrain();
  return <LoginScreen passedMessage={message || stateMessage(location.state)} />;
}
