// Processing an uploaded video (issue 36): the job `video-transcode` turns a video's source
// (videos.source_url) into its HLS ladder, low MP4 and poster (server/media/transcode.ts) and
// makes it 'ready' for agents. One at a time per server (alongside(…, 1): a transcoding holds
// up no other job). Idempotent: it works from the source named in its payload, and writes only
// while the row still has that source, so a rerun after a crash does the work again and ends in
// the same state, and a job whose file was replaced meanwhile changes nothing. Progress goes to
// the row at most every 2 s. A file ffmpeg cannot read fails for good at once with a Spanish
// reason (retrying would not help); anything else (the database, the store) is retried by the
// runner, and fails the video for good after MAX_ATTEMPTS.
// Reuse: what a source became is kept by its content key and encoding (video_renditions), so a
// source another video (or an earlier upload, or a pack imported back) already had processed
// takes those renditions at once, without ffmpeg, while their files are in the store.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database, JobRow } from '#server/db/schema';
import { alongside, enqueueJob, renewJobLock, type JobHandler } from '#server/jobs/runner';
import { FfmpegError } from '#server/media/ffmpeg';
import { probeVideo, VIDEO_LIMITS, type VideoLimits } from '#server/media/probe';
import { mediaKeyOfUrl, type MediaStore } from '#server/media/store';
import { ENCODING, transcodeVideo, type TranscodeResult } from '#server/media/transcode';
import { rebuildCoaching } from '#server/modules/coaching/aggregates-rebuild';
import { rebuildStandings } from '#server/modules/rankings/standings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's media store (buildApp), for the jobs of the process that serves it. */
    media: MediaStore;
  }
}

export const VIDEO_TRANSCODE_JOB = 'video-transcode';
/** Tries of a job before its video fails for good (a file ffmpeg cannot read fails at the first). */
export const MAX_ATTEMPTS = 3;
/** The row's progress is written at most this often. */
export const PROGRESS_EVERY_MS = 2_000;
/**
 * The job's lock is renewed this often while it runs: a long transcoding (a 20-minute source on
 * two cores) outlasts the runner's stale-lock timeout, and another instance must not take it
 * while this one is alive. A dead process stops renewing, and the job is taken again.
 */
export const LOCK_RENEW_MS = 60_000;

export const FAILED_UNREADABLE = 'No se pudo convertir el vídeo: el archivo parece dañado o incompleto. Prueba a subirlo de nuevo';
export const FAILED_TOO_SLOW = 'La conversión del vídeo tardó demasiado. Prueba a reintentar o sube un archivo más corto';
export const FAILED_SOURCE_MISSING = 'No se encuentra el archivo original del vídeo: súbelo de nuevo';
export const FAILED_INTERNAL = 'No se pudo procesar el vídeo por un error del servidor. Prueba a reintentar';

export interface TranscodePayload {
  videoId: number;
  /** The source this job processes: /media/u/<key>. */
  source: string;
}

export interface ProcessingDeps {
  db: Kysely<Database>;
  media: MediaStore;
  clock?: () => number;
  logger?: { error(obj: object, msg: string): void; info?(obj: object, msg: string): void };
  /** Where sources and working folders go (the system's temporary folder by default). */
  workRoot?: string;
  limits?: VideoLimits;
  /** The transcoder (transcodeVideo; tests count its runs). */
  transcode?: typeof transcodeVideo;
}

/** Queues the processing of a video's source (in the caller's transaction). */
export async function queueTranscode(db: Kysely<Database>, payload: TranscodePayload): Promise<void> {
  await enqueueJob(db, { kind: VIDEO_TRANSCODE_JOB, payload });
}

function parsePayload(raw: unknown): TranscodePayload | null {
  const value = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Partial<TranscodePayload> | null;
  if (!value || !Number.isInteger(value.videoId) || typeof value.source !== 'string') return null;
  return { videoId: value.videoId as number, source: value.source };
}

/** A failure of the file, not of the machine: retrying cannot help. */
class FileProblem extends Error {}

/** The stored source copied to a file of this machine (the store may be a bucket). */
async function localCopy(media: MediaStore, key: string, dir: string): Promise<string> {
  const opened = await media.open(key);
  if (!opened) throw new FileProblem(FAILED_SOURCE_MISSING);
  const path = join(dir, 'source');
  await pipeline(opened.stream, createWriteStream(path));
  return path;
}

/** What this source already became with this encoding, when every file of it is still stored. */
export async function reusableRenditions(db: Kysely<Database>, media: MediaStore, sourceKey: string): Promise<TranscodeResult | null> {
  const row = await db.selectFrom('video_renditions').selectAll().where('source_key', '=', sourceKey).where('encoding', '=', ENCODING).executeTakeFirst();
  if (!row) return null;
  for (const url of [row.stream_url, row.url, row.poster_url]) {
    const key = mediaKeyOfUrl(url);
    if (!key || (await media.size(key)) === null) return null;
  }
  return { streamUrl: row.stream_url, lowUrl: row.url, posterUrl: row.poster_url, durationSeconds: row.duration_seconds };
}

