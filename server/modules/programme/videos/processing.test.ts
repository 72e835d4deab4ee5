// Processing an uploaded video (issue 36) over HTTP on real PGlite with the real ffmpeg: upload →
// probe → source stored, video 'queued' and out of the agents' lists → the job → playable
// renditions served by /media/u (the master lists its rung, every segment is there, the low MP4
// starts with ftyp and is faststart, the poster is a JPEG, the duration right) and the agents see
// it; a fake or hostile file is refused at once with nothing changed; a failed job shows its
// Spanish reason and Reintentar queues it again (admin only, audited); a rerun ends the same and
// a job whose file was replaced meanwhile changes nothing.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programmeVideosResponseSchema, videoAnswerSchema, type AdminVideo } from '#contract/programme-videos';
import { videosResponseSchema } from '#contract/training';
import { JobRunner } from '#server/jobs/runner';
import { FfmpegError } from '#server/media/ffmpeg';
import { NOT_A_VIDEO, UNREADABLE_VIDEO } from '#server/media/probe';
import { mediaKeyOfUrl } from '#server/media/store';
import { createAgent, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, mediaCookie, type TestContext } from '#test-support/server/test-app';
import { clipFolder, type ClipFolder } from '#test-support/server/video-clips';
import { form, mp4File, posterFile, posterJpeg } from '#test-support/server/video-files';
import { transcodeVideo } from '#server/media/transcode';
import { processVideo, VIDEO_TRANSCODE_JOB, videoJobHandlers } from './processing.ts';
import { NOT_FAILED } from './service.ts';

let ctx: TestContext;
let admin: string;
let agent: TestAgent;
let clips: ClipFolder;
let clip: Buffer;
const JUNE = 3;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  admin = await ctx.signIn('admin@impecable.demo');
  agent = await createAgent(ctx, 'Paula');
  clips = clipFolder();
  clip = readFileSync(await clips.clip('clip.mp4', { seconds: 3 }));
}, 60_000);

afterAll(async () => {
  await ctx.close();
  clips.remove();
});

