// Reading a video upload (multipart): the text fields and up to three files (the MP4, its .vtt
// subtitles and a poster), each read to its own limit and never further. A file over its limit
// is a 413 for the whole upload, even when the network cut it exactly at the limit (checked by
// `truncated` once its stream ended); a field or file the form does not have is a 400. What the
// subtitles and poster really are (sniffMedia) is checked here, what the video is by ffprobe
// (source.ts), before anything is stored.
// The video (up to 500 MB) is never held in memory: it is written to a temporary file as it
// arrives, counted against its limit, and stored from there by streaming (saveMediaFile); the
// temporary folder goes when the answer has been sent (releaseVideoUpload, an onResponse hook).
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { CAPTIONS_MAX_BYTES, MB, POSTER_MAX_BYTES, VIDEO_FORM, VIDEO_MAX_BYTES } from '#contract/programme-videos-constants';
import { HttpError } from '#server/http-error';
import { MEDIA_TYPES, sniffMedia } from '#server/media/sniff';

export const NOT_MULTIPART = 'Envía el vídeo como formulario (multipart/form-data)';
export const UNKNOWN_FIELD = (name: string) => `El formulario no tiene el campo «${name}»`;
export const REPEATED_FILE = (name: string) => `Envía un solo archivo en «${name}»`;
export const VIDEO_TOO_LARGE = `El vídeo es demasiado grande (máximo ${VIDEO_MAX_BYTES / MB} MB)`;
export const CAPTIONS_TOO_LARGE = `Los subtítulos son demasiado grandes (máximo ${CAPTIONS_MAX_BYTES / MB} MB)`;
export const POSTER_TOO_LARGE = `La imagen de portada es demasiado grande (máximo ${POSTER_MAX_BYTES / MB} MB)`;
export const NOT_VTT = 'Los subtítulos deben ser un archivo WebVTT (.vtt) que empiece por «WEBVTT»';
export const NOT_POSTER = 'La portada debe ser una imagen PNG, JPEG o WebP';
export const FORM_TOO_BIG = 'El formulario tiene demasiados campos o archivos';

type FileField = typeof VIDEO_FORM.video | typeof VIDEO_FORM.captions | typeof VIDEO_FORM.poster;

const FILE_LIMITS: Record<FileField, { max: number; tooLarge: string }> = {
  [VIDEO_FORM.video]: { max: VIDEO_MAX_BYTES, tooLarge: VIDEO_TOO_LARGE },
  [VIDEO_FORM.captions]: { max: CAPTIONS_MAX_BYTES, tooLarge: CAPTIONS_TOO_LARGE },
  [VIDEO_FORM.poster]: { max: POSTER_MAX_BYTES, tooLarge: POSTER_TOO_LARGE },
};

const TEXT_FIELDS = new Set<string>([VIDEO_FORM.attribute, VIDEO_FORM.title, VIDEO_FORM.availableFrom, VIDEO_FORM.removeCaptions, VIDEO_FORM.removePoster]);
const TEXT_MAX = 2_000;

export interface UploadedFile {
  bytes: Buffer;
  originalName: string;
}

/** The video of an upload: a temporary file on disk (removed once the answer is sent). */
export interface UploadedVideoFile {
  path: string;
  size: number;
  originalName: string;
}

export interface VideoUpload {
  fields: Partial<Record<string, string>>;
  files: {
    [VIDEO_FORM.video]?: UploadedVideoFile;
    [VIDEO_FORM.captions]?: UploadedFile;
    [VIDEO_FORM.poster]?: UploadedFile;
  };
}

/** A checked file ready for the media store. */
export interface CheckedMedia {
  bytes: Buffer;
  contentType: string;
  extension: string;
  originalName: string;
}

const isFileField = (name: string): name is FileField => name in FILE_LIMITS;

/**
 * Reads a small file (subtitles, a poster) whole, at most `max` bytes: past that the rest is
 * read and dropped (so the client still gets its answer) and the result is 'too-large'.
 */
async function readLimited(stream: AsyncIterable<Buffer> & { truncated?: boolean }, max: number): Promise<Buffer | 'too-large'> {
  let chunks: Buffer[] = [];
  let length = 0;
  let over = false;
  for await (const chunk of stream) {
    if (over) continue;
    length += chunk.length;
    if (length > max) {
      over = true;
      chunks = [];
      continue;
    }
    chunks.push(chunk);
  }
  if (over || stream.truncated) return 'too-large';
  return Buffer.concat(chunks);
}

/** Temporary folders of a request's uploads, removed by releaseVideoUpload. */
const temporary = new WeakMap<FastifyRequest, string[]>();

