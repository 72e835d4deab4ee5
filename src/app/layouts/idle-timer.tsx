import { Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCachedAppConfig } from '#data/shared-reads';
import { useIdleSignOut } from '#app/hooks/use-idle-sign-out.ts';
import { useIdleEffect } from '#app/hooks/run-when-idle.ts';
import { paths } from '#app/paths.ts';
import { onDemand } from '#components/on-demand';

/** The server's default, used until the configuration is on the device. */
const DEFAULT_IDLE_MINUTES = 10;

// The warning's Modal (focus trap, scroll lock) is not part of the first paint.
const loadWarning = () => import('#app/layouts/idle-warning.tsx').then((m) => m.IdleWarning);
const IdleWarning = onDemand(loadWarning);

/**
 * A kiosk session's idle timer (IdleSignOut mounts it, after the first paint): signs out after
 * the configured idle minutes, warned one minute before. The idle minutes come from the device's
 * copy of the configuration, so an offline start asks the network for nothing.
 */
export function IdleTimer({ userId }: { userId: number | null }) {
  const { data: config } = useCachedAppConfig(userId);
  const navigate = useNavigate();
  const idleMs = (config?.supervisorIdleMinutes ?? DEFAULT_IDLE_MINUTES) * 60_000;
  const onExpire = useCallback(() => void navigate(paths.logout.getHref(), { replace: true }), [navigate]);
  const { secondsLeft, stayConnected } = useIdleSignOut({ enabled: true, idleMs, onExpire });
  // Fetched ahead, so the warning still shows if the network is gone by then.
  useIdleEffect(() => {
    loadWarning().catch(() => undefined);
  }, []);
  // Once shown, the warning stays mounted so it closes with its transition.
  const [warned, setWarned] = useState(false);
  if (secondsLeft !== null && !warned) setWarned(true);

  if (!warned) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning opened={secondsLeft !== null} secondsLeft={secondsLeft ?? 0} onStay={stayConnected} />
    </Suspense>
  );
}
