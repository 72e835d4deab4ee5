import { useAtomValue } from 'jotai';
import { sessionAtom } from '#offline/session';
import { AttributesScreen } from '#features/attributes/components/attributes-screen.tsx';

/** /atributos: the seven attribute tiles, enabled or not by the programme calendar. */
export default function AttributesRoute() {
  const user = useAtomValue(sessionAtom).user;
  if (!user) return null;
  return <AttributesScreen userId={user.id} />;
}
