// An uploaded video checked by ffprobe before anything is stored (issue 36): a refusal is a 4xx
// with its Spanish reason (413 when it is too large, 400 otherwise) and nothing is kept. What
// passes is the video's source: stored content-addressed (an MP4 by its type, any other
// container as an opaque file only the job reads) for the job `video-transcode`.
import { open } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { probeVideo, tooLarge, VIDEO_LIMITS, type ProbedVideo, type VideoLimits } from '#server/media/probe';
import { MEDIA_TYPES, sniffMedia } from '#server/media/sniff';
import { saveMediaFile, type MediaStore } from '#server/media/store';
import type { UploadedVideoFile } from './upload.ts';

export interface CheckedSource {
  file: UploadedVideoFile;
  video: ProbedVideo;
}

/** A source that is not an MP4 (Matroska, WebM…): stored for the job, never served to agents. */
const OTHER_CONTAINER = { contentType: 'application/octet-stream', extension: 'video' };

/** Probes the uploaded video; throws the refusal as an HttpError. */
export async function checkSource(file: UploadedVideoFile, limits: VideoLimits = VIDEO_LIMITS): Promise<CheckedSource> {
  const probed = await probeVideo(file.path, limits);
  if (!probed.ok) throw new HttpError(probed.reason === tooLarge(limits) ? 413 : 400, probed.reason);
  return { file, video: probed.video };
}

async function head(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(64);
    const { bytesRead } = await handle.read(bytes, 0, bytes.length, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Stores a checked source (streamed from its file); answers its /media/u URL. */
export async function saveSource(db: Kysely<Database>, media: MediaStore, source: CheckedSource): Promise<string> {
  const type = sniffMedia(await head(source.file.path)) === 'mp4' ? MEDIA_TYPES.mp4 : OTHER_CONTAINER;
  return (await saveMediaFile(db, media, source.file.path, { ...type, originalName: source.file.originalName })).url;
}
