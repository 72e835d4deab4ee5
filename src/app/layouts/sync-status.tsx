import { useEffect, useMemo, useState } from 'react';
import { formatAge } from '#offline/format-age';
import { useSyncStatus } from '#offline/use-sync-status';
import { useHeldWhileBusy } from '#offline/use-busy';
import { useScreenDataAge } from '#components/screen-data-age';
import { useOnDemand } from '#app/hooks/use-on-demand.ts';
import { SyncDetailsTrigger } from '#app/layouts/sync-details-trigger.tsx';
import { LineIcon, OfflineLabel, SyncLine } from '#app/layouts/sync-line.tsx';
import { pendingShortText, pendingText, summarizePending } from '#app/layouts/sync-status-text.ts';
import classes from './sync-status.module.css';

// The detail's Popover (floating-ui, focus trap, ScrollArea) loads on the first intent on its button.
const loadDetails = () => import('#app/layouts/sync-details.tsx').then((m) => m.SyncDetails);

/** Re-renders every `ms` so "hace 2 min" stays true. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}


/**
 * The header's sync line, one line high: "Sin conexión", what waits to be sent (every kind, and
 * the IMPs it will bring), how old the screen's data is (once per screen), and a button for the
 * detail (each pending action, the refused ones to retry or discard, the last sync). Shows
 * nothing while online with nothing to say; its live region stays mounted to announce. While a
 * quiz question or a video is on screen it neither appears nor goes (its words still change):
 * the line would move the question's controls under the finger.
 */
export function SyncStatus({ userId }: { userId: number }) {
  const status = useSyncStatus(userId);
  const dataAge = useScreenDataAge();
  const now = useNow(30_000);
  const summary = useMemo(() => summarizePending(status.pendingRows), [status.pendingRows]);
  const pending = pendingText(summary);
  const visible = useHeldWhileBusy(!status.online || pending !== null || status.failed.length > 0 || dataAge !== null);
  const { Loaded, start, standIn } = useOnDemand(loadDetails);

  return (
    <SyncLine
      visible={visible}
      pending={pending !== null}
      status={
        <>
          {!status.online && <OfflineLabel />}
          {pending && (
            <span className={classes.pending}>
              <LineIcon className={classes.pendingIcon} paths={['M20 11a8 8 0 0 0-14.6-4.5M4 4v3h3', 'M4 13a8 8 0 0 0 14.6 4.5M20 20v-3h-3']} />
              {/* Phones see the short form; screen readers always hear the long one. */}
              <span className={classes.pendingText}>{pending}</span>
              <span className={classes.pendingShort} aria-hidden="true">
                {pendingShortText(summary)}
              </span>
            </span>
          )}
        </>
      }
    >
      {dataAge !== null && <span className={classes.age}>{formatAge(dataAge, now)}</span>}
      {visible &&
        (Loaded && start ? (
          <Loaded
            online={status.online}
            pendingSummary={pending}
            pendingRows={status.pendingRows}
            failed={status.failed}
            lastSyncAt={status.lastSyncAt}
            dataAge={dataAge}
            now={now}
            {...start}
          />
        ) : (
          <SyncDetailsTrigger {...standIn} failedCount={status.failed.length} aria-haspopup="dialog" aria-expanded={false} />
        ))}
    </SyncLine>
  );
}
