import { useAtomValue } from 'jotai';
import { canSeeCoaching } from '#domain/navigation';
import { sessionAtom } from '#offline/session';
import { RestrictedAccess } from '#components/restricted-access';
import { CoachingScreen } from '#features/coaching/components/coaching-screen.tsx';

/** /seguimiento: INTERNO, PLATAFORMA and admin (#domain/navigation); others see the refusal. */
export default function CoachingRoute() {
  const user = useAtomValue(sessionAtom).user;
  if (!user) return null;
  if (!canSeeCoaching(user.perfil)) return <RestrictedAccess title="No tienes acceso a esta sección" text={null} />;
  return <CoachingScreen user={user} />;
}
