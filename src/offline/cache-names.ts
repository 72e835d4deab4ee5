// The Cache Storage names shared by the service worker's routes, the page's video downloads
// and the sign-out wipe, so all three always agree. Owns the names, which caches hold
// personal data, and deleting those. Never caches API answers that belong to one user in a
// shared cache: anything personal goes in a cache named with PERSONAL_CACHE_PREFIX.
// No window, localStorage or React here: the service worker imports this module.

/** Attribute art (/art/*) and captions (/media/*.vtt) seen while browsing; expires. */
export const STATIC_CACHE = 'impecable-static';
/** The brand-2 catalogue answer and its product images: the same for every user. */
export const CATALOGUE_CACHE = 'impecable-catalogue';
/** Whole training videos and their captions, stored only by an explicit download. */
export const VIDEOS_CACHE = 'impecable-videos';
/** Prefix of caches holding one user's data (album and reface images, later). */
export const PERSONAL_CACHE_PREFIX = 'impecable-personal-';

/** The run-time caches of this app that hold nothing personal: kept across sign-outs. */
export const SHARED_CACHES = [STATIC_CACHE, CATALOGUE_CACHE, VIDEOS_CACHE] as const;

/**
 * Marks the page's own download request: the service worker lets it through untouched so
 * the page stores the file once (with progress) instead of the worker storing it again.
 */
export const DOWNLOAD_HEADER = 'x-impecable-download';

/** True for a cache that holds one user's data and must go at sign-out. */
export function isPersonalCache(name: string): boolean {
  return name.startsWith(PERSONAL_CACHE_PREFIX);
}

/**
 * Sign-out on a shared device: deletes every personal cache and returns their names.
 * Shared caches (art, catalogue, downloaded videos) stay. Resolves to [] where the Cache
 * Storage API does not exist (old browsers, insecure origins).
 */
export async function deletePersonalCaches(): Promise<string[]> {
  if (typeof caches === 'undefined') return [];
  const personal = (await caches.keys()).filter(isPersonalCache);
  await Promise.all(personal.map((name) => caches.delete(name)));
  return personal;
}
