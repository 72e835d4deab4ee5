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
import { averageBitrate, keyframeExpression, ladderFor, leftovers, peakBitrate, rungDimensions, transcodeVideo } from './transcode.ts';

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

describe('segment timing and bit rates', () => {
  it('forces keyframes at 0, 1, 2, then every 4 s', () => {
    expect(keyframeExpression()).toBe('expr:gte(t,if(eq(n_forced,0),0,if(eq(n_forced,1),1,if(eq(n_forced,2),2,4*(n_forced-2)))))');
  });

  it('declares the peak segment bit rate of the HLS spec (runs of 0.5–1.5 × target), never below a whole segment of 1 s or more', () => {
    const kb = (kbits: number, seconds: number) => ({ seconds, bytes: (kbits * 1000 * seconds) / 8 });
    // 1 s, 1 s, 2 s, then 4 s: the 4-s segment at 500 kbps is the peak; the runs average below it.
    expect(peakBitrate([kb(300, 1), kb(400, 1), kb(450, 2), kb(500, 4), kb(480, 4)], 4)).toBe(500_000);
    // A 1-s segment above every run counts too (a player measures it alone).
    expect(peakBitrate([kb(700, 1), kb(300, 1), kb(300, 2), kb(400, 4)], 4)).toBe(700_000);
    // A last sliver (0.1 s) is only part of the runs: it cannot inflate the peak on its own.
    expect(peakBitrate([kb(400, 4), kb(2000, 0.1)], 4)).toBe(Math.ceil(((400 * 4 + 2000 * 0.1) * 1000) / 4.1));
    // A clip shorter than any run: its largest segment.
    expect(peakBitrate([kb(300, 0.5), kb(350, 0.4)], 4)).toBe(350_000);
    expect(averageBitrate([kb(300, 1), kb(500, 3)])).toBe(450_000);
  });
});

/** A stored variant's segments: their EXTINF seconds, URLs and stored sizes. */
async function variantSegments(text: string): Promise<{ seconds: number; url: string; bytes: number }[]> {
  const lines = text.split('\n');
  const out: { seconds: number; url: string; bytes: number }[] = [];
  for (const [i, line] of lines.entries()) {
    const inf = /^#EXTINF:([\d.]+),/.exec(line);
    if (!inf) continue;
    const url = lines[i + 1] as string;
    out.push({ seconds: Number(inf[1]), url, bytes: (await stored(url)).bytes.length });
  }
  return out;
}

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
    expect(inf).toHaveLength(2);
    expect(inf[0]).toMatch(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=426x240,CODECS="avc1.4d401e,mp4a.40.2"$/);
    expect(inf[1]).toMatch(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"$/);
    const variants = lines.filter((l) => !l.startsWith('#'));
    expect(variants).toHaveLength(2);
    const timings: number[][] = [];
    const declared: number[] = [];
    for (const [index, variant] of variants.entries()) {
      const text = (await stored(variant)).bytes.toString('utf8');
      const segments = await variantSegments(text);
      // A light start: 1 s, 1 s, 2 s, then 4 s (here the last second of the 5-s clip).
      expect(segments.map((seg) => seg.seconds)).toEqual([1, 1, 2, 1]);
      timings.push(segments.map((seg) => seg.seconds));
      // BANDWIDTH is measured, not padded: at or above every segment's bit rate, at most the highest one.
      const rates = segments.map((seg) => (seg.bytes * 8) / seg.seconds);
      const [, bandwidth, average] = /BANDWIDTH=(\d+),AVERAGE-BANDWIDTH=(\d+)/.exec(inf[index] as string)!.map(Number);
      for (const rate of rates) expect(bandwidth).toBeGreaterThanOrEqual(rate);
      expect(bandwidth).toBeLessThanOrEqual(Math.ceil(Math.max(...rates)));
      const total = segments.reduce((sum, seg) => sum + seg.bytes * 8, 0) / segments.reduce((sum, seg) => sum + seg.seconds, 0);
      expect(average).toBeCloseTo(total, -2);
      expect(average).toBeLessThanOrEqual(bandwidth as number);
      declared.push(bandwidth as number);
    }
    // Segments cut at the same instants on every rung.
    expect(timings[1]).toEqual(timings[0]);
    // The first 240p segment is light (~60 KB at most: 400 kbps video + 64 kbps audio for 1 s).
    const first240 = (await variantSegments((await stored(variants[0] as string)).bytes.toString('utf8')))[0]!;
    expect(first240.bytes).toBeLessThan(80_000);
    // Honest figures let a 1.5 Mbps floor take 360p (VHS wants 1.2 × BANDWIDTH); 240p fits far below.
    expect(declared[0]).toBeLessThan(700_000);
    expect((declared[1] as number) * 1.2).toBeLessThan(1_500_000);
    for (const variant of variants) {
      const playlist = await stored(variant);
      expect(playlist.type).toBe('application/vnd.apple.mpegurl');
      const text = playlist.bytes.toString('utf8');
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(text).toContain('#EXT-X-ENDLIST');
      expect(Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1])).toBeLessThanOrEqual(5);
      const segments = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
      expect(segments.length).toBe(4);
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
