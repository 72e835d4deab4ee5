import { useEffect, useRef } from 'react';
import { fetchRefaceStatus } from '#api/refaces';
import { REFACE_POLL_MS, shouldPollReface } from '#domain/reface';
import { revalidateKeys } from '#offline/cache';
import { useCachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';

/**
 * The reface status of one attribute from the device cache, refreshed on mount and every 30 s
 * while the portrait is on its way (spec 4); polling stops once it settles or the card
 * unmounts. When a portrait arrives, the balance (+10 the first time) and the album refresh.
 */
export function useRefaceStatus(attributeId: number, userId: number | null) {
  const query = useCachedQuery(cacheKeys.reface.status(attributeId), () => fetchRefaceStatus(attributeId), { userId });
  const status = query.data?.status;
  const polling = shouldPollReface(status);
  const { revalidate } = query;

  useEffect(() => {
    if (!polling) return undefined;
    const timer = setInterval(() => void revalidate(), REFACE_POLL_MS);
    return () => clearInterval(timer);
  }, [polling, revalidate]);

  const previous = useRef(status);
  useEffect(() => {
    if (shouldPollReface(previous.current) && status === 'completed') void revalidateKeys([cacheKeys.imps, cacheKeys.reface.album]);
    previous.current = status;
  }, [status]);

  return query;
}
