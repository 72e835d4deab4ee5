// transcodeVideo on a small generated clip, through a real media store and database: the
// master lists its rungs with their bandwidth, resolution and codecs, every playlist and
// segment is a stored file of the right type, the low MP4 starts with ftyp and has its index
// first, the poster is a JPEG, progress rises to 100, and no working file is left behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/schema';
import { closeTestDatabase, openTestDatabase } from '#test-support/server/test-app';
import { clipFolder, type ClipFolder } from '#test-support/server/video-clips';
import { probeVideo, type ProbedVideo } from './probe.ts';
import { createFolderMediaStore, mediaKeyOfUrl, type MediaStore } from './store.ts';
import { ladderFor, leftovers, rungDimensions, transcodeVideo } from './transcode.ts';

let db: Kysely<Database>;
let media: MediaStore;
let mediaDir: string;
let workRoot: string;
let clips: ClipFolder;

beforeAll(async () => {
  db = await openTestDatabase();
  mediaDir = mkdtempSync(join(tmpdir(), 'impecable-media-'));
  workRoot = mkdtempSync(join(tmpdir(), 'impecable-work-'));
  media = createFolderMediaStore(mediaDir);
  clips = clipFolder();
}, 30_000);

afterAll(async () => {
  await closeTestDatabase(db);
  rmSync(mediaDir, { recursive: true, force: true });
  rmSync(workRoot, { recursive: true, force: true });
  clips.remove();
});

/** The top-level box types of an MP4, in order. */
function boxTypes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(at);
    types.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return types;
}

async function stored(url: string): Promise<{ bytes: Buffer; type: string }> {
  const key = mediaKeyOfUrl(url);
  expect(key, url).not.toBeNull();
  const bytes = await media.read(key as string);
  const row = await db.selectFrom('media_files').select('content_type').where('key', '=', key as string).executeTakeFirst();
  expect(bytes, url).not.toBeNull();
  return { bytes: bytes as Buffer, type: row?.content_type ?? '' };
}

describe('the ladder', () => {
  it('takes the rungs at or below the source, the lowest always, never upscaled, upright too', () => {
    expect(ladderFor({ width: 1920, height: 1080 }).map((r) => r.size)).toEqual([240, 360, 720]);
    expect(ladderFor({ width: 640, height: 360 }).map((r) => r.size)).toEqual([240, 360]);
    expect(ladderFor({ width: 320, height: 180 }).map((r) => r.size)).toEqual([240]);
    const [low] = ladderFor({ width: 320, height: 180 });
    expect(rungDimensions({ width: 320, height: 180 }, low!)).toEqual({ width: 320, height: 180 });
    expect(rungDimensions({ width: 1920, height: 1080 }, low!)).toEqual({ width: 426, height: 240 });
    expect(rungDimensions({ width: 1080, height: 1920 }, low!)).toEqual({ width: 240, height: 426 });
  });
});

describe('transcodeVideo', () => {
  it('turns a clip into a playable HLS ladder, a faststart MP4 and a poster, all stored', async () => {
    const source = await clips.clip('fuente.mp4', { seconds: 5, width: 640, height: 360 });
    const probed = await probeVideo(source);
    if (!probed.ok) throw new Error(probed.reason);
    const progress: number[] = [];
    const result = await transcodeVideo({ db, media, source, video: probed.video as ProbedVideo, workRoot, onProgress: (p) => progress.push(p) });
    expect(result.durationSeconds).toBe(5);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(2);

    const master = await stored(result.streamUrl);
    expect(master.type).toBe('application/vnd.apple.mpegurl');
    const lines = master.bytes.toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    const inf = lines.filter((l) => l.startsWith('#EXT-X-STREAM-INF:'));
    expect(inf).toEqual([
      '#EXT-X-STREAM-INF:BANDWIDTH=611600,RESOLUTION=426x240,CODECS="avc1.4d401e,mp4a.40.2"',
      '#EXT-X-STREAM-INF:BANDWIDTH=1082400,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
    ]);
    const variants = lines.filter((l) => !l.startsWith('#'));
    expect(variants).toHaveLength(2);
    for (const variant of variants) {
      const playlist = await stored(variant);
      expect(playlist.type).toBe('application/vnd.apple.mpegurl');
      const text = playlist.bytes.toString('utf8');
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(text).toContain('#EXT-X-ENDLIST');
      expect(Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1])).toBeLessThanOrEqual(5);
      const segments = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
      expect(segments.length).toBe(2);
      const total = [...text.matchAll(/#EXTINF:([\d.]+),/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      expect(total).toBeCloseTo(5, 0);
      for (const segment of segments) {
        expect(segment).toMatch(/^\/media\/u\/[0-9a-f]{64}\.ts$/);
        const ts = await stored(segment);
        expect(ts.type).toBe('video/mp2t');
        expect(ts.bytes[0]).toBe(0x47);
      }
    }

    const low = await stored(result.lowUrl);
    expect(low.type).toBe('video/mp4');
    const boxes = boxTypes(low.bytes);
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const lowProbe = await probeVideo(join(mediaDir, (mediaKeyOfUrl(result.lowUrl) as string).slice(0, 2), mediaKeyOfUrl(result.lowUrl) as string));
    expect(lowProbe).toMatchObject({ ok: true, video: { width: 426, height: 240, hasAudio: true, durationSeconds: 5 } });

    const poster = await stored(result.posterUrl);
    expect(poster.type).toBe('image/jpeg');
    expect([...poster.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await leftovers(workRoot)).toEqual([]);
  }, 30_000);

  it('a silent clip gets video-only renditions, and a failing ffmpeg leaves nothing behind', async () => {
    const source = await clips.clip('mudo.mp4', { seconds: 2, audio: false });
    const probed = await probeVideo(source);
    if (!probed.ok) throw new Error(probed.reason);
    const result = await transcodeVideo({ db, media, source, video: probed.video, workRoot });
    const master = (await stored(result.streamUrl)).bytes.toString('utf8');
    expect(master).toContain('RESOLUTION=320x180,CODECS="avc1.4d401e"');
    // The file gone bad between the probe and the job: ffmpeg fails, the folder is cleaned.
    const broken = clips.truncated('roto.mp4', source);
    await expect(transcodeVideo({ db, media, source: broken, video: probed.video, workRoot })).rejects.toThrow(/ffmpeg/);
    expect(await leftovers(workRoot)).toEqual([]);
  }, 30_000);
});
