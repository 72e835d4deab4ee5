// Run-time caching routes of the service worker: attribute art, the media store's images and
// captions, the brand-2 catalogue, and training videos (served from whole downloaded files).
// Owns which same-origin GETs are cached and how; cache names come from #offline/cache-names.
// Never caches personal API answers: every other /api request is left unrouted (network only),
// and never stores a partial (206) or an HTML fallback answer as if it were the file.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { RouteMatchCallbackOptions, WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { API_BASE } from '#contract/common-constants';
import { REWARDS_PATHS } from '#contract/rewards-constants';
import { CATALOGUE_CACHE, DOWNLOAD_HEADER, STATIC_CACHE, VIDEOS_CACHE } from '#offline/cache-names';

declare const self: ServiceWorkerGlobalScope;

const DAY_SECONDS = 24 * 60 * 60;
export const CATALOGUE_API_PATH = `${API_BASE}${REWARDS_PATHS.products}`;

type Matcher = (options: RouteMatchCallbackOptions) => boolean;

const sameOrigin = (url: URL) => url.origin === self.location.origin;

export const isArt: Matcher = ({ url }) => sameOrigin(url) && url.pathname.startsWith('/art/');
export const isCatalogueAnswer: Matcher = ({ url }) => sameOrigin(url) && url.pathname === CATALOGUE_API_PATH;
/**
 * The media store's files (Programa's uploads and the demo's: videos, subtitles, posters, art,
 * product images; the app ships none)
 * are named by their content (`/media/u/<sha256>.<ext>`): a URL never changes what it holds, so
 * cache-first is never stale, and a replaced file has a new URL the device fetches anew.
 * Videos and subtitles among them follow the video rules below; images (by extension, nothing
 * else: a stream's playlists and segments must not fill the 60-entry static cache) are these.
 */
export const MEDIA_STORE_PREFIX = '/media/u/';
export const STORED_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp', '.svg', '.gif', '.avif'];
export const isStoredImage: Matcher = ({ url }) =>
  sameOrigin(url) && url.pathname.startsWith(MEDIA_STORE_PREFIX) && STORED_IMAGE_EXTENSIONS.some((ext) => url.pathname.toLowerCase().endsWith(ext));
export const isCaptions: Matcher = ({ url }) => sameOrigin(url) && url.pathname.startsWith(MEDIA_STORE_PREFIX) && url.pathname.endsWith('.vtt');
/**
 * An adaptive stream's playlists and segments (issue 36): network only, never cached. Hundreds
 * of segments per video would evict everything else, and offline a downloaded video plays its
 * whole MP4 instead (#domain/video-source). No route takes them; this names them for the tests.
 */
export const STREAM_EXTENSIONS = ['.m3u8', '.ts'];
export const isStreamFile: Matcher = ({ url }) =>
  sameOrigin(url) && url.pathname.startsWith(MEDIA_STORE_PREFIX) && STREAM_EXTENSIONS.some((ext) => url.pathname.endsWith(ext));
// The page's own download request goes straight to the network: the page stores it.
export const isVideo: Matcher = ({ url, request }) =>
  sameOrigin(url) && url.pathname.startsWith(MEDIA_STORE_PREFIX) && url.pathname.endsWith('.mp4') && !request.headers.has(DOWNLOAD_HEADER);

/**
 * The server answers any unknown non-API path with index.html and a 200 (SPA fallback), so
 * a missing /art or /media file would otherwise be cached as a page for a month.
 */
const notAnHtmlFallback: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => ((response.headers.get('content-type') ?? '').includes('text/html') ? null : response),
};

const onlyWholeOk = () => new CacheableResponsePlugin({ statuses: [200] });

const staticContent = new CacheFirst({
  cacheName: STATIC_CACHE,
  plugins: [onlyWholeOk(), notAnHtmlFallback, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true })],
});

const catalogueExpiration = new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true });

/**
 * Bytes come from whole files only: a download stores the 200, and <video>'s Range requests
 * are sliced from it (RangeRequestsPlugin). Not downloaded: the request goes to the network
 * and its 206 is refused by the 200-only rule. No expiration: the user removes downloads.
 */
const videos = new CacheFirst({
  cacheName: VIDEOS_CACHE,
  plugins: [onlyWholeOk(), notAnHtmlFallback, new RangeRequestsPlugin()],
});

export function registerRuntimeCaching(): void {
  registerRoute(isArt, staticContent);
  // Content-addressed images (posters, art, the catalogue's products): no revalidation needed.
  registerRoute(isStoredImage, staticContent);

  // Captions of a downloaded video sit next to it in the videos cache (no expiry, so they
  // still play offline after months); others are ordinary static content.
  registerRoute(isCaptions, async (options) => {
    const downloaded = await caches.match(options.request, { cacheName: VIDEOS_CACHE });
    return downloaded ?? staticContent.handle(options);
  });

  // Network first, not stale-while-revalidate: the page keeps its own snapshot in Dexie and
  // labels it "actualizado hace …"; a stale worker answer would be labelled as fresh.
  registerRoute(
    isCatalogueAnswer,
    new NetworkFirst({ cacheName: CATALOGUE_CACHE, networkTimeoutSeconds: 10, plugins: [onlyWholeOk(), catalogueExpiration] }),
  );

  registerRoute(isVideo, videos);
}
