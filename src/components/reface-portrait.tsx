import { useMemo, type ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import { fetchImage, type StoredImage } from '#api/refaces';
import { useCachedQuery, type CachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';

/** A path's portrait never changes (a new reface gets a new path): keep it for a year. */
const PORTRAIT_MAX_AGE_MS = 365 * 86_400_000;

/**
 * One of the user's reface portraits, fetched with the session's token and kept in the
 * device cache, so the album and the dashboard show it offline. Wiped at sign-out with the
 * rest of the user's cached data.
 */
export function useStoredPortrait(path: string | null, userId: number | null): CachedQuery<StoredImage> {
  return useCachedQuery(path === null ? null : cacheKeys.reface.image(path), () => fetchImage(path ?? ''), {
    userId,
    maxAgeMs: PORTRAIT_MAX_AGE_MS,
  });
}

/**
 * A data: URL rather than an object URL: nothing to revoke, so no leak and no broken image
 * when React runs effects twice. Portraits are small (tens of KB).
 */
function dataUrl(image: StoredImage): string {
  const bytes = new Uint8Array(image.bytes);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${image.type};base64,${btoa(binary)}`;
}

interface RefacePortraitProps {
  portrait: CachedQuery<StoredImage>;
  alt: string;
  size: number | string;
  /** Shown when the portrait could not be loaded. */
  fallback: ReactNode;
}

/** The circular portrait (spec 4 "the generated circular image"), its skeleton, or the fallback. */
export function RefacePortrait({ portrait, alt, size, fallback }: RefacePortraitProps) {
  const { data, isLoading } = portrait;
  const src = useMemo(() => (data ? dataUrl(data) : null), [data]);
  if (src) {
    return (
      <img
        src={src}
        alt={alt}
        width={512}
        height={512}
        style={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover', display: 'block', flexShrink: 0 }}
      />
    );
  }
  if (isLoading) return <Skeleton circle height={size} width={size} role="status" aria-label="Cargando..." />;
  return <>{fallback}</>;
}
