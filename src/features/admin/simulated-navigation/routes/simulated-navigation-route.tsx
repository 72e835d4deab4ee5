import { useAtomValue } from 'jotai';
import { Card, Text } from '@mantine/core';
import { hasSimulatedNavigation } from '#domain/access';
import { sessionAtom } from '#offline/session';
import { SimulatedNavigationScreen } from '#features/admin/simulated-navigation/components/simulated-navigation-screen.tsx';

/** /navegacion-simulada: admin, INTERNO and PLATAFORMA; the others see "No tienes acceso a esta sección". */
export function SimulatedNavigationRoute() {
  const session = useAtomValue(sessionAtom);
  const user = session.user;
  if (!user) return null;
  if (!hasSimulatedNavigation(user.perfil)) {
    return (
      <Card maw={520} mx="auto" mt="md">
        <Text fw={600} ta="center" py="md">
          No tienes acceso a esta sección
        </Text>
      </Card>
    );
  }
  return <SimulatedNavigationScreen user={user} />;
}
