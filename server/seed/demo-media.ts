// The demo's media (issue 36: content is data, nothing ships in the build). At seed, a few
// distinct clips of about a minute are generated with the transcoder's own ffmpeg (lavfi test
// patterns and a tone, in a temporary folder), checked by ffprobe and stored as video sources
// exactly as an admin's upload (programme/videos/source.ts: checkSource, saveSource); the demo's
// videos share them, three per clip, and the job `video-transcode` processes each clip once
// (a video whose source another has processed reuses its renditions). The subtitles (from
// demo-content/captions.ts) and the prize images (demo-content/products/*.svg) go into the
// media store with saveMedia: everything is /media/u/<key>, members only, like an operator's.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { runFfmpeg } from '#server/media/ffmpeg';
import { MEDIA_TYPES } from '#server/media/sniff';
import { saveMedia, type MediaStore } from '#server/media/store';
import { checkSource, saveSource } from '#server/modules/programme/videos/source';
import { captionsVtt, DEMO_CAPTIONS } from './demo-content/captions.ts';
import { DEMO_PRIZES } from './prize-catalogue.ts';

export interface ClipSize {
  seconds: number;
  width: number;
  height: number;
  rate: number;
}

/**
 * The demo's clips: a minute at 640×360 (the 240p and 360p rungs only), 12 frames a second:
 * a test pattern needs no more, and it keeps the first start's transcoding to seconds of CPU.
 */
export const DEMO_CLIP: ClipSize = { seconds: 60, width: 640, height: 360, rate: 12 };

export interface DemoClip {
  name: string;
  /** The lavfi picture at this size. */
  draw: (size: ClipSize) => string;
  /** The sine tone's frequency (Hz). */
  tone: number;
}

/** Three clips that look and sound different (lavfi sources cheap to draw and to encode). */
export const DEMO_CLIPS: readonly DemoClip[] = [
  { name: 'carta', draw: (s) => `testsrc=size=${s.width}x${s.height}:rate=${s.rate}`, tone: 440 },
  { name: 'barras', draw: (s) => `smptehdbars=size=${s.width}x${s.height}:rate=${s.rate}`, tone: 660 },
  // A cellular automaton drawn at a quarter of the size and scaled up: big cells, cheap to encode.
  { name: 'automata', draw: (s) => `cellauto=size=${Math.max(16, Math.round(s.width / 4))}x${Math.max(16, Math.round(s.height / 4))}:rate=${s.rate}:rule=110,scale=${s.width}:${s.height}:flags=neighbor`, tone: 330 },
];

export interface DemoMediaOptions {
  store: MediaStore;
  /** The clips' length and size (DEMO_CLIP for the demo; tests use a tiny one). */
  clip?: ClipSize;
  /**
   * 'job' (the demo): each video's source is queued for the job `video-transcode`, as an upload.
   * 'as-is' (tests that need no transcoding): the source MP4 itself is what agents play, as a
   * video from before processing existed ('ready', no stream).
   */
  videos?: 'job' | 'as-is';
}

export interface DemoFiles {
  /** Each clip's source (/media/u/<key>.mp4) and its duration as ffprobe reads it. */
  clips: { url: string; seconds: number }[];
  /** Subtitles by `${slug}-${position}`. */
  captions: ReadonlyMap<string, string>;
  /** Prize images by the prize's slug. */
  images: ReadonlyMap<string, string>;
  videos: 'job' | 'as-is';
}

const PRODUCTS = new URL('./demo-content/products/', import.meta.url);

