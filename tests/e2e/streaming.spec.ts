import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { ACCESIBLE, auth, esNumber, importFreshAgent, impsOf, videosOf } from './api';
import { controlledByServiceWorker } from './device';
import { apiSignIn, expect, test } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';

// Issue 36, playback and offline: a real clip uploaded in Programa goes through the real
// pipeline (probe, HLS ladder, low MP4); an agent online plays its adaptive stream (video.js's
// VHS, starting on the lowest rendition), earns +5 once and sees "Ver de nuevo"; after
// "Descargar para ver sin conexión" the same video plays from the stored MP4 with no network,
// and the worker never stores a playlist or a segment.

const VIDEOS_CACHE = 'impecable-videos';
const TITLE = `Streaming ${Date.now().toString(36)}`;
const run = promisify(execFile);

interface StreamVideo {
  id: number;
  title: string;
  url: string;
  stream_url: string | null;
  is_hable: boolean;
}

interface AdminVideo {
  id: number;
  title: string;
  hidden: boolean;
  available_from: string | null;
  processing: string;
  processing_error: string | null;
  stream_url: string | null;
}

let videoId = 0;
let adminToken = '';

/** An 8-second 640×360 clip with sound (two rungs: 240p and 360p), made by the installer's ffmpeg. */
async function generateClip(): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'v3-clip-'));
  const file = join(dir, 'clip.mp4');
  try {
    await run(ffmpeg.path, [
      '-hide_banner', '-loglevel', 'error',
      '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=8',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=8',
      '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function adminVideo(request: APIRequestContext, id: number): Promise<AdminVideo | undefined> {
  const res = await request.get('/api/programa/videos', auth(adminToken));
  expect(res.ok()).toBeTruthy();
  const { atributos } = (await res.json()) as { atributos: { videos: AdminVideo[] }[] };
  return atributos.flatMap((a) => a.videos).find((v) => v.id === id);
}

async function streamVideoOf(request: APIRequestContext, token: string): Promise<StreamVideo> {
  const video = (await videosOf(request, token)).find((v) => v.title === TITLE) as unknown as StreamVideo | undefined;
  expect(video, 'the processed video is in Accesible').toBeDefined();
  return video!;
}

/** Every request of the browser context (page and service worker), in order. */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.context().on('request', (request) => seen.push(request));
  return seen;
}

const pathOf = (url: string) => new URL(url, 'http://x').pathname;

/** The master playlist's variants, lowest bandwidth first. */
function variantsOf(master: string): { path: string; bandwidth: number }[] {
  const lines = master.split('\n').map((line) => line.trim());
  const variants = lines.flatMap((line, i) => {
    const match = /^#EXT-X-STREAM-INF:.*?\bBANDWIDTH=(\d+)/.exec(line);
    const uri = lines[i + 1];
    return match && uri ? [{ path: pathOf(uri), bandwidth: Number(match[1]) }] : [];
  });
  return variants.sort((a, b) => a.bandwidth - b.bandwidth);
}

/**
 * Plays the player's <video> muted and waits until it is playing (its `playing` event, or
 * already playing when looked at) and its time has advanced by more than `seconds`.
 */
async function expectPlaying(page: Page, seconds = 0.5) {
  await page.waitForSelector('.video-js video');
  const state = () =>
    page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('.video-js video');
      if (!video) return { playing: false, time: 0 };
      const marked = video as HTMLVideoElement & { playingSeen?: boolean };
      if (marked.playingSeen === undefined) {
        marked.playingSeen = !video.paused && video.readyState >= 3;
        video.addEventListener('playing', () => (marked.playingSeen = true));
        video.muted = true;
        void video.play().catch(() => undefined);
      }
      return { playing: marked.playingSeen, time: video.currentTime };
    });
  await expect.poll(async () => (await state()).playing, { timeout: 15_000 }).toBe(true);
  await expect.poll(async () => (await state()).time, { timeout: 15_000 }).toBeGreaterThan(seconds);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  adminToken = await apiSignIn(request, 'admin');
  const uploaded = await request.post('/api/programa/videos', {
    ...auth(adminToken),
    multipart: {
      atributo_id: String(ACCESIBLE),
      title: TITLE,
      available_from: '2020-01-01',
      video: { name: 'streaming.mp4', mimeType: 'video/mp4', buffer: await generateClip() },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBeTruthy();
  videoId = ((await uploaded.json()) as { video: AdminVideo }).video.id;
  await expect
    .poll(async () => {
      const video = await adminVideo(request, videoId);
      return video?.processing === 'failed' ? `failed: ${video.processing_error}` : video?.processing;
    }, { timeout: 90_000, intervals: [1_000] })
    .toBe('ready');
});

// The other specs count Accesible's videos: hidden, it stays only for the agents who saw it.
test.afterAll(async ({ request }) => {
  if (!videoId) return;
  const video = await adminVideo(request, videoId);
  if (!video) return;
  await request.put(`/api/programa/videos/${videoId}`, { ...auth(adminToken), data: { title: video.title, available_from: video.available_from, hidden: true } });
});

test('online, the player streams HLS from the lowest rendition, plays, and the end credits +5 once with "Ver de nuevo"', async ({ page, request, shell, signInAs }) => {
  const { email, token } = await importFreshAgent(request, 'streaming');
  const video = await streamVideoOf(request, token);
  expect(video.stream_url).toMatch(/^\/media\/u\/[0-9a-f]{64}\.m3u8$/);
  expect(video.url).toMatch(/^\/media\/u\/[0-9a-f]{64}\.mp4$/);
  const before = await impsOf(request, token);
  await signInAs({ email });
  const requests = recordRequests(page);

  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');
  await expect(dashboard.videoButton(TITLE)).toHaveText('Comenzar');
  await dashboard.openVideo(TITLE);
  await expect(page.locator('[data-source="stream"]')).toBeAttached();
  await expectPlaying(page);

  // The master first, then the lowest variant and its segments before any other.
  const master = await page.evaluate(async (url) => (await fetch(url)).text(), video.stream_url!);
  const variants = variantsOf(master);
  expect(variants.length, 'a 360p clip makes 240p and 360p').toBeGreaterThanOrEqual(2);
  const streamPaths = requests.map((r) => pathOf(r.url())).filter((path) => path.endsWith('.m3u8') || path.endsWith('.ts'));
  expect(streamPaths[0]).toBe(video.stream_url);
  const playlists = streamPaths.filter((path) => path.endsWith('.m3u8') && path !== video.stream_url);
  expect(playlists[0], 'VHS picks the lowest rendition first').toBe(variants[0]!.path);
  const lowest = await page.evaluate(async (url) => (await fetch(url)).text(), variants[0]!.path);
  const firstSegment = streamPaths.find((path) => path.endsWith('.ts'));
  expect(lowest.split('\n').map((line) => pathOf(line.trim() || '/'))).toContain(firstSegment);
  // The MP4 is not what plays online.
  expect(requests.some((r) => pathOf(r.url()) === video.url)).toBe(false);

  await dashboard.playFast(2);
  await expect(dashboard.player(TITLE)).toBeHidden({ timeout: 30_000 });
  await expect(dashboard.videoButton(TITLE)).toHaveText('Ver de nuevo');
  await expect(shell.balance()).toContainText(esNumber(before + 5));
  await expect.poll(() => impsOf(request, token), { timeout: 15_000 }).toBe(before + 5);

  // Watched again to the end: no second +5.
  await dashboard.openVideo(TITLE);
  await expectPlaying(page, 0.2);
  await dashboard.playFast(2);
  await expect(dashboard.player(TITLE)).toBeHidden({ timeout: 30_000 });
  await expect(dashboard.videoButton(TITLE)).toHaveText('Ver de nuevo');
  await page.waitForTimeout(1_000);
  expect(await impsOf(request, token)).toBe(before + 5);

  // The worker stored no playlist and no segment anywhere.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const key of await (await caches.open(name)).keys()) urls.push(new URL(key.url).pathname);
    return urls;
  });
  expect(cached.filter((path) => path.endsWith('.m3u8') || path.endsWith('.ts'))).toEqual([]);
});

