// The header's bell, with no data: NotificationBell gives it the unread count and opens the
// centre; the first paint's frame (app/shell/frame.tsx) draws it for agents.
import type { ComponentPropsWithRef } from 'react';
import { ActionIcon } from '@mantine/core';
import { BellIcon } from './bell-icon.tsx';
import classes from './bell.module.css';

const onBrand = () => ({
  root: {
    '--ai-bg': 'rgba(255, 255, 255, 0.12)',
    '--ai-hover': 'rgba(255, 255, 255, 0.24)',
    '--ai-color': 'var(--mantine-color-white)',
    '--ai-bd': '1px solid rgba(255, 255, 255, 0.45)',
  },
});

export function bellLabel(unread: number): string {
  if (unread === 0) return 'Avisos';
  return unread === 1 ? 'Avisos: 1 sin leer' : `Avisos: ${unread} sin leer`;
}

/** The bell button, named with the unread count, and the count's badge for the eye. */
export function BellButton({ unread, ...props }: { unread: number } & ComponentPropsWithRef<'button'>) {
  return (
    // The count is in the button's name; the badge is for the eye (a plain span: Indicator would cost every route its chunk).
    <span className={classes.bellBox}>
      <ActionIcon {...props} variant="filled" radius="md" className={classes.bell} vars={onBrand} aria-label={bellLabel(unread)} aria-haspopup="dialog">
        <BellIcon />
      </ActionIcon>
      {unread > 0 && (
        <span className={classes.badge} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </span>
  );
}
