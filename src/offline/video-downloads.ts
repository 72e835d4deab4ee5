// Training videos for offline viewing: checks the room, stores each WHOLE file (no Range) and
// its captions in the videos cache, reports progress, reports and removes what is stored.
// The service worker then slices <video>'s Range requests from these whole files.
// Never stores a partial (206) or an HTML fallback as a video, and never leaves half a file:
// each file is put in one cache.put, so a failure leaves it absent, never truncated.
import { DOWNLOAD_HEADER, VIDEOS_CACHE } from './cache-names.ts';
import { requestPersistentStorage, storageEstimate } from './storage.ts';
import { checkSpace, createProgressTracker, estimateNeededBytes, type DownloadProgress } from './video-download-plan.ts';

export interface DownloadableVideo {
  id: number;
  url: string;
  captions_url: string | null;
}

export interface DownloadedState {
  downloaded: number;
  total: number;
  /** Bytes the stored videos and captions take. */
  bytes: number;
}

export type DownloadFailure = 'offline' | 'no-space' | 'unsupported' | 'failed';

/** Why a download stopped; `neededBytes`/`availableBytes` are set for 'no-space' when known. */
export class VideoDownloadError extends Error {
  constructor(
    readonly reason: DownloadFailure,
    message: string,
    readonly neededBytes?: number,
    readonly availableBytes?: number,
  ) {
    super(message);
    this.name = 'VideoDownloadError';
  }
}

export function downloadsSupported(): boolean {
  return typeof caches !== 'undefined' && typeof fetch === 'function' && typeof ReadableStream !== 'undefined';
}

const contentLength = (response: Response): number | null => {
  const value = Number(response.headers.get('content-length'));
  return response.headers.has('content-length') && Number.isFinite(value) ? value : null;
};

/** A network failure (TypeError from fetch) is "offline"; a full disk is "no-space". */
function asDownloadError(error: unknown): VideoDownloadError {
  if (error instanceof VideoDownloadError) return error;
  if (error instanceof DOMException && error.name === 'QuotaExceededError') return new VideoDownloadError('no-space', 'Storage quota exceeded');
  if (error instanceof TypeError) return new VideoDownloadError('offline', 'Network error');
  return new VideoDownloadError('failed', error instanceof Error ? error.message : String(error));
}

async function announcedSize(url: string, signal?: AbortSignal): Promise<number | null> {
  const response = await fetch(url, { method: 'HEAD', headers: { [DOWNLOAD_HEADER]: '1' }, signal });
  return response.ok ? contentLength(response) : null;
}

/** Fetches `url` whole and puts it in `cache`, counting bytes as they arrive. */
async function storeWhole(cache: Cache, url: string, onBytes: (loaded: number) => void, signal?: AbortSignal): Promise<number> {
  const response = await fetch(url, { headers: { [DOWNLOAD_HEADER]: '1' }, signal });
  // The SPA fallback answers a missing file with index.html and a 200.
  if (response.status !== 200 || (response.headers.get('content-type') ?? '').includes('text/html')) {
    throw new VideoDownloadError('failed', `${url} answered ${response.status}`);
  }
  if (!response.body) {
    await cache.put(url, response);
    return 0;
  }
  const [toCache, toCount] = response.body.tee();
  let loaded = 0;
  const counting = (async () => {
    const reader = toCount.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      loaded += chunk.value.byteLength;
      onBytes(loaded);
    }
  })();
  const whole = new Response(toCache, { status: 200, statusText: response.statusText, headers: response.headers });
  await Promise.all([cache.put(url, whole), counting]);
  return loaded;
}

/**
 * Downloads every video of `videos` not stored yet, one at a time (bad Wi-Fi: one stream
 * gets the whole link), with its captions. Checks the room first from the sizes the server
 * announces (HEAD), then asks for persistent storage. Throws a VideoDownloadError; videos
 * finished before a failure stay downloaded.
 */
export async function downloadVideos(
  videos: readonly DownloadableVideo[],
  onProgress: (progress: DownloadProgress) => void = () => undefined,
  options: { signal?: AbortSignal } = {},
): Promise<DownloadedState> {
  if (!downloadsSupported()) throw new VideoDownloadError('unsupported', 'Cache Storage unavailable');
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new VideoDownloadError('offline', 'navigator.onLine is false');
  const { signal } = options;
  try {
    const cache = await caches.open(VIDEOS_CACHE);
    const missing: DownloadableVideo[] = [];
    for (const video of videos) if (!(await cache.match(video.url))) missing.push(video);

    const sizes = await Promise.all(missing.map((video) => announcedSize(video.url, signal)));
    const space = checkSpace(await storageEstimate(), estimateNeededBytes(sizes));
    if (!space.ok) throw new VideoDownloadError('no-space', 'Not enough storage', space.neededBytes, space.availableBytes);

    const progress = createProgressTracker(sizes);
    onProgress(progress.snapshot());
    for (const [index, video] of missing.entries()) {
      if (video.captions_url) await storeWhole(cache, video.captions_url, () => undefined, signal);
      const bytes = await storeWhole(cache, video.url, (loaded) => onProgress(progress.update(index, loaded)), signal);
      onProgress(progress.finish(index, bytes));
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw asDownloadError(error);
  }
  await requestPersistentStorage();
  return downloadedState(videos);
}

/** Deletes the stored files (and captions) of `videos`; frees their space. */
export async function removeDownloadedVideos(videos: readonly DownloadableVideo[]): Promise<DownloadedState> {
  if (!downloadsSupported()) return { downloaded: 0, total: videos.length, bytes: 0 };
  const cache = await caches.open(VIDEOS_CACHE);
  await Promise.all(videos.flatMap((video) => [video.url, video.captions_url].filter((url): url is string => !!url).map((url) => cache.delete(url))));
  return downloadedState(videos);
}

/** Whether the file at `url` is stored whole in the videos cache (a downloaded video's MP4). */
export async function isDownloaded(url: string): Promise<boolean> {
  if (!downloadsSupported()) return false;
  try {
    return !!(await (await caches.open(VIDEOS_CACHE)).match(url));
  } catch {
    return false;
  }
}

/** How many of `videos` are stored whole, and the bytes they (and their captions) take. */
export async function downloadedState(videos: readonly DownloadableVideo[]): Promise<DownloadedState> {
  const state: DownloadedState = { downloaded: 0, total: videos.length, bytes: 0 };
  if (!downloadsSupported()) return state;
  const cache = await caches.open(VIDEOS_CACHE);
  for (const video of videos) {
    const stored = await cache.match(video.url);
    if (!stored) continue;
    state.downloaded += 1;
    state.bytes += contentLength(stored) ?? (await stored.blob()).size;
    const captions = video.captions_url ? await cache.match(video.captions_url) : undefined;
    if (captions) state.bytes += contentLength(captions) ?? (await captions.blob()).size;
  }
  return state;
}
