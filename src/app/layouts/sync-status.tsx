import { useEffect, useState } from 'react';
import { Badge } from '@mantine/core';
import { formatLastSync } from '#offline/format-age';
import { useSyncStatus } from '#offline/use-sync-status';
import { FailedActions } from '#app/layouts/failed-actions.tsx';
import { pendingText } from '#app/layouts/sync-status-text.ts';
import classes from './sync-status.module.css';

/** Re-renders every `ms` so "hace 2 min" stays true. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

function CloudOffIcon() {
  return (
    <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M3 3l18 18" />
      <path d="M8.5 8.6A5 5 0 0 0 6.4 17H17m3.1-1.6A3.5 3.5 0 0 0 17.5 10h-.8A6 6 0 0 0 10.9 6.3" />
    </svg>
  );
}

function SyncIcon({ className }: { className?: string }) {
  return (
    <svg className={className} width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M20 11a8 8 0 0 0-14.6-4.5M4 4v3h3" />
      <path d="M4 13a8 8 0 0 0 14.6 4.5M20 20v-3h-3" />
    </svg>
  );
}

/**
 * The header's sync strip: "Sin conexión", what is waiting to be sent (and the IMPs it will
 * bring), when the last queued action reached the server, and the actions the server refused.
 * Shows nothing while online with nothing pending; its live region stays mounted to announce.
 */
export function SyncStatus({ userId }: { userId: number }) {
  const status = useSyncStatus(userId);
  const now = useNow(30_000);
  const pending = pendingText(status.pending, status.pendingImps);
  const visible = !status.online || pending !== null || status.failed.length > 0;

  return (
    <div className={classes.bar} data-visible={visible || undefined}>
      <div className={classes.inner}>
        <div className={classes.status} role="status" aria-live="polite">
          {!status.online && (
            <Badge color="dark" variant="white" radius="sm" size="md" leftSection={<CloudOffIcon />}>
              Sin conexión
            </Badge>
          )}
          {pending && (
            <span className={classes.pending}>
              <SyncIcon className={classes.pendingIcon} />
              {pending}
            </span>
          )}
        </div>
        {visible && status.lastSyncAt !== null && <span className={classes.age}>{formatLastSync(status.lastSyncAt, now)}</span>}
        {status.failed.length > 0 && (
          <div className={classes.failed}>
            <FailedActions rows={status.failed} />
          </div>
        )}
      </div>
    </div>
  );
}
