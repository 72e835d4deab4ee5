// Step `video` (issue 36): a 3-minute 720p training video watched on a floor's Wi-Fi, adaptive
// (HLS ladder, video.js's VHS) against the single 720p MP4 a plain upload would be, in the same
// run. The network is a throttling proxy in Node in front of the app's server (lib/throttle-proxy.ts):
// every connection the page opens shares one link of 1.5 Mbps down / 0.75 Mbps up with 150 ms of
// round trip (each answer one RTT, each new connection one more); 20 s after play() the link drops
// to 400 kbps for 20 s, then comes back. Chromium talks only to the proxy's port, so everything the
// page loads (the page, video.js, the sign-in, the playlists, segments and the <video> element's
// range requests) goes through it. Each run is a fresh browser context (cold cache) and a fresh
// link, the two sources interleaved round by round.
// Measured in the page: play() to the first frame presented (requestVideoFrameCallback), the
// start-up wait (play() to the first `playing`) apart from the stalls (each `waiting` → `playing`
// after playback started), the renditions VHS selected; what the page received per 5 s (CDP
// Network.dataReceived) and what the link delivered, to show the throttle held. The media is
// served by the app's own server (/media/u/<key>, its ranges and its members-only rule) from a
// folder media store.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { STREAM_START_BANDWIDTH } from '#domain/video-source';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import { createFolderMediaStore } from '#server/media/store';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, assertChromium } from './lib/chromium.ts';
import { ssoTokenFor, withServer } from './lib/server.ts';
import { CLIP, SINGLE_VIDEO_KBPS, fileBytes, prepareFiles, storeAppLadder, storeSingle, type StoredSource } from './lib/video-media.ts';
import { startThrottleProxy, type ThrottleProxy } from './lib/throttle-proxy.ts';
import { VIDEO_PAGE_PATH, videojsVersion, writeVideoPage } from './lib/video-page.ts';
import { summarize, type PlaybackEvent, type PlaybackSummary } from './lib/video-stalls.ts';
import type { StepContext } from './steps.ts';

/** The floor: kbps down/up and round trip; the drop and when it happens, in s after play(). */
export const VIDEO_NETWORK = { downKbps: 1_500, upKbps: 750, rttMs: 150, dropKbps: 400, dropAtS: 20, dropForS: 20 } as const;
/** What the app's player asks of VHS (src/features/training/hooks/use-video-js.ts, with MSE): start low, never above the player's size. */
export const VHS_OPTIONS = {
  bandwidth: STREAM_START_BANDWIDTH,
  limitRenditionByPlayerDimensions: true,
  useBandwidthFromLocalStorage: false,
  useNetworkInformationApi: false,
  overrideNative: true,
} as const;

export type VideoSourceKind = 'adaptive' | 'single';

export interface VideoRun extends PlaybackSummary {
  source: VideoSourceKind;
  round: number;
  /** How long the run watched, from play(). */
  seconds: number;
  /** Media position reached when the run stopped. */
  playedSeconds: number;
  /** Frames presented (requestVideoFrameCallback). */
  frames: number;
  /** Bytes the page received from play() on (CDP Network.dataReceived's encodedDataLength). */
  bytes: number;
  /** What the page received in each 5-second window from play(), in kbps (CDP Network.dataReceived). */
  receivedKbps: number[];
  /** What the link (the proxy) delivered in each 5-second window from play(), in kbps. */
  linkKbps: number[];
  /** Connections the page opened to the link from play() on. */
  connections: number;
  /** HTTP answers ≥ 400 and player errors, if any. */
  errors: string[];
}

export interface VideoFloorReport {
  clip: { seconds: number; width: number; height: number; fps: number; audio: string };
  network: typeof VIDEO_NETWORK;
  vhs: typeof VHS_OPTIONS;
  videojs: string;
  /** How the media was served, and by what. */
  served: string;
  single: StoredSource & { videoKbps: number };
  adaptive: StoredSource;
  /** Said plainly when the ladder is the bench's own ffmpeg run rather than the app's pipeline. */
  ladderNote: string;
  rounds: number;
  secondsPerRun: number;
  runs: VideoRun[];
}

/** The event logs of every run (bench/results/video-floor.json keeps them with the report). */
export type VideoEventLogs = { source: VideoSourceKind; round: number; events: PlaybackEvent[] }[];

/** The received-rate timeline's window, in seconds. */
const WINDOW_S = 5;
const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

interface PageReport {
  events: PlaybackEvent[];
  now: number;
  currentTime: number;
  frames: number;
}

/**
 * One run: a fresh link (the proxy) in front of the server and a fresh browser context on it; the
 * page signs in, then play() and the link's schedule (the drop at 20 s, back at 40 s).
 */