/**
 * Remembers what a source became (the latest run's files when it is processed again), under the
 * source's key and its low MP4's: a pack exports the low MP4, so importing it back here takes the
 * whole ladder made from the original, not one made again from 240p.
 */
async function rememberRenditions(db: Kysely<Database>, sourceKey: string, result: TranscodeResult): Promise<void> {
  const values = { stream_url: result.streamUrl, url: result.lowUrl, poster_url: result.posterUrl, duration_seconds: result.durationSeconds };
  const lowKey = mediaKeyOfUrl(result.lowUrl);
  for (const key of new Set([sourceKey, ...(lowKey ? [lowKey] : [])])) {
    await db.insertInto('video_renditions').values({ source_key: key, encoding: ENCODING, ...values })
      .onConflict((oc) => oc.columns(['source_key', 'encoding']).doUpdateSet(values)).execute();
  }
}

export async function processVideo(deps: ProcessingDeps, payload: TranscodePayload, attempt: number): Promise<void> {
  const { db, media } = deps;
  const now = deps.clock ?? Date.now;
  // Every write names the source: a row whose file was replaced meanwhile is another job's.
  const mine = () => db.updateTable('videos').where('id', '=', payload.videoId).where('source_url', '=', payload.source);
  const started = await mine().set({ processing: 'running', processing_progress: 0, processing_error: null }).executeTakeFirst();
  if (Number(started.numUpdatedRows) === 0) return;
  const key = mediaKeyOfUrl(payload.source);
  const dir = await mkdtemp(join(deps.workRoot ?? tmpdir(), 'impecable-source-'));
  try {
    if (!key) throw new FileProblem(FAILED_SOURCE_MISSING);
    let result = await reusableRenditions(db, media, key);
    if (!result) {
      const source = await localCopy(media, key, dir);
      const probed = await probeVideo(source, deps.limits ?? VIDEO_LIMITS);
      if (!probed.ok) throw new FileProblem(probed.reason);
      let lastWrite = now();
      let writing: Promise<unknown> = Promise.resolve();
      result = await (deps.transcode ?? transcodeVideo)({
        db, media, source, video: probed.video, workRoot: dir,
        onProgress: (percent) => {
          if (now() - lastWrite < PROGRESS_EVERY_MS || percent >= 100) return;
          lastWrite = now();
          writing = writing.then(() => mine().where('processing', '=', 'running').set({ processing_progress: percent }).execute()).catch(() => undefined);
        },
      });
      await writing;
      await rememberRenditions(db, key, result);
    }
    const done = result;
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('videos').select(['hidden', 'poster_url', 'poster_generated', 'playable'])
        .where('id', '=', payload.videoId).where('source_url', '=', payload.source).forUpdate().executeTakeFirst();
      if (!row) return;
      const ownPoster = row.poster_url !== null && !row.poster_generated;
      await trx.updateTable('videos').where('id', '=', payload.videoId).set({
        url: done.lowUrl,
        stream_url: done.streamUrl,
        duration_seconds: done.durationSeconds,
        ...(ownPoster ? {} : { poster_url: done.posterUrl, poster_generated: true }),
        processing: 'ready',
        processing_progress: 100,
        processing_error: null,
        playable: true,
      }).execute();
      // Now there for agents (training/repository visibleToAgents), unless it already was with
      // its previous renditions: who has finished may change.
      if (!row.hidden && !row.playable) {
        await rebuildStandings(trx);
        await rebuildCoaching(trx);
      }
    });
  } catch (error) {
    const forGood = error instanceof FileProblem || error instanceof FfmpegError || attempt >= MAX_ATTEMPTS;
    deps.logger?.error({ videoId: payload.videoId, attempt, err: error, stderr: error instanceof FfmpegError ? error.stderr : undefined }, 'video processing failed');
    if (!forGood) {
      await mine().set({ processing: 'queued' }).execute();
      throw error;
    }
    const reason = error instanceof FileProblem ? error.message
      : error instanceof FfmpegError ? (/tardó más/.test(error.message) ? FAILED_TOO_SLOW : FAILED_UNREADABLE)
        : FAILED_INTERNAL;
    await mine().set({ processing: 'failed', processing_error: reason }).execute();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The job's handler, one transcoding at a time beside the runner's loop. */
export function videoTranscodeHandler(deps: ProcessingDeps): JobHandler {
  return alongside(async (raw: unknown, job: JobRow) => {
    const payload = parsePayload(raw);
    if (!payload) return;
    const renew = setInterval(() => {
      void renewJobLock(deps.db, job.id, new Date()).catch(() => undefined);
    }, LOCK_RENEW_MS);
    try {
      await processVideo(deps, payload, job.attempts);
    } finally {
      clearInterval(renew);
    }
  }, 1);
}

export function videoJobHandlers(deps: ProcessingDeps): Record<string, JobHandler> {
  return { [VIDEO_TRANSCODE_JOB]: videoTranscodeHandler(deps) };
}
