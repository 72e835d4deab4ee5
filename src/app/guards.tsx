import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { guardRedirect, needsNickname } from '#domain/navigation';
import { sessionAtom } from '#offline/session';
import { NicknameModal } from '#app/layouts/nickname-modal-on-demand.tsx';
import { paths } from '#app/paths.ts';
import { useDrainLoop } from '#app/hooks/use-drain-loop.ts';

/**
 * Layout route around every protected page: applies the guard rules of spec 2
 * (redirects, malformed session → logout), asks for a nickname when missing,
 * and runs the outbox drain while someone is signed in.
 */
export function SessionGuard() {
  const session = useAtomValue(sessionAtom);
  const location = useLocation();
  const user = session.status === 'authenticated' ? session.user : null;
  useDrainLoop(user?.id ?? null);

  const target = guardRedirect(location.pathname, user);
  if (target === 'logout') return <Navigate to={paths.logout.getHref()} replace />;
  if (target !== null) return <Navigate to={target} replace />;
  if (!user) return <Navigate to={paths.login.getHref()} replace />;

  return (
    <>
      <Outlet />
      {needsNickname(user) && <NicknameModal />}
    </>
  );
}
