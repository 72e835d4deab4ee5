// Programa › Vídeos over HTTP (app.inject on real PGlite, real media bytes): each route and rule,
// hostile uploads refused with a Spanish 4xx that change nothing (rows and media folder), and
// what agents see: hidden videos gone from their lists, progress kept across a file replacement.
import { readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTIONS_MAX_BYTES, POSTER_MAX_BYTES, VIDEO_MAX_BYTES } from '#contract/programme-videos-constants';
import { programmeVideosResponseSchema, videoAnswerSchema, type AdminVideo } from '#contract/programme-videos';
import { videosResponseSchema } from '#contract/training';
import {
  dateAfterMonth, ORDER_HIDDEN_FIRST, ORDER_NOT_SAME_VIDEOS, PRESENTATION_CANNOT_HIDE, TITLE_REQUIRED, TITLE_TOO_LONG, WATCHED_CANNOT_DELAY,
  WATCHED_CANNOT_DELETE,
} from '#domain/programme-videos';
import { createAgent, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, mediaCookie, type TestContext } from '#test-support/server/test-app';
import { demoMp4, demoVtt, fakeMp4, form, mp4File, posterFile, posterJpeg, vttFile, type FormFile } from '#test-support/server/video-files';
import { JobRunner } from '#server/jobs/runner';
import { UNREADABLE_VIDEO } from '#server/media/probe';
import { videoJobHandlers } from './processing.ts';
import { CAPTIONS_TOO_LARGE, NOT_MULTIPART, NOT_POSTER, NOT_VTT, POSTER_TOO_LARGE, UNKNOWN_FIELD, VIDEO_TOO_LARGE } from './upload.ts';
import { ATTRIBUTE_NOT_FOUND, NOTHING_TO_CHANGE, VIDEO_FILE_REQUIRED, VIDEO_NOT_FOUND } from './service.ts';

let ctx: TestContext;
let admin: string;
let agent: TestAgent;
let poster: Buffer;
const NOW = new Date('2025-06-20T10:00:00Z');
/** A media-store URL of this type (the demo's files are in the store: issue 36). */
const stored = (ext: string) => expect.stringMatching(new RegExp(`^/media/u/[0-9a-f]{64}\\.${ext}$`));
// Attribute 3 (Accesible) is June 2025's, with three seeded videos; Ana has progress on them.
const JUNE = 3;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  admin = await ctx.signIn('admin@impecable.demo');
  agent = await createAgent(ctx, 'Vera');
  poster = await posterJpeg();
});
afterAll(async () => {
  await ctx.close();
});

const asAdmin = bearer;
const list = async () => programmeVideosResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/programa/videos', headers: asAdmin(admin) })).json());
const videosOf = async (attributeId: number) => (await list()).atributos.find((a) => a.id === attributeId)?.videos ?? [];
const upload = (url: string, fields: Record<string, string>, files: FormFile[] = []) => {
  const body = form(fields, files);
  return ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...asAdmin(admin), ...body.headers } });
};
const create = (fields: Record<string, string>, files: FormFile[] = [mp4File()]) => upload('/api/programa/videos', fields, files);
const put = (id: number, payload: object) => ctx.app.inject({ method: 'PUT', url: `/api/programa/videos/${id}`, payload, headers: asAdmin(admin) });
const reorder = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/programa/videos/orden', payload, headers: asAdmin(admin) });
const remove = (id: number) => ctx.app.inject({ method: 'DELETE', url: `/api/programa/videos/${id}`, headers: asAdmin(admin) });
const agentGet = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(agent.token) });
/** A viewing from 50 s ago to now, on a clock moved on so the agent's session predates it. */
async function watch(videoId: number, from: number, to: number) {
  ctx.clock.advance(120_000);
  const started = new Date(ctx.clock.now().getTime() - 50_000);
  const first = await report(videoId, from, started);
  expect(first.statusCode, first.body).toBe(200);
  return to === from ? first : report(videoId, to, ctx.clock.now());
}
const report = (videoId: number, porcentaje: number, at: Date) => ctx.app.inject({
  method: 'POST', url: `/api/video/${videoId}/porcentaje`, payload: { porcentaje }, headers: { ...bearer(agent.token), 'x-occurred-at': at.toISOString() },
});

