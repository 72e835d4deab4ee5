import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_HEADER, VIDEOS_CACHE } from './cache-names.ts';
import type { DownloadProgress } from './video-download-plan.ts';
import { downloadedState, downloadVideos, isDownloaded, removeDownloadedVideos, VideoDownloadError } from './video-downloads.ts';

// Node has fetch and streams but no Cache Storage: a small in-memory one stands in, and a
// real HTTP server plays the app's static files (with its SPA fallback for missing ones).
const VIDEO_BYTES = 256 * 1024;
const seenHeaders: string[] = [];
let server: Server;
let base = '';

class MemoryCache {
  readonly entries = new Map<string, { body: ArrayBuffer; init: ResponseInit }>();
  quotaLeft = Infinity;
  async match(key: string) {
    const entry = this.entries.get(key);
    return entry ? new Response(entry.body.slice(0), entry.init) : undefined;
  }
  async put(key: string, response: Response) {
    const body = await response.arrayBuffer();
    if (body.byteLength > this.quotaLeft) throw new DOMException('full', 'QuotaExceededError');
    this.entries.set(key, { body, init: { status: response.status, headers: [...response.headers] } });
  }
  async delete(key: string) {
    return this.entries.delete(key);
  }
}

const stores = new Map<string, MemoryCache>();
const cacheFor = (name: string) => stores.get(name) ?? stores.set(name, new MemoryCache()).get(name)!;
const persist = vi.fn(async () => true);
let estimate: { quota?: number; usage?: number } = { quota: 10 ** 10, usage: 0 };

beforeAll(async () => {
  server = createServer((req, res) => {
    seenHeaders.push(String(req.headers[DOWNLOAD_HEADER]));
    if (req.url === '/media/a.mp4' || req.url === '/media/b.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': VIDEO_BYTES });
      res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(VIDEO_BYTES, 7));
    } else if (req.url === '/media/a.vtt') {
      res.writeHead(200, { 'content-type': 'text/vtt', 'content-length': 6 });
      res.end(req.method === 'HEAD' ? undefined : 'WEBVTT');
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  stores.clear();
  seenHeaders.length = 0;
  estimate = { quota: 10 ** 10, usage: 0 };
  persist.mockClear();
  vi.stubGlobal('caches', { open: async (name: string) => cacheFor(name) });
  vi.stubGlobal('navigator', {
    onLine: true,
    storage: { estimate: async () => estimate, persist, persisted: async () => false },
  });
});

afterEach(() => vi.unstubAllGlobals());

const video = (name: string, captions = false) => ({
  id: name.charCodeAt(0),
  url: `${base}/media/${name}.mp4`,
  captions_url: captions ? `${base}/media/${name}.vtt` : null,
});

describe('downloadVideos', () => {
  it('stores whole files with captions, reports growing progress, then asks for persistence', async () => {
    const reports: DownloadProgress[] = [];
    const state = await downloadVideos([video('a', true), video('b')], (p) => reports.push(p));

    expect(state).toEqual({ downloaded: 2, total: 2, bytes: 2 * VIDEO_BYTES + 6 });
    expect(cacheFor(VIDEOS_CACHE).entries.size).toBe(3);
    const last = reports.at(-1)!;
    expect(last).toEqual({ loadedBytes: 2 * VIDEO_BYTES, totalBytes: 2 * VIDEO_BYTES, doneFiles: 2, totalFiles: 2, fraction: 1 });
    const fractions = reports.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((x, y) => x - y));
    expect(reports.length).toBeGreaterThan(3);
    expect(persist).toHaveBeenCalledOnce();
    // Every request is marked so the service worker lets it through to the network.
    expect(new Set(seenHeaders)).toEqual(new Set(['1']));
  });

  it('skips what is stored already', async () => {
    await downloadVideos([video('a')]);
    seenHeaders.length = 0;
    await downloadVideos([video('a'), video('b')]);
    expect(seenHeaders).toHaveLength(2); // HEAD + GET of b only
  });

  it('refuses before fetching when the estimate says there is no room', async () => {
    estimate = { quota: VIDEO_BYTES * 10, usage: VIDEO_BYTES * 9 };
    const error = await downloadVideos([video('a')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VideoDownloadError);
    expect(error).toMatchObject({ reason: 'no-space', neededBytes: VIDEO_BYTES, availableBytes: VIDEO_BYTES });
    expect(cacheFor(VIDEOS_CACHE).entries.size).toBe(0);
  });

  it('turns a quota error while storing into no-space and keeps finished files', async () => {
    cacheFor(VIDEOS_CACHE).quotaLeft = VIDEO_BYTES;
    const put = cacheFor(VIDEOS_CACHE).put.bind(cacheFor(VIDEOS_CACHE));
    cacheFor(VIDEOS_CACHE).put = async (key, response) => {
      await put(key, response);
      cacheFor(VIDEOS_CACHE).quotaLeft = 0;
    };
    await expect(downloadVideos([video('a'), video('b')])).rejects.toMatchObject({ reason: 'no-space' });
    expect(await downloadedState([video('a'), video('b')])).toMatchObject({ downloaded: 1, total: 2 });
  });

  it('says offline without touching the network, and on a network error', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await expect(downloadVideos([video('a')])).rejects.toMatchObject({ reason: 'offline' });
    expect(seenHeaders).toHaveLength(0);

    vi.stubGlobal('navigator', { onLine: true });
    const dead = { id: 9, url: 'http://127.0.0.1:1/media/a.mp4', captions_url: null };
    await expect(downloadVideos([dead])).rejects.toMatchObject({ reason: 'offline' });
  });

  it('never stores the HTML fallback of a missing file as a video', async () => {
    await expect(downloadVideos([video('missing')])).rejects.toMatchObject({ reason: 'failed' });
    expect(cacheFor(VIDEOS_CACHE).entries.size).toBe(0);
  });
});

describe('removeDownloadedVideos', () => {
  it('deletes videos and captions and reports the space freed', async () => {
    await downloadVideos([video('a', true), video('b')]);
    const state = await removeDownloadedVideos([video('a', true)]);
    expect(state).toEqual({ downloaded: 0, total: 1, bytes: 0 });
    expect(await downloadedState([video('b')])).toEqual({ downloaded: 1, total: 1, bytes: VIDEO_BYTES });
    expect([...cacheFor(VIDEOS_CACHE).entries.keys()]).toEqual([video('b').url]);
  });
});

describe('isDownloaded', () => {
  it("says whether a video's MP4 is stored whole (the player then plays it rather than the stream)", async () => {
    expect(await isDownloaded(video('a').url)).toBe(false);
    await downloadVideos([video('a')]);
    expect(await isDownloaded(video('a').url)).toBe(true);
    expect(await isDownloaded(video('b').url)).toBe(false);
    await removeDownloadedVideos([video('a')]);
    expect(await isDownloaded(video('a').url)).toBe(false);
  });
});
