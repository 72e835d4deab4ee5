// The Cache Storage names shared by the service worker's routes and the page's video
// downloads, so both always agree. Owns the names. Every cache here holds content that is the
// same for every user (art, captions, the brand-2 catalogue, training videos), so sign-out
// keeps them all; anything personal (API answers, reface portraits) lives in the Dexie cache,
// which clearPersonalData wipes. Never add a cache that holds one user's data.
// No window, localStorage or React here: the service worker imports this module.

/** Attribute art (/art/*), the media store's images and captions (/media/u/*) seen while browsing; expires. */
export const STATIC_CACHE = 'impecable-static';
/** The brand-2 catalogue answer: the same for every user (its images are the media store's, in the static cache). */
export const CATALOGUE_CACHE = 'impecable-catalogue';
/** Whole training videos and their captions, stored only by an explicit download. */
export const VIDEOS_CACHE = 'impecable-videos';

/**
 * Marks the page's own download request: the service worker lets it through untouched so
 * the page stores the file once (with progress) instead of the worker storing it again.
 */
export const DOWNLOAD_HEADER = 'x-impecable-download';
