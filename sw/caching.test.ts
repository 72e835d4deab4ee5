// Which same-origin GETs the worker's cache rules take: the media store's content-addressed
// files (/media/u/<sha256>.<ext>) are cached like the built-in media (videos from whole downloads,
// subtitles beside them, images cache-first: a replaced file has a new name, so a new entry);
// an adaptive stream's playlists and segments (.m3u8, .ts) are never cached.
import { beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_HEADER } from '#offline/cache-names';

const ORIGIN = 'https://impecable.test';
type Caching = typeof import('./caching');
let caching: Caching;

beforeAll(async () => {
  (globalThis as unknown as { self: unknown }).self = { location: { origin: ORIGIN } };
  caching = await import('./caching');
});

const options = (path: string, headers: Record<string, string> = {}) =>
  ({ url: new URL(path, ORIGIN), request: new Request(new URL(path, ORIGIN), { headers }) }) as never;

const sha = 'a'.repeat(64);

describe('media store files in the service worker', () => {
  it.each([
    [`/media/u/${sha}.mp4`, 'video'],
    [`/media/u/${sha}.vtt`, 'captions'],
    [`/media/u/${sha}.jpg`, 'image'],
    [`/media/u/${sha}.webp`, 'image'],
    [`/media/u/${sha}.png`, 'image'],
    [`/media/u/${sha}.svg`, 'image'],
    // Nothing outside the store is media: the app ships no video or subtitles of its own.
    ['/media/clip.mp4', 'none'],
    ['/media/clip.vtt', 'none'],
    [`/media/u/${sha}.m3u8`, 'stream'],
    [`/media/u/${sha}.ts`, 'stream'],
    [`/media/u/${sha}.json`, 'none'],
  ])('%s is a %s', (path, kind) => {
    expect(caching.isVideo(options(path))).toBe(kind === 'video');
    expect(caching.isCaptions(options(path))).toBe(kind === 'captions');
    expect(caching.isStoredImage(options(path))).toBe(kind === 'image');
    expect(caching.isStreamFile(options(path))).toBe(kind === 'stream');
  });

  it("leaves a stream's playlists and segments to the network: no route of the worker takes them", () => {
    for (const path of [`/media/u/${sha}.m3u8`, `/media/u/${sha}.ts`]) {
      const matchers = [caching.isArt, caching.isStoredImage, caching.isCaptions, caching.isCatalogueAnswer, caching.isVideo];
      expect(matchers.map((matches) => matches(options(path)))).toEqual(matchers.map(() => false));
    }
  });

  it("leaves the page's own download and other origins to the network", () => {
    expect(caching.isVideo(options(`/media/u/${sha}.mp4`, { [DOWNLOAD_HEADER]: '1' }))).toBe(false);
    expect(caching.isStoredImage({ url: new URL(`https://elsewhere.test/media/u/${sha}.jpg`), request: new Request(`https://elsewhere.test/media/u/${sha}.jpg`) } as never)).toBe(false);
  });
});
