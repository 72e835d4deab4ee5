// The snapshot keys the service worker writes as well as the page: sw/ may not import
// #data/cache-keys, so those keys live here and cache-keys takes them from here. Names only,
// with no import: the page's every route reads cache-keys, and this must not pull Dexie in.

/** The notification centre's snapshot (GET avisos); #offline/pushed-notices adds pushed notices to it. */
export const NOTIFICATIONS_KEY = 'avisos';
