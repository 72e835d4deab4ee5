import { LoginScreen, type Navigate } from '#features/auth/components/login-screen.tsx';
import { useSignedOutDrain } from '#features/auth/hooks/use-signed-out-drain.ts';

export type { Navigate };

/** What the screen shows first: the message of /login/:message, else one passed in the navigation's state. */
export function passedMessage(param: string | undefined, state: unknown): string | null {
  if (param) return param;
  if (typeof state === 'object' && state !== null && 'message' in state && typeof state.message === 'string') {
    return state.message || null;
  }
  return null;
}

export interface LoginRouteProps {
  message: string | null;
  /** How the screen leaves (react-router's navigate, or the start-up's hand-over to the router). */
  navigate: Navigate;
}

/**
 * /login and /login/:message. It knows no router: the first screen of a signed-out visit shows
 * without one (src/app/app.tsx), so /login does not load react-router before it paints.
 */
export function LoginRoute({ message, navigate }: LoginRouteProps) {
  useSignedOutDrain();
  return <LoginScreen passedMessage={message} navigate={navigate} />;
}
