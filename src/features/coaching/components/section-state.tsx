import type { ReactNode } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { FreshnessNote } from '#components/freshness-note';
import { QueryFallback } from '#components/offline-state';
import type { CachedQuery } from '#offline/use-cached-query';

interface SectionStateProps<T> {
  query: CachedQuery<T>;
  /** What failed to load, for "No se pudo cargar {what}: …". */
  what: string;
  /** The skeleton's blocks, as tall as what will replace them. */
  skeleton?: readonly number[];
  children: (data: T) => ReactNode;
}

/**
 * A section's read: its skeleton while the first answer comes, the cached figures (with their
 * age in the header's sync line) once there are any, and with none a calm offline line or the
 * failure with a retry.
 */
export function SectionState<T>({ query, what, skeleton = [120], children }: SectionStateProps<T>) {
  if (query.isLoading) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={`Cargando ${what}`}>
        {skeleton.map((height, index) => (
          <Skeleton key={index} height={height} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.data === undefined) {
    return <QueryFallback query={query} inline offline="Abre esta parte con conexión una vez para verla sin conexión." errorTitle={`No se pudo cargar ${what}`} />;
  }
  return (
    <>
      <FreshnessNote fetchedAt={query.fetchedAt} isStale={query.isStale} />
      {children(query.data)}
    </>
  );
}