/** Every row a video write may touch, and the media folder's files. */
async function state() {
  const [videos, changes, media, progress] = await Promise.all([
    ctx.db.selectFrom('videos').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('content_changes').select('id').execute(),
    ctx.db.selectFrom('media_files').select('key').orderBy('key').execute(),
    ctx.db.selectFrom('video_progress').selectAll().orderBy('user_id').orderBy('video_id').execute(),
  ]);
  const files = readdirSync(ctx.mediaDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort();
  return { videos, changes: changes.length, media, progress, files };
}

/** Runs the queued processing jobs (real ffmpeg): the uploaded videos become 'ready' for agents. */
const processed = () => new JobRunner(ctx.db, { handlers: videoJobHandlers({ db: ctx.db, media: ctx.media }) }).runOnce();

async function created(fields: Record<string, string>, files?: FormFile[]): Promise<AdminVideo> {
  const res = await create(fields, files);
  expect(res.statusCode, res.body).toBe(200);
  return videoAnswerSchema.parse(res.json()).video;
}

describe('GET /api/programa/videos', () => {
  it('lists every attribute with its videos in order, hidden ones too, and how many agents have progress on each', async () => {
    const { atributos } = await list();
    expect(atributos).toHaveLength(7);
    const june = atributos.find((a) => a.id === JUNE);
    expect(june).toMatchObject({ slug: 'accesible', month_start: '2025-06-01', month_end: '2025-06-30' });
    expect(june?.videos.map((v) => [v.position, v.url, v.duration_seconds, v.hidden])).toEqual([
      [0, stored('mp4'), 6, false], [1, stored('mp4'), 6, false], [2, stored('mp4'), 6, false],
    ]);
    const viewers = await ctx.db.selectFrom('video_progress').select('user_id').where('video_id', '=', june?.videos[0]?.id ?? 0).execute();
    expect(june?.videos[0]?.views).toBe(viewers.length);
    expect(june?.videos[0]?.views).toBeGreaterThan(0);
  });
});

describe('POST /api/programa/videos', () => {
  it('stores the MP4, its subtitles and poster by content, reads the duration, appends the video and records the change', async () => {
    const before = await state();
    const video = await created({ atributo_id: String(JUNE), title: '  Cierre del mes  ', available_from: '2025-06-25' }, [mp4File(demoMp4('devalor-1')), vttFile(), posterFile(poster)]);
    expect(video).toMatchObject({ atributo_id: JUNE, position: 3, title: 'Cierre del mes', available_from: '2025-06-25', duration_seconds: 6, hidden: false, views: 0 });
    expect(video.url).toMatch(/^\/media\/u\/[0-9a-f]{64}\.mp4$/);
    expect(video.captions_url).toMatch(/^\/media\/u\/[0-9a-f]{64}\.vtt$/);
    expect(video.poster_url).toMatch(/^\/media\/u\/[0-9a-f]{64}\.jpg$/);
    const served = await ctx.app.inject({ method: 'GET', url: video.url, headers: mediaCookie(admin) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.equals(demoMp4('devalor-1'))).toBe(true);
    const after = await state();
    expect(after.files.length).toBe(before.files.length + 3);
    const change = await ctx.db.selectFrom('content_changes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change).toMatchObject({ area: 'videos', entity: 'video', entity_id: String(video.id), action: 'created', before: null });
    expect(change.after).toMatchObject({ title: 'Cierre del mes', url: video.url });
    await remove(video.id);
  });

  it('takes no date (never open) and an attribute without a month', async () => {
    const video = await created({ atributo_id: '5', title: 'Presentación', available_from: '' });
    expect(video).toMatchObject({ atributo_id: 5, position: 0, available_from: null });
    expect((await remove(video.id)).statusCode).toBe(200);
  });

  const big = (bytes: number, head: Buffer) => Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]);
  it.each([
    ['a fake MP4 (ftyp, then nothing of the kind)', {}, [mp4File(fakeMp4())], 400, UNREADABLE_VIDEO],
    ['a text file named .mp4', {}, [mp4File(Buffer.from('hola'), 'video.mp4')], 400, UNREADABLE_VIDEO],
    ['no video file', {}, [], 400, VIDEO_FILE_REQUIRED],
    ['subtitles that are HTML', {}, [mp4File(), vttFile(Buffer.from('<html><script>alert(1)</script></html>'), 'x.vtt')], 400, NOT_VTT],
    ['an SVG poster', {}, [mp4File(), posterFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'p.svg')], 400, NOT_POSTER],
    ['a poster over 2 MB', {}, [mp4File(), posterFile(big(POSTER_MAX_BYTES + 1, Buffer.from([0xff, 0xd8, 0xff])))], 413, POSTER_TOO_LARGE],
    ['subtitles over 1 MB', {}, [mp4File(), vttFile(big(CAPTIONS_MAX_BYTES + 1, Buffer.from('WEBVTT\n\n')))], 413, CAPTIONS_TOO_LARGE],
    ['a field the form does not have', { precio: '3' }, [mp4File()], 400, UNKNOWN_FIELD('precio')],
    ['a file in a field the form does not have', {}, [mp4File(), { ...mp4File(), field: 'extra' }], 400, UNKNOWN_FIELD('extra')],
    ['an empty title', { title: '  ' }, [mp4File()], 400, TITLE_REQUIRED],
    ['a title of 121 characters', { title: 'a'.repeat(121) }, [mp4File()], 400, TITLE_TOO_LONG],
    ['a date after the month', { available_from: '2025-07-01' }, [mp4File()], 400, dateAfterMonth('2025-06-30')],
    ['an attribute that does not exist', { atributo_id: '999' }, [mp4File()], 404, ATTRIBUTE_NOT_FOUND],
  ])('refuses %s, and nothing changes', async (_about, fields, files, status, message) => {
    const before = await state();
    const res = await create({ atributo_id: String(JUNE), title: 'Vídeo', available_from: '2025-06-10', ...fields }, files as FormFile[]);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, error: message });
    expect(await state()).toEqual(before);
  });

  it('refuses a body that is not a form', async () => {
    const before = await state();
    const res = await ctx.app.inject({ method: 'POST', url: '/api/programa/videos', payload: { atributo_id: JUNE }, headers: asAdmin(admin) });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(NOT_MULTIPART);
    expect(await state()).toEqual(before);
  });

  it('refuses an MP4 one byte over 500 MB, streamed, whole: nothing stored', async () => {
    const before = await state();
    const boundary = '----big';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="atributo_id"\r\n\r\n${JUNE}\r\n--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nGrande\r\n`
      + `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="grande.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    const chunk = Buffer.alloc(4 * 1024 * 1024);
    const total = VIDEO_MAX_BYTES + 1;
    async function* body() {
      yield head;
      yield demoMp4();
      let sent = demoMp4().length;
      while (sent < total) {
        const n = Math.min(chunk.length, total - sent);
        yield chunk.subarray(0, n);
        sent += n;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/programa/videos', payload: Readable.from(body()),
      headers: { ...asAdmin(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(VIDEO_TOO_LARGE);
    expect(await state()).toEqual(before);
  }, 120_000);
});

describe('PUT /api/programa/videos/:id', () => {
  it('changes the title and date, hides and shows a video, each recorded', async () => {
    const [, second] = await videosOf(JUNE);
    if (!second) throw new Error('no second video');
    const changed = await put(second.id, { title: 'Formación 1 (nueva)', available_from: '2025-06-12', hidden: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(videoAnswerSchema.parse(changed.json()).video).toMatchObject({ title: 'Formación 1 (nueva)', available_from: '2025-06-12' });
    const hidden = await put(second.id, { title: 'Formación 1 (nueva)', available_from: '2025-06-12', hidden: true });
    expect(videoAnswerSchema.parse(hidden.json()).video.hidden).toBe(true);
    const actions = await ctx.db.selectFrom('content_changes').select('action').where('entity_id', '=', String(second.id)).orderBy('id').execute();
    expect(actions.map((a) => a.action).slice(-2)).toEqual(['updated', 'hidden']);
    await put(second.id, { title: second.title, available_from: second.available_from, hidden: false });
  });

  it.each([
    ['hiding the presentation', 0, { hidden: true }, 409, PRESENTATION_CANNOT_HIDE],
    ['moving a watched video later', 0, { available_from: '2025-06-02' }, 409, WATCHED_CANNOT_DELAY],
    ['taking a watched video\'s date away', 0, { available_from: null }, 409, WATCHED_CANNOT_DELAY],
    ['an empty title', 1, { title: '' }, 400, TITLE_REQUIRED],
    ['a date after the month', 1, { available_from: '2025-07-02' }, 400, dateAfterMonth('2025-06-30')],
  ])('refuses %s, and nothing changes', async (_about, position, change, status, message) => {
    const video = (await videosOf(JUNE))[position];
    if (!video) throw new Error('no video');
    const before = await state();
    const res = await put(video.id, { title: video.title, available_from: video.available_from, hidden: video.hidden, ...change });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(message);
    expect(await state()).toEqual(before);
  });

  it('answers 404 for a video that does not exist', async () => {
    const res = await put(987654, { title: 'x', available_from: null, hidden: false });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(VIDEO_NOT_FOUND);
  });
});

describe('POST /api/programa/videos/orden', () => {
  it('puts one attribute\'s videos in the new order', async () => {
    const ids = (await videosOf(JUNE)).map((v) => v.id);
    const res = await reorder({ atributo_id: JUNE, ids: [ids[0], ids[2], ids[1]] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await videosOf(JUNE)).map((v) => v.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect((await reorder({ atributo_id: JUNE, ids })).statusCode).toBe(200);
    expect((await videosOf(JUNE)).map((v) => [v.id, v.position])).toEqual(ids.map((id, i) => [id, i]));
  });

  it.each([
    ["another attribute's video", (june: number[], may: number[]) => [june[0], june[1], may[0]], ORDER_NOT_SAME_VIDEOS],
    ['one missing', (june: number[]) => [june[0], june[1]], ORDER_NOT_SAME_VIDEOS],
    ['one twice', (june: number[]) => [june[0], june[1], june[1]], ORDER_NOT_SAME_VIDEOS],
  ])('refuses %s, and nothing changes', async (_about, ids, message) => {
    const june = (await videosOf(JUNE)).map((v) => v.id);
    const may = (await videosOf(2)).map((v) => v.id);
    const before = await state();
    const res = await reorder({ atributo_id: JUNE, ids: ids(june, may) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await state()).toEqual(before);
  });

  it('never puts a hidden video first', async () => {
    const june = await videosOf(JUNE);
    const [first, second, third] = june;
    if (!first || !second || !third) throw new Error('three videos');
    await put(third.id, { title: third.title, available_from: third.available_from, hidden: true });
    const before = await state();
    const res = await reorder({ atributo_id: JUNE, ids: [third.id, first.id, second.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ORDER_HIDDEN_FIRST);
    expect(await state()).toEqual(before);
    await put(third.id, { title: third.title, available_from: third.available_from, hidden: false });
  });
});

describe('DELETE /api/programa/videos/:id', () => {
  it('refuses a video someone has progress on: hide it instead', async () => {
    const [watched] = await videosOf(JUNE);
    if (!watched) throw new Error('no video');
    const before = await state();
    const res = await remove(watched.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(WATCHED_CANNOT_DELETE);
    expect(await state()).toEqual(before);
  });

  it('deletes a video nobody has watched; the rest close ranks', async () => {
    const first = await created({ atributo_id: '6', title: 'Primero' });
    const second = await created({ atributo_id: '6', title: 'Segundo' });
    expect((await remove(first.id)).statusCode).toBe(200);
    expect((await videosOf(6)).map((v) => [v.id, v.position])).toEqual([[second.id, 0]]);
    const change = await ctx.db.selectFrom('content_changes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(change).toMatchObject({ action: 'deleted', entity_id: String(first.id), after: null });
    expect((await remove(second.id)).statusCode).toBe(200);
    expect((await remove(second.id)).statusCode).toBe(404);
  });
});

describe('POST /api/programa/videos/:id/archivo', () => {
  it('replaces the MP4 under the same id: an agent\'s progress stays and still pays its +5 at 100 %', async () => {
    const video = await created({ atributo_id: String(JUNE), title: 'Para sustituir', available_from: '2025-06-01' });
    await processed();
    const first = (await videosOf(JUNE)).find((v) => v.id === video.id) as AdminVideo;
    await watch(video.id, 50, 50);
    const res = await upload(`/api/programa/videos/${video.id}/archivo`, {}, [mp4File(demoMp4('resolutivo-2')), vttFile(demoVtt('resolutivo-2'))]);
    expect(res.statusCode, res.body).toBe(200);
    const replaced = videoAnswerSchema.parse(res.json()).video;
    expect(replaced).toMatchObject({ id: video.id, position: video.position, title: video.title, views: 1 });
    const progress = await ctx.db.selectFrom('video_progress').select('porcentaje').where('video_id', '=', video.id).where('user_id', '=', agent.user.id).executeTakeFirstOrThrow();
    expect(progress.porcentaje).toBe(50);
    // Processed again under the same id: agents play the previous renditions until it is ready.
    expect(replaced).toMatchObject({ processing: 'queued', url: first.url, stream_url: first.stream_url, duration_seconds: first.duration_seconds });
    const agentList = async () => videosResponseSchema.parse((await agentGet(`/api/video/atributo/${JUNE}`)).json()).videos.find((v) => v.id === video.id);
    expect(await agentList()).toMatchObject({ url: first.url, stream_url: first.stream_url, porcentaje: 50 });
    await processed();
    const ready = (await videosOf(JUNE)).find((v) => v.id === video.id);
    expect(ready).toMatchObject({ processing: 'ready', duration_seconds: 6 });
    expect(ready?.url).not.toBe(first.url);
    expect(await agentList()).toMatchObject({ url: ready?.url, porcentaje: 50 });
    ctx.clock.advance(60_000);
    const done = await report(video.id, 100, ctx.clock.now());
    expect(done.json()).toMatchObject({ porcentaje: 100, visto: true, imps_awarded: 5 });
    await put(video.id, { title: video.title, available_from: video.available_from, hidden: true });
  });

  it('takes the subtitles and poster off, and puts a poster on', async () => {
    const video = await created({ atributo_id: '7', title: 'Con todo' }, [mp4File(), vttFile(), posterFile(poster)]);
    const off = await upload(`/api/programa/videos/${video.id}/archivo`, { quitar_subtitulos: '1', quitar_poster: '1' });
    expect(videoAnswerSchema.parse(off.json()).video).toMatchObject({ captions_url: null, poster_url: null, url: video.url });
    const on = await upload(`/api/programa/videos/${video.id}/archivo`, {}, [posterFile(poster)]);
    expect(videoAnswerSchema.parse(on.json()).video.poster_url).toBe(video.poster_url);
    expect((await remove(video.id)).statusCode).toBe(200);
  });

  it.each([
    ['nothing to change', {}, [], 400, NOTHING_TO_CHANGE],
    ['a fake MP4', {}, [mp4File(fakeMp4())], 400, UNREADABLE_VIDEO],
    ['HTML as subtitles', {}, [vttFile(Buffer.from('<!doctype html><p>hola'))], 400, NOT_VTT],
    ['a title (changed by editing, not here)', { title: 'x' }, [mp4File()], 400, 'Aquí solo se cambian archivos: «title» se cambia al editar el vídeo'],
  ])('refuses %s, and nothing changes', async (_about, fields, files, status, message) => {
    const [first] = await videosOf(JUNE);
    if (!first) throw new Error('no video');
    const before = await state();
    const res = await upload(`/api/programa/videos/${first.id}/archivo`, fields, files as FormFile[]);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(message);
    expect(await state()).toEqual(before);
  });

  it('answers 404 for a video that does not exist, storing nothing', async () => {
    const before = await state();
    const res = await upload('/api/programa/videos/987654/archivo', {}, [mp4File(demoMp4('devalor-2'))]);
    expect(res.statusCode).toBe(404);
    expect(await state()).toEqual(before);
  });
});

describe('what agents see of hidden videos', () => {
  it('a hidden video is neither listed, nor readable, nor counted; a report queued before it was hidden still counts and pays', async () => {
    const video = await created({ atributo_id: String(JUNE), title: 'Se ocultará', available_from: '2025-06-01' });
    await processed();
    const listed = async () => videosResponseSchema.parse((await agentGet(`/api/video/atributo/${JUNE}`)).json()).videos.map((v) => v.id);
    const progreso = async () => ((await agentGet(`/api/progreso/${JUNE}`)).json() as { progreso: number }).progreso;
    expect(await listed()).toContain(video.id);
    const withIt = await progreso();
    await put(video.id, { title: video.title, available_from: video.available_from, hidden: true });
    expect(await listed()).not.toContain(video.id);
    expect((await agentGet(`/api/video/${video.id}/visto`)).statusCode).toBe(404);
    expect((await agentGet(`/api/video/${video.id}/progreso`)).json()).toEqual({ success: false, error: VIDEO_NOT_FOUND });
    // Counts only the visible videos: one fewer to do.
    expect(await progreso()).toBeGreaterThanOrEqual(withIt);
    // Watched on the device before it was hidden, delivered after.
    expect((await watch(video.id, 60, 100)).json()).toMatchObject({ porcentaje: 100, visto: true, imps_awarded: 5 });
    expect(await listed()).not.toContain(video.id);
  });
});