async function watch(browser: Browser, serverPort: number, email: string, url: string, kind: VideoSourceKind, round: number, seconds: number): Promise<{ run: VideoRun; events: PlaybackEvent[] }> {
  const link: ThrottleProxy = await startThrottleProxy({
    target: { host: '127.0.0.1', port: serverPort },
    downKbps: VIDEO_NETWORK.downKbps,
    upKbps: VIDEO_NETWORK.upKbps,
    rttMs: VIDEO_NETWORK.rttMs,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const errors: string[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    const page = await context.newPage();
    await page.goto(`${link.url}${VIDEO_PAGE_PATH}`);
    // Signed in from the page, as the app does (an SSO sign-in, then an authenticated read), so
    // the server sets its media cookie the <video> element and VHS's requests carry.
    const ssoToken = await ssoTokenFor(email);
    const signedIn = await page.evaluate(async (sso) => {
      const login = await fetch('/api/auth/login-sso', { method: 'POST', headers: { authorization: `Bearer ${sso}` } });
      if (!login.ok) return `login-sso ${login.status}`;
      const { data } = (await login.json()) as { data: { token: string } };
      const read = await fetch('/api/avisos', { headers: { authorization: `Bearer ${data.token}` } });
      return read.ok ? 'ok' : `GET /api/avisos ${read.status}`;
    }, ssoToken);
    if (signedIn !== 'ok') throw new Error(`no se pudo entrar en la página del bench: ${signedIn}`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let started = 0;
    const windows: number[] = [];
    cdp.on('Network.dataReceived', (e: { encodedDataLength: number }) => {
      if (!started) return;
      // Bytes off the wire only: Chromium also reports decoded chunks with no encoded length (counting their dataLength would count those bytes twice).
      const received = e.encodedDataLength;
      bytes += received;
      const index = Math.floor((Date.now() - started) / (WINDOW_S * 1000));
      windows[index] = (windows[index] ?? 0) + received;
    });
    cdp.on('Network.responseReceived', (e: { response: { status: number; url: string } }) => {
      if (e.response.status >= 400) errors.push(`${e.response.status} ${new URL(e.response.url).pathname}`);
    });
    cdp.on('Network.loadingFailed', (e: { errorText: string; canceled?: boolean }) => {
      // The media element cancels its open range request when it seeks or ends; those are not errors.
      if (!e.canceled) errors.push(`red: ${e.errorText}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`consola: ${message.text().slice(0, 200)}`);
    });
    page.on('pageerror', (error) => errors.push(`página: ${error.message.slice(0, 200)}`));
    const type = kind === 'adaptive' ? 'application/x-mpegURL' : 'video/mp4';
    // What the link delivered, sampled at each window's end (the proxy's own count).
    const linkTotals: number[] = [];
    const connectionsBefore = link.totals().connections;
    started = Date.now();
    linkTotals.push(link.totals().down);
    sampler = setInterval(() => linkTotals.push(link.totals().down), WINDOW_S * 1000);
    await page.evaluate(([src, t, vhs]) => (window as unknown as { benchVideo: { start(...a: unknown[]): boolean } }).benchVideo.start(src, t, vhs), [url, type, VHS_OPTIONS] as const);
    const mark = (name: string) => page.evaluate((n) => (window as unknown as { benchVideo: { mark(n: string): number } }).benchVideo.mark(n), name);
    await sleepUntil(started + VIDEO_NETWORK.dropAtS * 1000);
    link.setRate(VIDEO_NETWORK.dropKbps);
    await mark('network-drop');
    await sleepUntil(started + (VIDEO_NETWORK.dropAtS + VIDEO_NETWORK.dropForS) * 1000);
    link.setRate(VIDEO_NETWORK.downKbps);
    await mark('network-back');
    await sleepUntil(started + seconds * 1000);
    const report = (await page.evaluate(() => (window as unknown as { benchVideo: { report(): unknown } }).benchVideo.report())) as PageReport;
    clearInterval(sampler);
    linkTotals.push(link.totals().down);
    errors.push(...report.events.filter((e) => e.type === 'error').map((e) => `reproductor: ${e.detail ?? '?'}`));
    const summary = summarize(report.events, report.now);
    const perWindow = (count: (window: number) => number) => Array.from({ length: Math.ceil(report.now / (WINDOW_S * 1000)) }, (_, i) => Math.round((count(i) * 8) / WINDOW_S / 1000));
    return {
      run: {
        source: kind,
        round,
        seconds: Math.round(report.now / 100) / 10,
        playedSeconds: Math.round(report.currentTime * 10) / 10,
        frames: report.frames,
        bytes,
        receivedKbps: perWindow((i) => windows[i] ?? 0),
        linkKbps: perWindow((i) => (linkTotals[i + 1] ?? linkTotals.at(-1)!) - (linkTotals[i] ?? linkTotals.at(-1)!)),
        connections: link.totals().connections - connectionsBefore,
        errors: [...new Set(errors)],
        ...summary,
      },
      events: report.events,
    };
  } finally {
    clearInterval(sampler);
    await context.close();
    await link.close();
  }
}

/**
 * The media stored in a fresh data folder's folder store (`media_files` rows included, as the
 * app's route needs them), the page in the build folder, the app's server started on it, and the
 * runs: adaptive and single file interleaved, `rounds` times.
 */
export async function runVideoFloor(ctx: StepContext, options: { rounds: number; seconds: number }): Promise<{ report: VideoFloorReport; logs: VideoEventLogs }> {
  assertChromium();
  const files = await prepareFiles(ctx.work, ctx.log);
  const dataDir = join(ctx.work, 'data-video');
  // The pipeline's output is kept with its data folder while the pipeline's code and the clip
  // are unchanged (a 3-minute transcoding takes many minutes on a busy 2-core machine);
  // BENCH_VIDEO_FRESH=1 makes it again.
  const pipeline = createHash('sha256').update(readFileSync('server/media/transcode.ts')).update(files.dir).digest('hex').slice(0, 16);
  const marker = join(dataDir, `stored-${pipeline}.json`);
  let single: StoredSource;
  let adaptive: StoredSource;
  if (existsSync(marker) && process.env.BENCH_VIDEO_FRESH !== '1') {
    ({ single, adaptive } = JSON.parse(readFileSync(marker, 'utf8')) as { single: StoredSource; adaptive: StoredSource });
    ctx.log(`vídeo: la escalera de la canalización ya está en ${dataDir} (transcode.ts sin cambios): se reutiliza`);
  } else {
    rmSync(dataDir, { recursive: true, force: true });
    const opened = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await migrateToLatest(opened.db);
      const media = createFolderMediaStore(join(dataDir, 'media'));
      single = await storeSingle(opened.db, media, files);
      adaptive = await storeAppLadder(opened.db, media, files, ctx.log);
    } finally {
      await opened.db.destroy();
    }
    writeFileSync(marker, JSON.stringify({ single, adaptive, madeAt: new Date().toISOString() }));
  }
  ctx.log(`vídeo: MP4 único ${Math.round(fileBytes(files.single) / 2 ** 20)} MB; escalera ${adaptive.renditions?.map((r) => `${r.height}p ${Math.round(r.averageBandwidth / 1000)} kbps`).join(', ')}`);
  const removePage = writeVideoPage(ctx.distDir);
  const runs: VideoRun[] = [];
  const logs: VideoEventLogs = [];
  try {
    await withServer({ port: ctx.port, dataDir, distDir: ctx.distDir }, async () => {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'] });
      try {
        for (let round = 1; round <= options.rounds; round++) {
          // Interleaved, the order swapped each round: neither source always runs on the later machine state.
          const order: VideoSourceKind[] = round % 2 === 1 ? ['adaptive', 'single'] : ['single', 'adaptive'];
          for (const kind of order) {
            ctx.log(`vídeo: ronda ${round}, ${kind === 'adaptive' ? 'adaptativo (HLS)' : 'MP4 único'} (${options.seconds} s)…`);
            const { run, events } = await watch(browser, ctx.port, 'ana@impecable.demo', kind === 'adaptive' ? adaptive.url : single.url, kind, round, options.seconds);
            ctx.log(
              `vídeo: primer fotograma ${run.firstFrameMs ?? '—'} ms, parones ${run.totalStallMs} ms (${run.stalls.length}), cambios de calidad ${run.renditionSwitches} ${run.renditions.join('→')}${run.errors.length ? `, errores: ${run.errors.join('; ')}` : ''}`,
            );
            runs.push(run);
            logs.push({ source: kind, round, events });
          }
        }
      } finally {
        await browser.close();
      }
    });
  } finally {
    removePage();
  }
  return {
    report: {
      clip: { ...CLIP, audio: 'AAC 128 kbps (tono de 440 Hz)' },
      network: VIDEO_NETWORK,
      vhs: VHS_OPTIONS,
      videojs: videojsVersion(),
      served:
        'El servidor de la app (server/server.ts), ruta /media/u/<clave> con rangos, desde la carpeta DATA_DIR/media, detrás del proxy que limita la red (bench/lib/throttle-proxy.ts; Chromium solo habla con el puerto del proxy); la página del bench se sirve desde la build en el mismo origen y entra como ana (SSO) antes de reproducir.',
      single: { ...single, videoKbps: SINGLE_VIDEO_KBPS },
      adaptive,
      ladderNote:
        adaptive.madeBy === 'app'
          ? 'Escalera hecha por la canalización de la app (server/media/transcode.ts).'
          : 'Escalera hecha por el bench, no por la canalización de la app (los mismos argumentos de ffmpeg del diseño: 240p/360p/720p H.264 main + AAC 128k, segmentos MPEG-TS de 4 s).',
      rounds: options.rounds,
      secondsPerRun: options.seconds,
      runs,
    },
    logs,
  };
}

/** bench/results/video-floor.json: the report and every run's event log. */
export function writeVideoFloorDetail(dir: string, report: VideoFloorReport, logs: VideoEventLogs, load: { start: number[]; end: number[] }): void {
  writeFileSync(join(dir, 'video-floor.json'), `${JSON.stringify({ measuredAt: new Date().toISOString(), load, ...report, logs }, null, 2)}\n`);
}
