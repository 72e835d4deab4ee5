// The order summary's read: a device snapshot (Dexie) kept fresh from GET listado-peru, so the
// list opens offline with its age like every screen.
import { fetchOrderSummary } from '#api/admin';
import { useCachedQuery } from '#offline/use-cached-query';

export const ORDER_SUMMARY_CACHE_KEY = 'order-summary';

export function useOrderSummary(userId: number) {
  return useCachedQuery(ORDER_SUMMARY_CACHE_KEY, fetchOrderSummary, { userId });
}
