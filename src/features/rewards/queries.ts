// The rewards screens' reads: device snapshots (Dexie) kept fresh from the API, so the
// catalogue, the orders and the IMPs history open offline with their age. Keys are per user.
// The balance is the header's (#data/shared-reads), so a redemption refreshes both.
import { fetchImpsHistory, fetchImpsLapses } from '#api/points';
import { fetchOrders, fetchProducts } from '#api/rewards';
import { revalidate, revalidateKeys } from '#offline/cache';
import { useCachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';

export function useCatalogue(userId: number) {
  return useCachedQuery(cacheKeys.rewards.catalogue, fetchProducts, { userId });
}

export function useOrders(userId: number) {
  return useCachedQuery(cacheKeys.rewards.orders, fetchOrders, { userId });
}

export function useImpsHistory(userId: number) {
  return useCachedQuery(cacheKeys.rewards.history, fetchImpsHistory, { userId });
}

/** What lapses next (issue 39): computed by the server from the FIFO state, kept on the device. */
export function useImpsLapses(userId: number) {
  return useCachedQuery(cacheKeys.rewards.lapses, fetchImpsLapses, { userId });
}

/**
 * After a redemption: the header balance refreshes now, and the orders and history snapshots
 * are fetched even though no screen shows them, so the new coupon is there offline too.
 */
export function refreshAfterRedeem(userId: number): void {
  void revalidateKeys([cacheKeys.imps]);
  void revalidate(cacheKeys.rewards.orders, userId, fetchOrders).catch(() => undefined);
  void revalidate(cacheKeys.rewards.history, userId, fetchImpsHistory).catch(() => undefined);
  // A redemption spends the oldest batch first: what lapses next changes with it.
  void revalidate(cacheKeys.rewards.lapses, userId, fetchImpsLapses).catch(() => undefined);
}
