// A probed video into what agents play (issue 36): an HLS ladder (240p ~400 kbps, 360p ~800 kbps,
// 720p ~2,500 kbps; only the rungs at or below the source, never upscaled, always the lowest),
// H.264 main + AAC 128k (no audio when the source has none), 4-second MPEG-TS segments with
// keyframes aligned across rungs; the lowest rung again as a progressive MP4 with +faststart
// (the offline download); a poster JPEG. One ffmpeg per rung (-preset veryfast, 2 threads), so
// a transcoding never takes more than two cores of the machine. Every file is stored
// content-addressed; each variant playlist is rewritten so its segment lines are /media/u/<key>
// URLs, and the master playlist, which lists the variants, is stored last: whoever holds its
// URL finds every file it names.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { runFfmpeg } from './ffmpeg.ts';
import type { ProbedVideo } from './probe.ts';
import { MEDIA_TYPES, type MediaKind } from './sniff.ts';
import { saveMedia, saveMediaFile, type MediaStore } from './store.ts';

export interface Rung {
  /** The shorter side of the picture (240 for 426×240, or 240×426 upright). */
  size: number;
  videoKbps: number;
  /** avc1 profile/level of H.264 main at this size (30 fps at most). */
  level: string;
  codec: string;
}

/**
 * Names what transcodeVideo makes (ladder, segment timing, audio): renditions made by another
 * encoding are not reused (video_renditions). Change it with any of those.
 */
export const ENCODING = 'hls-1';

export const LADDER: readonly Rung[] = [
  { size: 240, videoKbps: 400, level: '3.0', codec: 'avc1.4d401e' },
  { size: 360, videoKbps: 800, level: '3.0', codec: 'avc1.4d401e' },
  { size: 720, videoKbps: 2500, level: '3.1', codec: 'avc1.4d401f' },
];
const AUDIO_KBPS = 128;
const AUDIO_CODEC = 'mp4a.40.2';
export const SEGMENT_SECONDS = 4;
/** Output frame rate cap: training videos need no more, and the levels above assume it. */
const MAX_FPS = 30;

/** The rungs for a source: those at or below its shorter side; the lowest one always. */
export function ladderFor(video: Pick<ProbedVideo, 'width' | 'height'>): Rung[] {
  const short = Math.min(video.width, video.height);
  const rungs = LADDER.filter((r) => r.size <= short);
  return rungs.length > 0 ? rungs : [LADDER[0] as Rung];
}

/** The picture size of a rung: the shorter side at the rung (or the source's, when smaller), even sides. */
export function rungDimensions(video: Pick<ProbedVideo, 'width' | 'height'>, rung: Rung): { width: number; height: number } {
  const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));
  const short = Math.min(video.width, video.height, rung.size);
  const landscape = video.width >= video.height;
  const long = (short * Math.max(video.width, video.height)) / Math.min(video.width, video.height);
  return landscape ? { width: even(long), height: even(short) } : { width: even(short), height: even(long) };
}

export interface TranscodeResult {
  streamUrl: string;
  lowUrl: string;
  posterUrl: string;
  durationSeconds: number;
}

export interface TranscodeOptions {
  db: Kysely<Database>;
  media: MediaStore;
  /** The source file on this machine. */
  source: string;
  video: ProbedVideo;
  /** 0–100, as the work goes (not necessarily rising by one). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Where the working folder goes (the system's temporary folder by default). */
  workRoot?: string;
  /** One rung's ffmpeg is killed past this (default: 10 × the video's duration, at least 2 min). */
  timeoutMs?: number;
}

/** Stores a file of ours (streamed from disk) or these bytes, content-addressed and indexed. */
async function store(db: Kysely<Database>, media: MediaStore, path: string, kind: MediaKind, bytes?: Buffer): Promise<string> {
  const meta = { ...MEDIA_TYPES[kind], originalName: null };
  return (bytes ? await saveMedia(db, media, bytes, meta) : await saveMediaFile(db, media, path, meta)).url;
}