const runJobs = () => new JobRunner(ctx.db, { handlers: videoJobHandlers({ db: ctx.db, media: ctx.media }) }).runOnce();
const list = async () => programmeVideosResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/programa/videos', headers: bearer(admin) })).json());
const find = async (id: number) => (await list()).atributos.flatMap((a) => a.videos).find((v) => v.id === id) as AdminVideo;
const upload = (bytes: Buffer, name = 'clase.mp4', poster?: Buffer) => {
  const body = form({ atributo_id: String(JUNE), title: 'Vídeo procesado', available_from: '2025-06-18' }, [
    mp4File(Buffer.from(bytes), name), ...(poster ? [posterFile(poster)] : []),
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/programa/videos', payload: body.payload, headers: { ...bearer(admin), ...body.headers } });
};
const reprocess = (id: number, token = admin) => ctx.app.inject({ method: 'POST', url: `/api/programa/videos/${id}/reprocesar`, headers: bearer(token) });
/** A member's GET of a media URL (with the media cookie, as a <video> sends it). */
const getMedia = (url: string) => ctx.app.inject({ method: 'GET', url, headers: mediaCookie(admin) });
const agentTitles = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/video/atributo/${JUNE}`, headers: bearer(agent.token) });
  expect(res.statusCode, res.body).toBe(200);
  return videosResponseSchema.parse(res.json()).videos.map((v) => v.id);
};
const sourcePath = (url: string) => {
  const key = mediaKeyOfUrl(url) as string;
  return join(ctx.mediaDir, key.slice(0, 2), key);
};

/** Every row an upload may touch, and the media folder's files. */
async function state() {
  const [videos, media, jobs, changes] = await Promise.all([
    ctx.db.selectFrom('videos').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('media_files').select('key').orderBy('key').execute(),
    ctx.db.selectFrom('jobs').select(['id', 'status']).where('kind', '=', VIDEO_TRANSCODE_JOB).orderBy('id').execute(),
    ctx.db.selectFrom('content_changes').select('id').execute(),
  ]);
  const files = readdirSync(ctx.mediaDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort();
  return { videos, media, jobs, changes: changes.length, files };
}

describe('upload → job → renditions', () => {
  it('queues the video, keeps it from agents until processed, then serves a playable ladder', async () => {
    const res = await upload(clip);
    expect(res.statusCode, res.body).toBe(200);
    const queued = videoAnswerSchema.parse(res.json()).video;
    expect(queued).toMatchObject({ processing: 'queued', processing_progress: 0, processing_error: null, stream_url: null, duration_seconds: 3 });
    expect(await agentTitles()).not.toContain(queued.id);
    expect(await ctx.db.selectFrom('jobs').select('status').where('kind', '=', VIDEO_TRANSCODE_JOB).execute()).toEqual([{ status: 'queued' }]);

    const started = Date.now();
    expect(await runJobs()).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    const ready = await find(queued.id);
    expect(ready).toMatchObject({ processing: 'ready', processing_progress: 100, processing_error: null, duration_seconds: 3 });
    expect(ready.url).not.toBe(queued.url);
    expect(await agentTitles()).toContain(queued.id);

    const master = await getMedia(ready.stream_url as string);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=320x180,CODECS="avc1.4d401e,mp4a.40.2"/);
    const variants = master.body.split('\n').filter((l) => l.startsWith('/media/u/'));
    expect(variants).toHaveLength(1);
    const variant = await getMedia(variants[0] as string);
    expect(variant.statusCode).toBe(200);
    const segments = variant.body.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    expect(segments.length).toBe(3);
    for (const segment of segments) {
      const ts = await getMedia(segment);
      expect(ts.statusCode, segment).toBe(200);
      expect(ts.headers['content-type']).toBe('video/mp2t');
      expect(ts.rawPayload[0]).toBe(0x47);
    }
    const low = await getMedia(ready.url);
    expect(low.headers['content-type']).toBe('video/mp4');
    expect(low.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');
    const moov = low.rawPayload.indexOf('moov');
    expect(moov).toBeGreaterThan(0);
    expect(moov).toBeLessThan(low.rawPayload.indexOf('mdat'));
    const poster = await getMedia(ready.poster_url as string);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect([...poster.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // Run again (a crash after the work, before "done"): the same state. x264 on two threads is
    // not bit-exact, so the renditions may be new files: each one stored and served all the same.
    const row = await ctx.db.selectFrom('videos').selectAll().where('id', '=', queued.id).executeTakeFirstOrThrow();
    await processVideo({ db: ctx.db, media: ctx.media }, { videoId: queued.id, source: row.source_url as string }, 1);
    const again = await ctx.db.selectFrom('videos').selectAll().where('id', '=', queued.id).executeTakeFirstOrThrow();
    expect({ ...again, url: row.url, stream_url: row.stream_url }).toEqual(row);
    expect((await getMedia(again.stream_url as string)).statusCode).toBe(200);
    expect((await getMedia(again.url)).statusCode).toBe(200);
    // A job for a source the video no longer has changes nothing.
    await processVideo({ db: ctx.db, media: ctx.media }, { videoId: queued.id, source: ready.url }, 1);
    expect(await ctx.db.selectFrom('videos').selectAll().where('id', '=', queued.id).executeTakeFirstOrThrow()).toEqual(again);
  }, 60_000);
});

describe('refusals', () => {
  it('refuses a text file, a truncated MP4 and a PNG named .mp4 at once, storing and changing nothing', async () => {
    const before = await state();
    const truncated = clip.subarray(0, Math.floor(clip.length / 2));
    const png = readFileSync(await clips.png('imagen.png'));
    for (const [bytes, reason] of [
      [Buffer.from('Esto no es un vídeo\n'), UNREADABLE_VIDEO],
      [truncated, UNREADABLE_VIDEO],
      [png, NOT_A_VIDEO],
    ] as const) {
      const res = await upload(bytes);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ success: false, error: reason });
    }
    expect(await state()).toEqual(before);
  }, 30_000);
});

describe('a failed job and Reintentar', () => {
  it('shows the reason, and Reintentar queues it again (admin only, audited) until it is ready', async () => {
    // A file of its own: the first test's source has renditions this one would reuse.
    const res = await upload(readFileSync(await clips.clip('otro.mp4', { seconds: 2 })), 'otro.mp4');
    const video = videoAnswerSchema.parse(res.json()).video;
    // The stored source goes bad before the job runs: the job fails it for good, with its reason.
    const path = sourcePath(video.url);
    const good = readFileSync(path);
    writeFileSync(path, good.subarray(0, 1000));
    await runJobs();
    const failed = await find(video.id);
    expect(failed).toMatchObject({ processing: 'failed', processing_error: UNREADABLE_VIDEO, stream_url: null });
    expect(await agentTitles()).not.toContain(video.id);

    expect((await reprocess(video.id, agent.token)).statusCode).toBe(403);
    const changes = (await ctx.db.selectFrom('content_changes').select('id').execute()).length;
    writeFileSync(path, good);
    const retried = await reprocess(video.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(videoAnswerSchema.parse(retried.json()).video).toMatchObject({ processing: 'queued', processing_error: null });
    const audit = await ctx.db.selectFrom('content_changes').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ area: 'videos', entity: 'video', entity_id: String(video.id), action: 'reprocessed' });
    expect((await ctx.db.selectFrom('content_changes').select('id').execute()).length).toBe(changes + 1);
    // Only a failed video is retried.
    const twice = await reprocess(video.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ success: false, error: NOT_FAILED });
    await runJobs();
    expect(await find(video.id)).toMatchObject({ processing: 'ready', processing_error: null });
    expect(await agentTitles()).toContain(video.id);
  }, 60_000);
});

describe('reuse of a processed source', () => {
  it('a video of a file another video already had processed takes its renditions at once: one ffmpeg run for two videos', async () => {
    const bytes = readFileSync(await clips.clip('mismo.mp4', { seconds: 2, rate: 24 }));
    let runs = 0;
    const transcode: typeof transcodeVideo = async (options) => {
      runs += 1;
      return transcodeVideo(options);
    };
    const run = () => new JobRunner(ctx.db, { handlers: videoJobHandlers({ db: ctx.db, media: ctx.media, transcode }) }).runOnce();
    const first = videoAnswerSchema.parse((await upload(bytes, 'mismo.mp4')).json()).video;
    expect(await run()).toBe(1);
    expect(runs).toBe(1);
    const done = await find(first.id);
    expect(done).toMatchObject({ processing: 'ready', duration_seconds: 2 });
    const stored = (await state()).media.length;

    // The same bytes under another name, twice: the second with the operator's own poster.
    const second = videoAnswerSchema.parse((await upload(bytes, 'copia.mp4')).json()).video;
    const poster = await posterJpeg();
    const third = videoAnswerSchema.parse((await upload(bytes, 'otra-copia.mp4', poster)).json()).video;
    expect(third.poster_url).not.toBe(done.poster_url);
    expect(await agentTitles()).not.toContain(second.id);
    expect((await run()) + (await run())).toBe(2);
    expect(runs).toBe(1);
    const reused = await find(second.id);
    expect(reused).toMatchObject({ processing: 'ready', processing_progress: 100, stream_url: done.stream_url, url: done.url, poster_url: done.poster_url, duration_seconds: 2 });
    expect(await find(third.id)).toMatchObject({ processing: 'ready', stream_url: done.stream_url, url: done.url, poster_url: third.poster_url });
    // Nothing new in the media index but the third one's poster: no segment, playlist or MP4 was made again.
    expect((await state()).media.length).toBe(stored + 1);
    expect(await agentTitles()).toEqual(expect.arrayContaining([first.id, second.id, third.id]));
    expect((await getMedia(reused.stream_url as string)).statusCode).toBe(200);

    // Renditions whose files left the store are not reused: the source is transcoded again.
    const masterKey = mediaKeyOfUrl(done.stream_url) as string;
    const masterPath = join(ctx.mediaDir, masterKey.slice(0, 2), masterKey);
    const master = readFileSync(masterPath);
    rmSync(masterPath);
    try {
      const fourth = videoAnswerSchema.parse((await upload(bytes, 'cuarta.mp4')).json()).video;
      expect(await run()).toBe(1);
      expect(runs).toBe(2);
      expect(await find(fourth.id)).toMatchObject({ processing: 'ready' });
    } finally {
      writeFileSync(masterPath, master);
    }
  }, 60_000);
});

describe('a replaced file while agents watch', () => {
  it('agents keep the previous renditions while the new file is queued, running or failed; the new ones take over once ready', async () => {
    const bytes = readFileSync(await clips.clip('antes.mp4', { seconds: 2, rate: 20 }));
    const video = videoAnswerSchema.parse((await upload(bytes, 'antes.mp4')).json()).video;
    await runJobs();
    const first = await find(video.id);
    expect(first.processing).toBe('ready');
    const agentVideo = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/video/atributo/${JUNE}`, headers: bearer(agent.token) });
      return videosResponseSchema.parse(res.json()).videos.find((v) => v.id === video.id);
    };
    const readable = async () => (await ctx.app.inject({ method: 'GET', url: `/api/video/${video.id}/progreso`, headers: bearer(agent.token) })).statusCode;
    const played = (v: Pick<AdminVideo, 'url' | 'stream_url' | 'poster_url' | 'duration_seconds'>) => ({
      url: v.url, stream_url: v.stream_url, poster_url: v.poster_url, duration_seconds: v.duration_seconds,
    });
    const replace = async (file: Buffer, name: string) => {
      const body = form({}, [mp4File(Buffer.from(file), name)]);
      const res = await ctx.app.inject({ method: 'POST', url: `/api/programa/videos/${video.id}/archivo`, payload: body.payload, headers: { ...bearer(admin), ...body.headers } });
      expect(res.statusCode, res.body).toBe(200);
      return videoAnswerSchema.parse(res.json()).video;
    };

    // A new file: queued, and the agents' list still plays the first renditions.
    const queued = await replace(readFileSync(await clips.clip('despues.mp4', { seconds: 3, rate: 20 })), 'despues.mp4');
    expect(queued).toMatchObject({ processing: 'queued', ...played(first) });
    expect(await agentVideo()).toMatchObject(played(first));
    expect(await readable()).toBe(200);
    // While it runs too (seen from inside the transcoder).
    let duringRun: unknown;
    let adminDuringRun: string | undefined;
    const transcode: typeof transcodeVideo = async (options) => {
      adminDuringRun = (await find(video.id)).processing;
      duringRun = await agentVideo();
      return transcodeVideo(options);
    };
    await new JobRunner(ctx.db, { handlers: videoJobHandlers({ db: ctx.db, media: ctx.media, transcode }) }).runOnce();
    expect(adminDuringRun).toBe('running');
    expect(duringRun).toMatchObject(played(first));
    const second = await find(video.id);
    expect(second).toMatchObject({ processing: 'ready', duration_seconds: 3 });
    expect(second.stream_url).not.toBe(first.stream_url);
    expect(second.url).not.toBe(first.url);
    expect(await agentVideo()).toMatchObject(played(second));

    // Another file whose processing fails: the admin sees why and Reintentar; agents keep the second renditions.
    const third = await replace(readFileSync(await clips.clip('roto.mp4', { seconds: 2, rate: 15 })), 'roto.mp4');
    const path = sourcePath((await ctx.db.selectFrom('videos').select('source_url').where('id', '=', video.id).executeTakeFirstOrThrow()).source_url as string);
    const good = readFileSync(path);
    writeFileSync(path, good.subarray(0, 1000));
    await runJobs();
    expect(await find(video.id)).toMatchObject({ processing: 'failed', processing_error: UNREADABLE_VIDEO, ...played(second) });
    expect(await agentVideo()).toMatchObject(played(second));
    expect(await readable()).toBe(200);
    writeFileSync(path, good);
    expect((await reprocess(third.id)).statusCode).toBe(200);
    expect(await agentVideo()).toMatchObject(played(second));
    await runJobs();
    const fourth = await find(video.id);
    expect(fourth).toMatchObject({ processing: 'ready', processing_error: null, duration_seconds: 2 });
    expect(fourth.stream_url).not.toBe(second.stream_url);
    expect(await agentVideo()).toMatchObject(played(fourth));
  }, 90_000);

  it('a new video never processed stays out of the agents\' lists while queued, running or failed', async () => {
    const bytes = readFileSync(await clips.clip('nuevo.mp4', { seconds: 2, rate: 12 }));
    const video = videoAnswerSchema.parse((await upload(bytes, 'nuevo.mp4')).json()).video;
    expect(await agentTitles()).not.toContain(video.id);
    let during: number[] = [];
    const transcode: typeof transcodeVideo = async () => {
      during = await agentTitles();
      throw new FfmpegError('ffmpeg falló', '', 1);
    };
    await new JobRunner(ctx.db, { handlers: videoJobHandlers({ db: ctx.db, media: ctx.media, transcode }) }).runOnce();
    expect(during).not.toContain(video.id);
    expect(await find(video.id)).toMatchObject({ processing: 'failed' });
    expect(await agentTitles()).not.toContain(video.id);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/video/${video.id}/progreso`, headers: bearer(agent.token) })).statusCode).toBe(404);
  }, 30_000);
});
