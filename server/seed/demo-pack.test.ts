// The demo is a programme pack: its content is checked by the pack's own rules and written by
// the pack import's writer, so the seeded programme reads back as exactly the demo's pack, and
// the change log shows one import by the system. Its files are in the media store (issue 36):
// generated clips stored as video sources (as an upload) and, for the server's demo, queued for
// the job `video-transcode`, which processes each clip once; subtitles and prize images stored
// there too; nothing in the build (public/media is gone).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { PACK_FORMAT, PACK_VERSION } from '#contract/programme-pack';
import type { Database } from '#server/db/schema';
import { JobRunner } from '#server/jobs/runner';
import { createFolderMediaStore, mediaKeyOfUrl, type MediaStore } from '#server/media/store';
import { PACK_SECTIONS } from '#server/modules/programme/pack/sections';
import { parseManifest } from '#server/modules/programme/pack/service';
import { VIDEO_TRANSCODE_JOB, videoJobHandlers } from '#server/modules/programme/videos/processing';
import { closeTestDatabase, openTestDatabase } from '#test-support/server/test-app';
import { DEMO_CLIPS, storeDemoMedia } from './demo-media.ts';
import { demoPackSections } from './demo-pack.ts';
import { seedMinimal, TINY_CLIP } from './index.ts';

const NOW = new Date('2026-03-20T10:00:00Z');
let db: Kysely<Database>;
let dir: string;
let store: MediaStore;

beforeAll(async () => {
  db = await openTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'impecable-demo-media-'));
  store = createFolderMediaStore(dir);
  await seedMinimal(db, NOW, { store, clip: TINY_CLIP, videos: 'as-is' });
});
afterAll(async () => {
  await closeTestDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

describe('the demo pack', () => {
  it('passes every section\'s checks, and the seeded programme reads back as exactly that pack', async () => {
    // The same clips and files again (content-addressed: the same URLs).
    const files = await storeDemoMedia(db, { store, clip: TINY_CLIP, videos: 'as-is' });
    const pack = parseManifest({ formato: PACK_FORMAT, version: PACK_VERSION, exportado: NOW.toISOString(), secciones: demoPackSections(NOW, files) }, PACK_SECTIONS);
    if ('problems' in pack) throw new Error(JSON.stringify(pack.problems));
    expect(pack.sections.map((s) => s.section.name)).toEqual(['calendario', 'videos', 'quizzes', 'catalogo', 'premios']);
    for (const { section, data } of pack.sections) expect(await section.read(db), section.name).toEqual(data);
  });

  it('is what the seed wrote: seven attributes (ids 1-7), nine videos, sixty questions, its catalogue and one prize row, in one import by the system', async () => {
    expect((await db.selectFrom('attributes').select('id').orderBy('id').execute()).map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const videos = await db.selectFrom('videos').select(['id', 'attribute_id', 'position']).orderBy('id').execute();
    expect(videos.map((v) => [v.id, v.attribute_id, v.position])).toEqual([1, 2, 3].flatMap((a, i) => [0, 1, 2].map((p) => [i * 3 + p + 1, a, p])));
    expect(Number((await db.selectFrom('quiz_questions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(60);
    expect(await db.selectFrom('prize_tiers').select(['applies_from', 'tier1', 'tier2', 'tier3', 'brand']).execute())
      .toEqual([{ applies_from: '2026-01', tier1: 300, tier2: 200, tier3: 100, brand: 100 }]);
    expect(await db.selectFrom('content_changes').select(['area', 'entity', 'action', 'actor_user_id']).execute())
      .toEqual([{ area: 'paquete', entity: 'programa', action: 'imported', actor_user_id: null }]);
  });

  it('keeps every file in the media store: the clips (probed, shared in turn), the subtitles of each video and the prize images; none in the build', async () => {
    const videos = await db.selectFrom('videos').select(['position', 'url', 'captions_url', 'duration_seconds']).orderBy('id').execute();
    const clips = [...new Set(videos.map((v) => v.url))];
    expect(clips).toHaveLength(DEMO_CLIPS.length);
    expect(videos.map((v) => clips.indexOf(v.url))).toEqual(videos.map((v) => v.position % DEMO_CLIPS.length));
    expect(videos.every((v) => v.duration_seconds === TINY_CLIP.seconds)).toBe(true);
    expect(new Set(videos.map((v) => v.captions_url)).size).toBe(9);
    const products = await db.selectFrom('products').select('imagen').execute();
    expect(products.length).toBeGreaterThan(0);
    const urls = [...clips, ...videos.map((v) => v.captions_url as string), ...products.map((p) => p.imagen)];
    for (const url of urls) {
      const key = mediaKeyOfUrl(url);
      expect(key, url).not.toBeNull();
      expect(await store.size(key as string), url).toBeGreaterThan(0);
      expect(await db.selectFrom('media_files').select('key').where('key', '=', key as string).executeTakeFirst(), url).toBeDefined();
    }
    const vtt = (await store.read(mediaKeyOfUrl(videos[0]?.captions_url) as string))?.toString('utf8') ?? '';
    expect(vtt).toMatch(/^WEBVTT\n\n00:00:00\.000 --> /);
    expect(vtt).toMatch(/\nBienvenido al atributo [A-Z]/);
    expect(vtt).toContain('00:00:06.000\n');
    expect((await store.read(mediaKeyOfUrl(products[0]?.imagen) as string))?.toString('utf8')).toContain('<svg');
    expect(existsSync('public/media')).toBe(false);
  });
});

describe('the server\'s demo (videos: job)', () => {
  it('queues each video\'s clip as its source, as an upload; the job makes all nine ready, each clip transcoded once', async () => {
    const jobDb = await openTestDatabase();
    const jobDir = mkdtempSync(join(tmpdir(), 'impecable-demo-job-'));
    const media = createFolderMediaStore(jobDir);
    try {
      await seedMinimal(jobDb, NOW, { store: media, clip: TINY_CLIP, videos: 'job' });
      const queued = await jobDb.selectFrom('videos').select(['id', 'url', 'source_url', 'stream_url', 'processing']).orderBy('id').execute();
      expect(queued.every((v) => v.processing === 'queued' && v.source_url === v.url && v.stream_url === null)).toBe(true);
      const jobs = await jobDb.selectFrom('jobs').select(['kind', 'payload']).where('kind', '=', VIDEO_TRANSCODE_JOB).orderBy('id').execute();
      expect(jobs.map((j) => (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload))).toEqual(queued.map((v) => ({ videoId: v.id, source: v.source_url })));

      let transcodings = 0;
      const { transcodeVideo } = await import('#server/media/transcode');
      const counted: typeof transcodeVideo = (options) => {
        transcodings += 1;
        return transcodeVideo(options);
      };
      await new JobRunner(jobDb, { handlers: videoJobHandlers({ db: jobDb, media, transcode: counted }) }).runOnce();
      const ready = await jobDb.selectFrom('videos').select(['processing', 'stream_url', 'duration_seconds']).orderBy('id').execute();
      expect(ready.every((v) => v.processing === 'ready' && v.stream_url !== null && v.duration_seconds === TINY_CLIP.seconds)).toBe(true);
      expect(new Set(ready.map((v) => v.stream_url)).size).toBe(DEMO_CLIPS.length);
      expect(transcodings).toBe(DEMO_CLIPS.length);
    } finally {
      await closeTestDatabase(jobDb);
      rmSync(jobDir, { recursive: true, force: true });
    }
  }, 120_000);
});