/** The ffmpeg arguments of one rung: its HLS playlist and segments in `dir`. */
function rungArgs(options: TranscodeOptions, rung: Rung, dir: string): string[] {
  const { video, source } = options;
  const { width, height } = rungDimensions(video, rung);
  const filters = [`scale=${width}:${height}`, 'setsar=1', ...(video.fps > MAX_FPS + 0.5 ? [`fps=${MAX_FPS}`] : []), 'format=yuv420p'];
  const kbps = rung.videoKbps;
  return [
    '-protocol_whitelist', 'file', '-f', options.video.format, '-threads', '2', '-i', source,
    '-map', '0:v:0', ...(video.hasAudio ? ['-map', '0:a:0'] : []), '-map_metadata', '-1', '-sn', '-dn',
    '-vf', filters.join(','),
    '-c:v', 'libx264', '-preset', 'veryfast', '-threads', '2', '-profile:v', 'main', '-level:v', rung.level,
    '-b:v', `${kbps}k`, '-maxrate', `${Math.round(kbps * 1.07)}k`, '-bufsize', `${kbps * 2}k`,
    // Keyframes every 4 s exactly, and only there: every rung cuts its segments at the same instants.
    '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0',
    ...(video.hasAudio ? ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000'] : []),
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
    '-hls_segment_type', 'mpegts', '-hls_segment_filename', join(dir, `r${rung.size}_%05d.ts`),
    '-progress', 'pipe:1', '-nostats',
    join(dir, `r${rung.size}.m3u8`),
  ];
}

/** ffmpeg's `out_time_us=` lines of -progress (`out_time_ms=` in older builds, microseconds too), as seconds done (the last one in `chunk`). */
function progressSeconds(chunk: string): number | null {
  let last: number | null = null;
  for (const match of chunk.matchAll(/^out_time_(?:us|ms)=(\d+)$/gm)) last = Number(match[1]) / 1e6;
  return last;
}

/** Rewrites a variant playlist: each segment line becomes the URL its stored file answers at. */
async function storeVariant(options: TranscodeOptions, dir: string, rung: Rung): Promise<string> {
  const text = await readFile(join(dir, `r${rung.size}.m3u8`), 'utf8');
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      lines.push(trimmed);
      continue;
    }
    if (!/^r\d+_\d{5}\.ts$/.test(trimmed)) throw new Error(`segmento inesperado en la lista: ${trimmed}`);
    lines.push(await store(options.db, options.media, join(dir, trimmed), 'ts'));
  }
  return store(options.db, options.media, '', 'm3u8', Buffer.from(`${lines.join('\n').trim()}\n`));
}

export async function transcodeVideo(options: TranscodeOptions): Promise<TranscodeResult> {
  const { video, source, signal } = options;
  const rungs = ladderFor(video);
  const timeoutMs = options.timeoutMs ?? Math.max(120_000, video.duration * 10_000);
  const dir = await mkdtemp(join(options.workRoot ?? tmpdir(), 'impecable-video-'));
  // Each rung weighs its pixels; the MP4, the poster and the storing take the last 5 %.
  const weights = rungs.map((r) => {
    const d = rungDimensions(video, r);
    return d.width * d.height;
  });
  const total = weights.reduce((a, b) => a + b, 0);
  let reported = -1;
  const report = (fraction: number) => {
    const percent = Math.max(0, Math.min(100, Math.floor(fraction * 100)));
    if (percent > reported) {
      reported = percent;
      options.onProgress?.(percent);
    }
  };
  try {
    let done = 0;
    for (const [index, rung] of rungs.entries()) {
      const weight = weights[index] as number;
      await runFfmpeg(rungArgs(options, rung, dir), {
        timeoutMs,
        signal,
        onStdout: (chunk) => {
          const seconds = progressSeconds(chunk);
          if (seconds !== null) report((0.95 * (done + weight * Math.min(1, seconds / video.duration))) / total);
        },
      });
      done += weight;
      report((0.95 * done) / total);
    }
    const lowest = rungs[0] as Rung;
    const low = join(dir, 'low.mp4');
    // The lowest rung's own segments, copied into one MP4 with its index first: no second encoding.
    await runFfmpeg([
      '-protocol_whitelist', 'file', '-allowed_extensions', 'ts', '-i', join(dir, `r${lowest.size}.m3u8`),
      '-map', '0', '-c', 'copy', ...(video.hasAudio ? ['-bsf:a', 'aac_adtstoasc'] : []), '-movflags', '+faststart', '-f', 'mp4', low,
    ], { timeoutMs, signal });
    const poster = join(dir, 'poster.jpg');
    const posterSize = rungDimensions(video, LADDER[LADDER.length - 1] as Rung);
    await runFfmpeg([
      '-protocol_whitelist', 'file', '-f', video.format, '-ss', String(Math.min(1, video.duration / 2)), '-i', source,
      '-map', '0:v:0', '-frames:v', '1', '-vf', `scale=${posterSize.width}:${posterSize.height},setsar=1`, '-q:v', '4', '-f', 'image2', '-c:v', 'mjpeg', poster,
    ], { timeoutMs: 60_000, signal });
    report(0.97);
    const variants: string[] = [];
    for (const rung of rungs) variants.push(await storeVariant(options, dir, rung));
    const lowUrl = await store(options.db, options.media, low, 'mp4');
    const posterUrl = await store(options.db, options.media, poster, 'jpeg');
    const master = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
    for (const [index, rung] of rungs.entries()) {
      const { width, height } = rungDimensions(video, rung);
      const bandwidth = Math.round((rung.videoKbps * 1.07 + (video.hasAudio ? AUDIO_KBPS : 0)) * 1000 * 1.1);
      const codecs = video.hasAudio ? `${rung.codec},${AUDIO_CODEC}` : rung.codec;
      master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${width}x${height},CODECS="${codecs}"`, variants[index] as string);
    }
    const streamUrl = await store(options.db, options.media, '', 'm3u8', Buffer.from(`${master.join('\n')}\n`));
    report(1);
    return { streamUrl, lowUrl, posterUrl, durationSeconds: video.durationSeconds };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** For tests: the files a working folder would hold (none once a transcoding ended). */
export async function leftovers(root: string): Promise<string[]> {
  return (await readdir(root)).filter((name) => name.startsWith('impecable-video-'));
}
