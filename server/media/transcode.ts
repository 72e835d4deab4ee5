// A probed video into what agents play (issue 36): an HLS ladder (240p ~400 kbps + 64 kbps audio,
// 360p ~800 + 96, 720p ~2,500 + 128; only the rungs at or below the source, never upscaled,
// always the lowest), H.264 main + AAC (no audio when the source has none), MPEG-TS segments
// cut at keyframes forced at the same instants on every rung: 1 s, 1 s and 2 s first (a light
// start: the first frame needs only the master, a variant and a ~50 KB segment on a 1.5 Mbps
// floor), then 4 s. Each master BANDWIDTH is the peak segment bit rate measured from the
// segments produced (the HLS spec's definition, and never below any whole segment of 1 s or
// more), with AVERAGE-BANDWIDTH; no padding. The lowest rung again as a progressive MP4 with
// +faststart (the offline download); a poster JPEG. One ffmpeg per rung (-preset veryfast, 2
// threads), so a transcoding never takes more than two cores of the machine. Every file is
// stored content-addressed; each variant playlist is rewritten so its segment lines are
// /media/u/<key> URLs, and the master playlist, which lists the variants, is stored last:
// whoever holds its URL finds every file it names.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
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
  /** AAC at this rung (a light low rung: the first segments arrive sooner on a weak floor). */
  audioKbps: number;
  /** avc1 profile/level of H.264 main at this size (30 fps at most). */
  level: string;
  codec: string;
}

/**
 * Names what transcodeVideo makes (ladder, segment timing, audio): renditions made by another
 * encoding are not reused (video_renditions). Change it with any of those.
 */
export const ENCODING = 'hls-2';

export const LADDER: readonly Rung[] = [
  { size: 240, videoKbps: 400, audioKbps: 64, level: '3.0', codec: 'avc1.4d401e' },
  { size: 360, videoKbps: 800, audioKbps: 96, level: '3.0', codec: 'avc1.4d401e' },
  { size: 720, videoKbps: 2500, audioKbps: 128, level: '3.1', codec: 'avc1.4d401f' },
];
const AUDIO_CODEC = 'mp4a.40.2';
/** The segments' length once the start is over. */
export const SEGMENT_SECONDS = 4;
/** The first segments, shorter (they add up to one SEGMENT_SECONDS, so the rest fall on its multiples). */
export const START_SEGMENTS: readonly number[] = [1, 1, 2];

/**
 * Segment boundaries as a -force_key_frames expression of the keyframes forced so far:
 * 0, 1, 2 (the start's), then 4, 8, 12… Every rung gets the same, so their segments align.
 */
export function keyframeExpression(): string {
  const starts = START_SEGMENTS.slice(0, -1).reduce<number[]>((at, s) => [...at, (at.at(-1) as number) + s], [0]);
  const after = `${SEGMENT_SECONDS}*(n_forced-${starts.length - 1})`;
  const boundary = starts.reduceRight((rest, at, n) => `if(eq(n_forced,${n}),${at},${rest})`, after);
  return `expr:gte(t,${boundary})`;
}

export interface MeasuredSegment {
  seconds: number;
  bytes: number;
}

/**
 * The peak segment bit rate of a variant (bits/s), as the HLS spec defines it: the largest bit
 * rate of any run of consecutive segments lasting 0.5–1.5 × the target duration; and never below
 * a single segment of a second or more (what a player measures on one download). A video too
 * short for any such run: its largest segment's.
 */
export function peakBitrate(segments: readonly MeasuredSegment[], targetSeconds: number): number {
  let peak = 0;
  for (let i = 0; i < segments.length; i += 1) {
    let seconds = 0;
    let bits = 0;
    for (let j = i; j < segments.length; j += 1) {
      seconds += (segments[j] as MeasuredSegment).seconds;
      bits += (segments[j] as MeasuredSegment).bytes * 8;
      if (seconds > 1.5 * targetSeconds) break;
      const single = j === i && seconds >= 1;
      if ((seconds >= 0.5 * targetSeconds || single) && seconds > 0) peak = Math.max(peak, bits / seconds);
    }
  }
  if (peak === 0) for (const s of segments) if (s.seconds > 0) peak = Math.max(peak, (s.bytes * 8) / s.seconds);
  return Math.ceil(peak);
}

/** The average bit rate of a variant (bits/s): all its segments over all their time. */
export function averageBitrate(segments: readonly MeasuredSegment[]): number {
  const seconds = segments.reduce((sum, s) => sum + s.seconds, 0);
  return seconds > 0 ? Math.ceil((segments.reduce((sum, s) => sum + s.bytes, 0) * 8) / seconds) : 0;
}
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
    // Keyframes at the segment boundaries exactly, and only there (no scene cuts); the muxer cuts
    // at every one of them (its -hls_time is the shortest segment): every rung's segments align.
    '-force_key_frames', keyframeExpression(), '-sc_threshold', '0',
    ...(video.hasAudio ? ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2', '-ar', '48000'] : []),
    '-f', 'hls', '-hls_time', String(Math.min(...START_SEGMENTS)), '-hls_playlist_type', 'vod', '-hls_list_size', '0',
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

interface StoredVariant {
  url: string;
  /** BANDWIDTH and AVERAGE-BANDWIDTH, measured from its segments (bits/s). */
  peak: number;
  average: number;
}

/** Rewrites a variant playlist: each segment line becomes the URL its stored file answers at; measures its bit rates. */
async function storeVariant(options: TranscodeOptions, dir: string, rung: Rung): Promise<StoredVariant> {
  const text = await readFile(join(dir, `r${rung.size}.m3u8`), 'utf8');
  const lines: string[] = [];
  const segments: MeasuredSegment[] = [];
  let target = SEGMENT_SECONDS;
  let seconds: number | null = null;
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      const inf = /^#EXTINF:([\d.]+)/.exec(trimmed);
      if (inf) seconds = Number(inf[1]);
      const targetLine = /^#EXT-X-TARGETDURATION:(\d+)/.exec(trimmed);
      if (targetLine) target = Number(targetLine[1]);
      lines.push(trimmed);
      continue;
    }
    if (!/^r\d+_\d{5}\.ts$/.test(trimmed) || seconds === null) throw new Error(`segmento inesperado en la lista: ${trimmed}`);
    const path = join(dir, trimmed);
    segments.push({ seconds, bytes: (await stat(path)).size });
    seconds = null;
    lines.push(await store(options.db, options.media, path, 'ts'));
  }
  const url = await store(options.db, options.media, '', 'm3u8', Buffer.from(`${lines.join('\n').trim()}\n`));
  return { url, peak: peakBitrate(segments, target), average: averageBitrate(segments) };
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
    const variants: StoredVariant[] = [];
    for (const rung of rungs) variants.push(await storeVariant(options, dir, rung));
    const lowUrl = await store(options.db, options.media, low, 'mp4');
    const posterUrl = await store(options.db, options.media, poster, 'jpeg');
    const master = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
    for (const [index, rung] of rungs.entries()) {
      const { width, height } = rungDimensions(video, rung);
      const variant = variants[index] as StoredVariant;
      const codecs = video.hasAudio ? `${rung.codec},${AUDIO_CODEC}` : rung.codec;
      master.push(
        `#EXT-X-STREAM-INF:BANDWIDTH=${variant.peak},AVERAGE-BANDWIDTH=${variant.average},RESOLUTION=${width}x${height},CODECS="${codecs}"`,
        variant.url,
      );
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
