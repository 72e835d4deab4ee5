// The sync line's look, with no data: the header's SyncStatus fills it from the device's sync
// state, and the first paint's frame (app/shell/frame.tsx) draws its "Sin conexión".
import type { ReactNode } from 'react';
import classes from './sync-status.module.css';

/** The sync line's icons: 16 px strokes in the text's colour, `paths` their shapes. */
export function LineIcon({ className, paths }: { className: string | undefined; paths: string[] }) {
  return (
    <svg className={className} width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/** "Sin conexión", with its icon. */
export function OfflineLabel() {
  return (
    <span className={classes.offline} title="Sin conexión">
      <LineIcon className={classes.icon} paths={['M3 3l18 18', 'M8.5 8.6A5 5 0 0 0 6.4 17H17m3.1-1.6A3.5 3.5 0 0 0 17.5 10h-.8A6 6 0 0 0 10.9 6.3']} />
      <span className={classes.offlineLabel}>Sin conexión</span>
    </span>
  );
}

interface SyncLineProps {
  /** Takes room (else it stays mounted, one line of nothing, for its live region). */
  visible: boolean;
  /** Something waits to be sent (phones then shorten the words). */
  pending?: boolean;
  /** What the live region announces: offline, what waits. */
  status: ReactNode;
  /** After it: the data's age, the detail's button. */
  children?: ReactNode;
}

/** One line at the foot of the header. */
export function SyncLine({ visible, pending = false, status, children }: SyncLineProps) {
  return (
    <div className={classes.bar} data-visible={visible || undefined}>
      <div className={classes.inner} data-pending={pending || undefined}>
        {/* Announces going offline and what waits; the age (which ticks) stays outside. */}
        <div className={classes.status} role="status" aria-live="polite">
          {status}
        </div>
        {children}
      </div>
    </div>
  );
}
