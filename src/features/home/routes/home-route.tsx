import { useAtomValue } from 'jotai';
import { Card, Text } from '@mantine/core';
import { sessionAtom } from '#offline/session';
import { HomeScreen } from '#features/home/components/home-screen.tsx';

/** /home. The guard already sends visitors without a session to /login. */
export default function HomeRoute() {
  const user = useAtomValue(sessionAtom).user;
  if (!user) {
    return (
      <Card>
        <Text ta="center">tienes que hacer login</Text>
      </Card>
    );
  }
  return <HomeScreen user={user} />;
}
