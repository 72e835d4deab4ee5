// The order summary's read: a device snapshot (Dexie) kept fresh from GET listado-peru, so the
// list opens offline with its age like every screen.
import { fetchOrderSummary } from '#api/admin';
import { useCachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';

export function useOrderSummary(userId: number) {
  return useCachedQuery(cacheKeys.admin.orderSummary, fetchOrderSummary, { userId });
}
