import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { NoticeScreen } from './notice-screen';

interface OfflineStateProps {
  /** What to do about it, e.g. "Abre el catálogo con conexión una vez para verlo sin conexión." */
  children: ReactNode;
  /** Ask again now (the screen also retries by itself when the browser says it is back online). */
  onRetry?: () => void;
}

/**
 * A screen with nothing on the device yet and no network to fetch it: a calm explanation in
 * place of an error (nothing failed; the device just has not seen this screen online).
 */
export function OfflineState({ children, onRetry }: OfflineStateProps) {
  return (
    <NoticeScreen
      title="Sin conexión"
      headingOrder={2}
      iconColor="gray"
      icon={
        <>
          <path d="M2 8.8a15 15 0 0 1 4.2-2.6M9.8 5.2A15 15 0 0 1 22 8.8" />
          <path d="M5 12.5a10 10 0 0 1 4.3-2.3M14.6 10.3A10 10 0 0 1 19 12.5" />
          <path d="M8.5 16a5 5 0 0 1 7 0" />
          <path d="M12 20h.01" />
          <path d="M3 3l18 18" />
        </>
      }
      action={
        onRetry && (
          <Button variant="light" onClick={onRetry} mt="xs">
            Reintentar
          </Button>
        )
      }
    >
      {children}
    </NoticeScreen>
  );
}
