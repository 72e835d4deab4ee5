// The rewards screens' reads: device snapshots (Dexie) kept fresh from the API, so the
// catalogue, the orders and the IMPs history open offline with their age. Keys are per user.
import { fetchImps, fetchImpsHistory } from '#api/points';
import { fetchOrders, fetchProducts } from '#api/rewards';
import { revalidate, revalidateKeys } from '#offline/cache';
import { useCachedQuery } from '#offline/use-cached-query';

/** Snapshot keys; 'imps' is the header balance's, shared so a redemption refreshes both. */
export const REWARDS_CACHE_KEYS = {
  catalogue: 'catalogue',
  orders: 'orders',
  history: 'imps-history',
  imps: 'imps',
} as const;

export function useCatalogue(userId: number) {
  return useCachedQuery(REWARDS_CACHE_KEYS.catalogue, fetchProducts, { userId });
}

export function useOrders(userId: number) {
  return useCachedQuery(REWARDS_CACHE_KEYS.orders, fetchOrders, { userId });
}

export function useImpsHistory(userId: number) {
  return useCachedQuery(REWARDS_CACHE_KEYS.history, fetchImpsHistory, { userId });
}

export function useBalance(userId: number) {
  return useCachedQuery(REWARDS_CACHE_KEYS.imps, fetchImps, { userId });
}

/**
 * After a redemption: the header balance refreshes now, and the orders and history snapshots
 * are fetched even though no screen shows them, so the new coupon is there offline too.
 */
export function refreshAfterRedeem(userId: number): void {
  void revalidateKeys([REWARDS_CACHE_KEYS.imps]);
  void revalidate(REWARDS_CACHE_KEYS.orders, userId, fetchOrders).catch(() => undefined);
  void revalidate(REWARDS_CACHE_KEYS.history, userId, fetchImpsHistory).catch(() => undefined);
}
