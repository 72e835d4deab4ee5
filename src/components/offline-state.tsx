import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { CachedQuery } from '#offline/use-cached-query';
import { LoadError } from './load-error';
import { NoticeScreen } from './notice-screen';

/** What every offline state promises: the screen fills in by itself (the read retries on 'online'). */
export const FILLS_IN_ONLINE = 'Se cargará en cuanto vuelvas a tener red, sin que tengas que hacer nada.';

interface OfflineStateProps {
  /** What it needs, e.g. "Abre el catálogo con conexión una vez para verlo sin conexión." */
  children: ReactNode;
  /** Ask again now (the screen also retries by itself when the browser says it is back online). */
  onRetry?: () => void;
  /** Inside a card or section with its own heading (h2): no card of its own, an h3. */
  inline?: boolean;
}

/**
 * A screen with nothing on the device yet and no network to fetch it: a calm explanation in
 * place of an error (nothing failed; the device just has not seen this screen online).
 */
export function OfflineState({ children, onRetry, inline = false }: OfflineStateProps) {
  return (
    <NoticeScreen
      title="Sin conexión"
      headingOrder={inline ? 3 : 2}
      framed={!inline}
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
      {children} {FILLS_IN_ONLINE}
    </NoticeScreen>
  );
}

interface QueryFallbackProps {
  /** A read with nothing to show (status 'offline' or 'error'). */
  query: Pick<CachedQuery<unknown>, 'status' | 'error' | 'revalidate'>;
  /** What it needs offline: "Abre el ranking con conexión una vez para verlo sin conexión." */
  offline: ReactNode;
  /** The failure, the reason follows: "No se pudo cargar el ranking". */
  errorTitle: string;
  inline?: boolean;
}

/**
 * A read with no copy to show: the offline state when the device has no network (the read's
 * status decides, once, in useCachedQuery), else the failure with a retry.
 */
export function QueryFallback({ query, offline, errorTitle, inline }: QueryFallbackProps) {
  const retry = () => void query.revalidate();
  if (query.status === 'offline') {
    return (
      <OfflineState onRetry={retry} inline={inline}>
        {offline}
      </OfflineState>
    );
  }
  return <LoadError title={`${errorTitle}: ${query.error ?? 'error desconocido'}`} onRetry={retry} />;
}
