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
import { calendarPackSection } from '../calendar/pack.ts';
import { videosPackSection } from './pack.ts';

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
    expect(media).toHaveLength(3);
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

  it('lists every problem of the section by item', async () => {
    const data = await videosPackSection.read(ctx.db);
    const [first, second] = data.filter((v) => v.atributo === 'accesible') as [PackVideo, PackVideo];
    const result = videosPackSection.parse([
      { ...first, title: ' ' },
      { ...second, url: 'https://tracker.example/v.mp4', poster_url: '/media/accesible-0.png' },
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
