// The videos' pack section: what it reads travels as JSON and loads, the same, into an empty
// programme whose media store holds the files; a broken section is refused with its problems by item.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackVideo } from '#contract/programme-videos';
import { ORDER_HIDDEN_FIRST, TITLE_REQUIRED, dateAfterMonth } from '#domain/programme-videos';
import type { Database } from '#server/db/schema';
import { saveMedia } from '#server/media/store';
import { bearer, closeTestDatabase, createTestApp, openTestDatabase, type TestContext } from '#test-support/server/test-app';
import { demoMp4, demoVtt, form, mp4File, posterFile, posterJpeg, vttFile } from '#test-support/server/video-files';
import { JobRunner } from '#server/jobs/runner';
import { mediaKeyOfUrl } from '#server/media/store';
import { transcodeVideo } from '#server/media/transcode';
import { calendarPackSection } from '../calendar/pack.ts';
import { videosPackSection } from './pack.ts';
import { VIDEO_TRANSCODE_JOB, videoJobHandlers } from './processing.ts';

let ctx: TestContext;
let empty: Kysely<Database>;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  empty = await openTestDatabase();
  // An uploaded video with subtitles and a poster, hidden, beside the demo's built-in ones.
  const admin = await ctx.signIn('admin@impecable.demo');
  const body = form({ atributo_id: '3', title: 'Subido', available_from: '2025-06-18' }, [mp4File(demoMp4('devalor-2')), vttFile(demoVtt('devalor-2')), posterFile(await posterJpeg())]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/programa/videos', payload: body.payload, headers: { ...bearer(admin), ...body.headers } });
  expect(res.statusCode, res.body).toBe(200);
  const { video } = res.json() as { video: { id: number } };
  await ctx.db.updateTable('videos').set({ hidden: true }).where('id', '=', video.id).execute();
});
afterAll(async () => {
  await closeTestDatabase(empty);
  await ctx.close();
});

function parsed(raw: unknown): PackVideo[] {
  const result = videosPackSection.parse(raw);
  if (!('data' in result)) throw new Error(JSON.stringify(result.problems));
  return result.data;
}

