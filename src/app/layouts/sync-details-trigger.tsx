import type { ComponentPropsWithRef } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';
import { failedText } from '#app/layouts/sync-status-text.ts';
import classes from './sync-status.module.css';

function ChevronIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/**
 * The button that opens the sync line's detail: "N rechazadas" in red when the server refused
 * actions, a chevron otherwise. The same before the detail loads and as its target.
 */
export function SyncDetailsTrigger({ failedCount, ...props }: { failedCount: number } & ComponentPropsWithRef<'button'>) {
  if (failedCount > 0) {
    return (
      <Button {...props} size="compact-sm" color="red" variant="white" leftSection={<AlertIcon size={16} />} rightSection={<ChevronIcon />} className={classes.trigger}>
        {failedText(failedCount)}
      </Button>
    );
  }
  return (
    <ActionIcon {...props} variant="subtle" color="white" size={32} aria-label="Detalles de la sincronización" className={classes.trigger}>
      <ChevronIcon />
    </ActionIcon>
  );
}
