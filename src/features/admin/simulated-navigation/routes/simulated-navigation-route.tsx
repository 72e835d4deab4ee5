import { useAtomValue } from 'jotai';
import { hasSimulatedNavigation } from '#domain/profiles';
import { sessionAtom } from '#offline/session';
import { RestrictedAccess } from '#components/restricted-access';
import { SimulatedNavigationScreen } from '#features/admin/simulated-navigation/components/simulated-navigation-screen.tsx';

/** /navegacion-simulada: admin, INTERNO and PLATAFORMA; the others see "No tienes acceso a esta sección". */
export default function SimulatedNavigationRoute() {
  const session = useAtomValue(sessionAtom);
  const user = session.user;
  if (!user) return null;
  if (!hasSimulatedNavigation(user.perfil)) {
    return <RestrictedAccess title="No tienes acceso a esta sección" text={null} />;
  }
  return <SimulatedNavigationScreen user={user} />;
}