/** Removes the temporary files of the request's upload: an onResponse (and onRequestAbort) hook. */
export async function releaseVideoUpload(request: FastifyRequest): Promise<void> {
  const dirs = temporary.get(request);
  if (!dirs) return;
  temporary.delete(request);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * Writes `stream` to a new file at `path`, at most `max` bytes: past that the file is removed,
 * the rest is read and dropped (so the client still gets its answer) and the result is
 * 'too-large'. Answers the file's size.
 */
async function writeLimited(stream: AsyncIterable<Buffer> & { truncated?: boolean }, max: number, path: string): Promise<number | 'too-large'> {
  const out = createWriteStream(path, { flags: 'wx' });
  let failure: unknown = null;
  out.on('error', (error) => {
    failure ??= error;
  });
  let length = 0;
  let over = false;
  try {
    for await (const chunk of stream) {
      if (over || failure) continue;
      length += chunk.length;
      if (length > max) {
        over = true;
        continue;
      }
      if (!out.write(chunk)) await new Promise<void>((done) => {
        const resume = () => {
          out.off('drain', resume);
          out.off('error', resume);
          done();
        };
        out.on('drain', resume);
        out.on('error', resume);
      });
    }
  } finally {
    out.end();
    await finished(out).catch((error: unknown) => {
      failure ??= error;
    });
  }
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  if (over || stream.truncated) {
    await rm(path, { force: true });
    return 'too-large';
  }
  return length;
}

/** The form, read to its limits; the first problem is thrown once the whole body has been read. */
export async function readVideoUpload(request: FastifyRequest): Promise<VideoUpload> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  const upload: VideoUpload = { fields: {}, files: {} };
  let problem: HttpError | null = null;
  const fail = (error: HttpError) => {
    // A 413 outranks a 400: the operator must learn the file is too large first.
    if (!problem || (error.statusCode === 413 && problem.statusCode !== 413)) problem = error;
  };
  try {
    // busboy cuts the MP4 one byte past its limit, so `truncated` tells an oversize file apart.
    // throwFileSizeLimit is read at run time though its type leaves it out of parts()'s options:
    // false, so an oversize file ends `truncated` instead of failing the whole iteration mid-body.
    const options = { limits: { fileSize: VIDEO_MAX_BYTES + 1, files: 3, fields: 8, parts: 11, fieldSize: TEXT_MAX }, throwFileSizeLimit: false };
    const parts = request.parts(options as Parameters<typeof request.parts>[0]);
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (!TEXT_FIELDS.has(part.fieldname)) fail(new HttpError(400, UNKNOWN_FIELD(part.fieldname)));
        else if (typeof part.value !== 'string' || part.valueTruncated) fail(new HttpError(400, UNKNOWN_FIELD(part.fieldname)));
        else upload.fields[part.fieldname] = part.value;
        continue;
      }
      const name = part.fieldname;
      if (!isFileField(name)) {
        for await (const _ of part.file) void _;
        fail(new HttpError(400, UNKNOWN_FIELD(name)));
        continue;
      }
      const limit = FILE_LIMITS[name];
      const originalName = (part.filename || name).slice(0, 200);
      if (name === VIDEO_FORM.video) {
        const dir = await mkdtemp(join(tmpdir(), 'impecable-upload-'));
        temporary.set(request, [...(temporary.get(request) ?? []), dir]);
        const path = join(dir, 'video');
        const size = await writeLimited(part.file, limit.max, path);
        if (size === 'too-large') fail(new HttpError(413, limit.tooLarge));
        else if (upload.files.video) fail(new HttpError(400, REPEATED_FILE(name)));
        else upload.files.video = { path, size, originalName };
        continue;
      }
      const bytes = await readLimited(part.file, limit.max);
      if (bytes === 'too-large') fail(new HttpError(413, limit.tooLarge));
      else if (upload.files[name]) fail(new HttpError(400, REPEATED_FILE(name)));
      else upload.files[name] = { bytes, originalName };
    }
  } catch (error) {
    await releaseVideoUpload(request);
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, VIDEO_TOO_LARGE);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, FORM_TOO_BIG);
    if (typeof code === 'string' && code.startsWith('FST_')) throw new HttpError(400, NOT_MULTIPART);
    throw error;
  }
  if (problem) {
    await releaseVideoUpload(request);
    throw problem;
  }
  return upload;
}

export function checkCaptions(file: UploadedFile): CheckedMedia {
  if (sniffMedia(file.bytes) !== 'vtt') throw new HttpError(400, NOT_VTT);
  return { ...MEDIA_TYPES.vtt, bytes: file.bytes, originalName: file.originalName };
}

export function checkPoster(file: UploadedFile): CheckedMedia {
  const kind = sniffMedia(file.bytes);
  if (kind !== 'png' && kind !== 'jpeg' && kind !== 'webp') throw new HttpError(400, NOT_POSTER);
  return { ...MEDIA_TYPES[kind], bytes: file.bytes, originalName: file.originalName };
}