test('"Descargar para ver sin conexión" stores the low MP4, which then plays online and offline with no stream and no network', async ({ page, context, request, signInAs }) => {
  const { email, token } = await importFreshAgent(request, 'streamdl');
  const video = await streamVideoOf(request, token);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs({ email });
  expect(await controlledByServiceWorker(page)).toMatch(/\/sw\.js$/);

  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');
  await page.getByRole('button', { name: 'Descargar para ver sin conexión' }).click();
  await expect(page.getByRole('button', { name: 'Eliminar descargas' })).toBeVisible({ timeout: 60_000 });
  const stored = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), VIDEOS_CACHE);
  expect(stored).toContain(video.url);
  expect(stored.filter((path) => path.endsWith('.m3u8') || path.endsWith('.ts'))).toEqual([]);

  // Downloaded and online: the stored MP4, from the worker, not the stream.
  const requests = recordRequests(page);
  await dashboard.openVideo(TITLE);
  await expect(page.locator('[data-source="download"]')).toBeAttached();
  await expectPlaying(page);
  expect(requests.filter((r) => /\.(m3u8|ts)$/.test(pathOf(r.url())))).toEqual([]);
  await page.getByRole('button', { name: 'Cerrar vídeo' }).click();
  await expect(dashboard.player(TITLE)).toBeHidden();

  // Offline, after a reload: the same video plays from the stored file; nothing reaches the network.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'MÓDULO FORMATIVO' })).toBeVisible();
  requests.length = 0;
  const failed: string[] = [];
  context.on('requestfailed', (r) => failed.push(r.url()));
  await dashboard.openVideo(TITLE);
  await expect(page.locator('[data-source="download"]')).toBeAttached();
  await expectPlaying(page);
  const media = requests.filter((r) => pathOf(r.url()).startsWith('/media/'));
  expect(media.length).toBeGreaterThan(0);
  expect(media.filter((r) => /\.(m3u8|ts)$/.test(pathOf(r.url())))).toEqual([]);
  for (const r of media.filter((r) => pathOf(r.url()) === video.url)) {
    const response = await r.response();
    expect(response?.fromServiceWorker(), `${r.url()} from the worker`).toBe(true);
  }
  expect(failed.filter((url) => pathOf(url).startsWith('/media/'))).toEqual([]);
  await expect(page.getByText('No se pudo cargar el video')).toBeHidden();
  await context.setOffline(false);
});

