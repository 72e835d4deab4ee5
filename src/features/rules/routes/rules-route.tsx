import { useAtomValue } from 'jotai';
import { sessionAtom } from '#offline/session';
import { RulesScreen } from '#features/rules/components/rules-screen.tsx';

/** /reglas-impecables: how points, quizzes and rankings work. */
export default function RulesRoute() {
  const user = useAtomValue(sessionAtom).user;
  if (!user) return null;
  return <RulesScreen user={user} />;
}
