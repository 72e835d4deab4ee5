import { Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { idleSignOutApplies } from '#domain/profiles';
import { sessionAtom } from '#offline/session';
import { useIdle } from '#app/hooks/run-when-idle.ts';
import { onDemand } from '#components/on-demand';

// The timer's code (activity tracking across tabs, the countdown) loads only where it applies.
const IdleTimer = onDemand(() => import('#app/layouts/idle-timer.tsx').then((m) => m.IdleTimer));

/**
 * Kiosk profiles (admin, INTERNO, PLATAFORMA, LATAM; a supervisor browsing as an agent too)
 * are signed out after the configured idle minutes, warned one minute before (IdleTimer). The
 * timer starts once the first paint is done; agents never load it.
 */
export function IdleSignOut() {
  const session = useAtomValue(sessionAtom);
  const enabled = idleSignOutApplies(session.originalUser ?? session.user);
  const idle = useIdle();
  if (!enabled || !idle) return null;
  return (
    <Suspense fallback={null}>
      <IdleTimer userId={session.user?.id ?? null} />
    </Suspense>
  );
}