/** Generates one clip into `dir`: its path. */
export async function generateClip(dir: string, clip: DemoClip, size: ClipSize): Promise<string> {
  const path = join(dir, `${clip.name}.mp4`);
  await runFfmpeg([
    '-y', '-loglevel', 'error',
    '-f', 'lavfi', '-i', clip.draw(size),
    '-f', 'lavfi', '-i', `sine=frequency=${clip.tone}:sample_rate=48000`,
    '-t', String(size.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p', '-threads', '2',
    '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', path,
  ], { timeoutMs: 120_000 });
  return path;
}

/** The clips generated once per process for the same size (tests seed many databases). */
const generated = new Map<string, Promise<string[]>>();

async function clipFiles(size: ClipSize, reuse: boolean): Promise<{ paths: string[]; remove: () => Promise<void> }> {
  const make = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'impecable-demo-clips-'));
    // Two at a time at most: the machine may be serving already.
    const first = await Promise.all(DEMO_CLIPS.slice(0, 2).map((clip) => generateClip(dir, clip, size)));
    const rest = await Promise.all(DEMO_CLIPS.slice(2).map((clip) => generateClip(dir, clip, size)));
    return [...first, ...rest];
  };
  if (!reuse) {
    const paths = await make();
    return { paths, remove: () => rm(join(paths[0] as string, '..'), { recursive: true, force: true }) };
  }
  const key = JSON.stringify(size);
  let paths = generated.get(key);
  if (!paths) {
    paths = make();
    generated.set(key, paths);
    paths.catch(() => generated.delete(key));
  }
  return { paths: await paths, remove: async () => undefined };
}

/**
 * Stores the demo's media in `store` and indexes it in `db` (the seed's transaction): the clips
 * as video sources (probed, as an upload), the subtitles of every demo video and the prize images.
 */
export async function storeDemoMedia(db: Kysely<Database>, options: DemoMediaOptions): Promise<DemoFiles> {
  const videos = options.videos ?? 'job';
  const size = options.clip ?? DEMO_CLIP;
  // The demo's clips are made for this seed and removed; tests' tiny ones are kept for the process.
  const files = await clipFiles(size, videos === 'as-is');
  try {
    const clips: DemoFiles['clips'] = [];
    for (const [index, path] of files.paths.entries()) {
      const file = { path, size: (await stat(path)).size, originalName: `${DEMO_CLIPS[index]?.name ?? 'demo'}.mp4` };
      const checked = await checkSource(file);
      clips.push({ url: await saveSource(db, options.store, checked), seconds: checked.video.durationSeconds });
    }
    const captions = new Map<string, string>();
    for (const [slug, videosOf] of Object.entries(DEMO_CAPTIONS)) {
      for (const [position, lines] of videosOf.entries()) {
        const seconds = clips[position % clips.length]?.seconds ?? size.seconds;
        const saved = await saveMedia(db, options.store, Buffer.from(captionsVtt(lines, seconds), 'utf8'), { ...MEDIA_TYPES.vtt, originalName: `${slug}-${position}.vtt` });
        captions.set(`${slug}-${position}`, saved.url);
      }
    }
    return { clips, captions, images: await storeProductImages(db, options.store), videos };
  } finally {
    await files.remove();
  }
}

async function storeProductImages(db: Kysely<Database>, store: MediaStore): Promise<Map<string, string>> {
  const images = new Map<string, string>();
  for (const prize of DEMO_PRIZES) {
    const bytes = await readFile(new URL(`${prize.slug}.svg`, PRODUCTS));
    images.set(prize.slug, (await saveMedia(db, store, bytes, { ...MEDIA_TYPES.svg, originalName: `${prize.slug}.svg` })).url);
  }
  return images;
}

/** A store in memory, for seeds whose files nobody serves (tests of other things). */
export function memoryMediaStore(): MediaStore {
  const files = new Map<string, Buffer>();
  return {
    async put(key, bytes) {
      if (!files.has(key)) files.set(key, Buffer.from(bytes));
    },
    async putFile(key, path) {
      if (!files.has(key)) files.set(key, await readFile(path));
    },
    async read(key) {
      return files.get(key) ?? null;
    },
    async open(key, range) {
      const bytes = files.get(key);
      if (!bytes) return null;
      const part = range ? bytes.subarray(range.start, range.end + 1) : bytes;
      return { stream: Readable.from([part]), size: bytes.length };
    },
    async size(key) {
      return files.get(key)?.length ?? null;
    },
  };
}
