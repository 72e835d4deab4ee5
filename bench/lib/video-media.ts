// The video step's media: a generated 3-minute 1280×720 clip with audio (the "upload"), the
// single 720p H.264 MP4 a plain upload would be served as, and the adaptive HLS ladder. The
// ladder comes from the app's own pipeline (server/media/transcode.ts). The clip and the single
// MP4 are kept in the work folder (they take minutes on a small machine) and reused while their
// recipe is unchanged; each run stores everything afresh in the server's media store.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { ffmpegBinary } from '#server/media/ffmpeg';
import { probeVideo } from '#server/media/probe';
import { saveMedia, type MediaStore } from '#server/media/store';
import { transcodeVideo } from '#server/media/transcode';

const run = promisify(execFile);

export const CLIP = { seconds: 180, width: 1280, height: 720, fps: 30 };
/** The single file: 720p H.264 main, ~2.5 Mbps video + AAC 128k, moov first (+faststart). */
export const SINGLE_VIDEO_KBPS = 2_500;
const RECIPE = 'v1';

async function ffmpeg(args: string[]): Promise<void> {
  await run(ffmpegBinary(), ['-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 16 * 2 ** 20 });
}

/** Makes `path` with `make(tmpPath)` unless it exists (written aside, then renamed). */
async function once(path: string, make: (tmp: string) => Promise<void>): Promise<boolean> {
  if (existsSync(path)) return false;
  const tmp = path.replace(/(\.\w+)$/, '.tmp$1');
  await make(tmp);
  renameSync(tmp, path);
  return true;
}

export interface PreparedFiles {
  dir: string;
  source: string;
  single: string;
}

/** The clip (testsrc2 + a sine tone) and its single 720p MP4, made once per recipe. */
export async function prepareFiles(work: string, log: (line: string) => void): Promise<PreparedFiles> {
  const dir = join(work, `video-floor-${RECIPE}`);
  mkdirSync(dir, { recursive: true });
  const source = join(dir, 'source.mp4');
  const single = join(dir, 'single-720p.mp4');
  const { seconds, width, height, fps } = CLIP;
  if (!existsSync(source)) log(`vídeo: generando el clip de ${seconds} s ${width}×${height} con audio…`);
  await once(source, (tmp) =>
    ffmpeg([
      '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
      '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-g', String(fps * 2),
      '-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', tmp,
    ]),
  );
  if (!existsSync(single)) log('vídeo: codificando el MP4 único de 720p…');
  await once(single, (tmp) =>
    ffmpeg([
      '-i', source,
      '-c:v', 'libx264', '-profile:v', 'main', '-preset', 'veryfast', '-pix_fmt', 'yuv420p',
      '-b:v', `${SINGLE_VIDEO_KBPS}k`, '-maxrate', `${Math.round(SINGLE_VIDEO_KBPS * 1.07)}k`, '-bufsize', `${SINGLE_VIDEO_KBPS * 2}k`,
      '-g', String(fps * 2), '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-movflags', '+faststart', tmp,
    ]),
  );
  return { dir, source, single };
}

export interface StoredSource {
  url: string;
  bytes: number;
  /** What made it: 'app' (the app's transcode pipeline) or 'bench' (the bench's own ffmpeg run). */
  madeBy: 'app' | 'bench';
  renditions?: { height: number; bandwidth: number; averageBandwidth: number }[];
}

const TYPES = { mp4: 'video/mp4', m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' } as const;

async function store(db: Kysely<Database>, media: MediaStore, bytes: Uint8Array, extension: keyof typeof TYPES, name: string) {
  return saveMedia(db, media, bytes, { contentType: TYPES[extension], extension, originalName: name });
}

/** Stores the single MP4 in the media store; answers its URL. */
export async function storeSingle(db: Kysely<Database>, media: MediaStore, files: PreparedFiles): Promise<StoredSource> {
  const bytes = readFileSync(files.single);
  const saved = await store(db, media, bytes, 'mp4', 'single-720p.mp4');
  return { url: saved.url, bytes: bytes.byteLength, madeBy: 'bench' };
}

/**
 * The ladder made by the app's own pipeline (server/media/transcode.ts, what the
 * `video-transcode` job runs on an upload): the clip probed as an upload is, then transcoded into
 * the store. Its files are read back from the master playlist for their sizes and rates.
 */
export async function storeAppLadder(db: Kysely<Database>, media: MediaStore, files: PreparedFiles, log: (line: string) => void): Promise<StoredSource> {
  const probed = await probeVideo(files.source);
  if (!probed.ok) throw new Error(`el clip del bench no pasa la sonda de la app: ${probed.reason}`);
  log('vídeo: la canalización de la app (transcodeVideo) hace la escalera…');
  let last = -10;
  const result = await transcodeVideo({
    db,
    media,
    source: files.source,
    video: probed.video,
    workRoot: files.dir,
    onProgress: (percent) => {
      if (percent >= last + 10) {
        last = percent;
        log(`vídeo: transcodificando ${percent} %`);
      }
    },
  });
  const read = async (url: string) => (await media.read(url.slice(url.lastIndexOf('/') + 1)))?.toString('utf8') ?? '';
  const master = await read(result.streamUrl);
  const renditions: NonNullable<StoredSource['renditions']> = [];
  let total = 0;
  const lines = master.split('\n');
  for (const [index, line] of lines.entries()) {
    // BANDWIDTH (the peak), not AVERAGE-BANDWIDTH: the attribute at the start or after a comma.
    const inf = /^#EXT-X-STREAM-INF:(?:.*,)?BANDWIDTH=(\d+)/.exec(line);
    const resolution = /RESOLUTION=\d+x(\d+)/.exec(line);
    if (!inf || !resolution) continue;
    let bytes = 0;
    let seconds = 0;
    for (const segment of (await read(lines[index + 1]!.trim())).split('\n')) {
      const duration = /^#EXTINF:([\d.]+)/.exec(segment);
      if (duration) seconds += Number(duration[1]);
      else if (segment.startsWith('/media/u/')) bytes += (await media.size(segment.slice('/media/u/'.length).trim())) ?? 0;
    }
    total += bytes;
    renditions.push({ height: Number(resolution[1]), bandwidth: Number(inf[1]), averageBandwidth: Math.round((bytes * 8) / Math.max(seconds, 1)) });
  }
  return { url: result.streamUrl, bytes: total, madeBy: 'app', renditions };
}

export function fileBytes(path: string): number {
  return statSync(path).size;
}