describe('videos pack section', () => {
  it('reads every video, and writes them into an empty programme as they were, with their files in its store', async () => {
    const data = await videosPackSection.read(ctx.db);
    expect(data.filter((v) => v.atributo === 'accesible').map((v) => [v.position, v.hidden])).toEqual([[0, false], [1, false], [2, false], [3, true]]);
    const media = videosPackSection.media(data);
    // The demo's three clips and nine subtitles (all in the store: issue 36), and the uploaded video's MP4, subtitles and poster.
    expect(media).toHaveLength(3 + 9 + 3);
    expect(media.every((url) => url.startsWith('/media/u/'))).toBe(true);

    // The pack carries the attributes and the files: the calendar first, then the media store.
    const calendar = await calendarPackSection.read(ctx.db);
    const travelled = parsed(JSON.parse(JSON.stringify(data)));
    const problems = await empty.transaction().execute(async (trx) => {
      expect(await calendarPackSection.write(trx, calendar)).toEqual([]);
      for (const url of media) {
        const key = url.slice('/media/u/'.length);
        const bytes = await ctx.media.read(key);
        const row = await ctx.db.selectFrom('media_files').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
        await saveMedia(trx, ctx.media, bytes as Buffer, { contentType: row.content_type, extension: key.split('.')[1] as string });
      }
      return videosPackSection.write(trx, travelled);
    });
    expect(problems).toEqual([]);
    expect(await videosPackSection.read(empty)).toEqual(data);

    // A programme that has videos takes none.
    expect(await empty.transaction().execute((trx) => videosPackSection.write(trx, travelled))).toEqual([{ item: 'videos', message: 'El programa ya tiene vídeos' }]);
  });

  it('an imported video is queued for processing on the importing server, plays its MP4 meanwhile, and gets its stream built there', async () => {
    const target = await openTestDatabase();
    try {
      const calendar = await calendarPackSection.read(ctx.db);
      const data = parsed(JSON.parse(JSON.stringify(await videosPackSection.read(ctx.db))));
      // What travels: the MP4 (no stream_url: the stream is the exporting server's).
      expect(data.every((v) => !('stream_url' in v))).toBe(true);
      const problems = await target.transaction().execute(async (trx) => {
        await calendarPackSection.write(trx, calendar);
        for (const url of videosPackSection.media(data)) {
          const key = mediaKeyOfUrl(url) as string;
          const row = await ctx.db.selectFrom('media_files').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
          await saveMedia(trx, ctx.media, (await ctx.media.read(key)) as Buffer, { contentType: row.content_type, extension: key.split('.')[1] as string });
        }
        return videosPackSection.write(trx, data);
      });
      expect(problems).toEqual([]);
      const rows = async () => (await target.selectFrom('videos').select(['id', 'url', 'source_url', 'stream_url', 'processing', 'playable']).orderBy('id').execute())
        .filter((r) => mediaKeyOfUrl(r.url) !== null || mediaKeyOfUrl(r.source_url) !== null);
      const imported = await rows();
      expect(imported.length).toBeGreaterThan(0);
      for (const row of imported) expect(row).toMatchObject({ source_url: row.url, stream_url: null, processing: 'queued', playable: true });
      const jobs = await target.selectFrom('jobs').select('payload').where('kind', '=', VIDEO_TRANSCODE_JOB).execute();
      expect(jobs.map((j) => (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload)).sort((a, b) => a.videoId - b.videoId))
        .toEqual(imported.map((r) => ({ videoId: r.id, source: r.url })));

      let runs = 0;
      const transcode: typeof transcodeVideo = async (options) => {
        runs += 1;
        return transcodeVideo(options);
      };
      const runner = new JobRunner(target, { handlers: videoJobHandlers({ db: target, media: ctx.media, transcode }) });
      while ((await runner.runOnce()) > 0);
      const processed = await rows();
      for (const row of processed) {
        expect(row).toMatchObject({ processing: 'ready', playable: true });
        expect(row.stream_url).toMatch(/^\/media\/u\/[0-9a-f]{64}\.m3u8$/);
      }
      // One transcoding per distinct file (the same file imported twice is reused), each remembered
      // under its low MP4 too: that MP4 exported and imported back here takes this ladder at once.
      expect(runs).toBe(new Set(imported.map((r) => r.url)).size);
      for (const row of processed) {
        const low = mediaKeyOfUrl(row.url) as string;
        expect(await target.selectFrom('video_renditions').select('stream_url').where('source_key', '=', low).executeTakeFirst()).toEqual({ stream_url: row.stream_url });
      }
    } finally {
      await closeTestDatabase(target);
    }
  }, 90_000);

  it('lists every problem of the section by item', async () => {
    const data = await videosPackSection.read(ctx.db);
    const [first, second] = data.filter((v) => v.atributo === 'accesible') as [PackVideo, PackVideo];
    const result = videosPackSection.parse([
      { ...first, title: ' ' },
      { ...second, url: 'https://tracker.example/v.mp4', poster_url: '/media/clip.png' },
      { ...first, atributo: 'resolutivo', position: 0, hidden: true, captions_url: `/media/u/${'a'.repeat(64)}.png` },
      { ...first, atributo: 'devalor', position: 2 },
    ]);
    expect('problems' in result && result.problems).toEqual([
      { item: 'videos › accesible › vídeo 1', message: TITLE_REQUIRED },
      { item: 'videos › accesible › vídeo 2', message: 'El vídeo debe ser un archivo del paquete (/media/u/…)' },
      { item: 'videos › accesible › vídeo 2', message: 'La portada debe ser un archivo del paquete (/media/u/…)' },
      { item: 'videos › resolutivo › vídeo 1', message: 'Los subtítulos no es del tipo esperado' },
      { item: 'videos › resolutivo', message: ORDER_HIDDEN_FIRST },
      { item: 'videos › devalor', message: 'Las posiciones de sus vídeos deben ser 0, 1, 2… sin huecos ni repeticiones' },
    ]);
    expect('problems' in videosPackSection.parse({ no: 'array' })).toBe(true);
  });

  it('refuses, on writing, an unknown attribute, a date after its month and a file missing from the store', async () => {
    const target = await openTestDatabase();
    try {
      const calendar = await calendarPackSection.read(ctx.db);
      const video = (await videosPackSection.read(ctx.db)).find((v) => v.atributo === 'accesible' && v.position === 3) as PackVideo;
      const problems = await target.transaction().execute(async (trx) => {
        await calendarPackSection.write(trx, calendar);
        return videosPackSection.write(trx, [
          { ...video, position: 0, hidden: false, available_from: '2025-07-01' },
          { ...video, atributo: 'inventado', position: 0, hidden: false },
        ]);
      });
      expect(problems).toEqual([
        { item: 'videos › accesible › vídeo 1', message: dateAfterMonth('2025-06-30') },
        ...[video.url, video.captions_url, video.poster_url].map((url) => ({ item: 'videos › accesible › vídeo 1', message: `Falta en el paquete el archivo ${url}` })),
        { item: 'videos › inventado › vídeo 1', message: 'No existe el atributo «inventado»' },
      ]);
    } finally {
      await closeTestDatabase(target);
    }
  });
});
