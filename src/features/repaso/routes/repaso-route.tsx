import { useAtomValue } from 'jotai';
import { sessionAtom } from '#offline/session';
import { RepasoScreen } from '#features/repaso/components/repaso-screen.tsx';

/** /repaso: the agent's due round. The guard already sent staff and visitors elsewhere. */
export default function RepasoRoute() {
  const session = useAtomValue(sessionAtom);
  if (!session.user) return null;
  return <RepasoScreen userId={session.user.id} lookingOnly={session.originalUser !== null} />;
}