test('a stream that fails falls back to the MP4; with neither, the 5-second load error shows', async ({ page, context, request, signInAs }) => {
  const { email, token } = await importFreshAgent(request, 'streamfail');
  const video = await streamVideoOf(request, token);
  await signInAs({ email });
  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');

  // The master playlist answers 404: the player plays the MP4 instead, with no error shown.
  await context.route(`**${video.stream_url!}`, (route) => route.fulfill({ status: 404, body: 'no' }));
  await dashboard.openVideo(TITLE);
  await expect(page.locator('[data-source="file"]')).toBeAttached({ timeout: 10_000 });
  await expectPlaying(page);
  await expect(page.getByText('No se pudo cargar el video')).toBeHidden();
  await page.getByRole('button', { name: 'Cerrar vídeo' }).click();
  await expect(dashboard.player(TITLE)).toBeHidden();

  // Neither the stream nor the MP4 answers: the spec's message once 5 s have passed.
  await context.route(`**${video.url}`, (route) => route.abort());
  await dashboard.openVideo(TITLE);
  await expect(page.getByText('No se pudo cargar el video. Por favor, cierre y vuelva a entrar.')).toBeVisible({ timeout: 10_000 });
});

test('an HLS video finished after the network dropped counts at once on the device and is confirmed on reconnection', async ({ page, context, request, shell, signInAs }) => {
  const { email, token } = await importFreshAgent(request, 'streamoffline');
  const video = await streamVideoOf(request, token);
  const before = await impsOf(request, token);
  // No autoplay: the test starts it (VHS fetches one segment until playback starts, then fills its buffer).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs({ email });
  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');
  await dashboard.openVideo(TITLE);
  await expect(page.locator('[data-source="stream"]')).toBeAttached();
  await dashboard.playFast(1);
  // The whole (short) clip buffered from its segments (MSE's end may fall a frame or two short):
  // the network drops while it plays.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const element = document.querySelector<HTMLVideoElement>('.video-js video');
        if (!element || !Number.isFinite(element.duration) || element.buffered.length === 0) return false;
        return element.buffered.end(element.buffered.length - 1) >= element.duration - 0.2;
      }),
    { timeout: 20_000 })
    .toBe(true);

  await context.setOffline(true);
  await dashboard.playFast(2);
  await expect(dashboard.player(TITLE)).toBeHidden({ timeout: 30_000 });
  await expect(dashboard.videoButton(TITLE)).toHaveText('Ver de nuevo');
  await expect(shell.balance()).toContainText(esNumber(before + 5));
  expect(await impsOf(request, token)).toBe(before);

  await context.setOffline(false);
  await expect
    .poll(async () => (await videosOf(request, token)).find((v) => v.id === video.id)?.visto, { timeout: 30_000 })
    .toBe(true);
  await expect.poll(() => impsOf(request, token), { timeout: 15_000 }).toBe(before + 5);
});
