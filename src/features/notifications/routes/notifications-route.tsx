import { useAtomValue } from 'jotai';
import { isAgentProfile } from '#domain/profiles';
import { sessionAtom } from '#offline/session';
import { RestrictedAccess } from '#components/restricted-access';
import { NotificationsScreen } from '../components/notifications-screen.tsx';

/** /avisos (issue 21): agents only; supervisors are never notified about agents' events. */
export default function NotificationsRoute() {
  const session = useAtomValue(sessionAtom);
  if (!session.user || !isAgentProfile(session.user.perfil)) return <RestrictedAccess />;
  return <NotificationsScreen user={session.user} impersonating={session.originalUser !== null} />;
}
