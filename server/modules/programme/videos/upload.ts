// Reading a video upload (multipart): the text fields and up to three files (the MP4, its .vtt
// subtitles and a poster), each read to its own limit and never further. A file over its limit
// is a 413 for the whole upload, even when the network cut it exactly at the limit (checked by
// `truncated` once its stream ended); a field or file the form does not have is a 400. What a
// file really is (sniffMedia), and an MP4's duration, are checked before anything is stored.
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { CAPTIONS_MAX_BYTES, MB, POSTER_MAX_BYTES, VIDEO_FORM, VIDEO_MAX_BYTES } from '#contract/programme-videos-constants';
import { HttpError } from '#server/http-error';
import { mp4DurationSeconds } from '#server/media/mp4';
import { MEDIA_TYPES, sniffMedia } from '#server/media/sniff';

export const NOT_MULTIPART = 'Envía el vídeo como formulario (multipart/form-data)';
export const UNKNOWN_FIELD = (name: string) => `El formulario no tiene el campo «${name}»`;
export const REPEATED_FILE = (name: string) => `Envía un solo archivo en «${name}»`;
export const VIDEO_TOO_LARGE = `El vídeo es demasiado grande (máximo ${VIDEO_MAX_BYTES / MB} MB)`;
export const CAPTIONS_TOO_LARGE = `Los subtítulos son demasiado grandes (máximo ${CAPTIONS_MAX_BYTES / MB} MB)`;
export const POSTER_TOO_LARGE = `La imagen de portada es demasiado grande (máximo ${POSTER_MAX_BYTES / MB} MB)`;
export const NOT_MP4 = 'El archivo de vídeo no es un MP4 válido';
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

export interface VideoUpload {
  fields: Partial<Record<string, string>>;
  files: Partial<Record<FileField, UploadedFile>>;
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
 * Reads `stream` whole, at most `max` bytes: past that the rest is read and dropped (so the
 * client still gets its answer) and the result is 'too-large'. With the request's length
 * known, the bytes go into one buffer of at most that size, never a second copy.
 */
async function readLimited(stream: AsyncIterable<Buffer> & { truncated?: boolean }, max: number, hint: number | null): Promise<Buffer | 'too-large'> {
  let target: Buffer | null = hint !== null ? Buffer.allocUnsafe(Math.min(max, hint)) : null;
  let chunks: Buffer[] = [];
  let length = 0;
  let over = false;
  for await (const chunk of stream) {
    if (over) continue;
    if (length + chunk.length > max) {
      over = true;
      target = null;
      chunks = [];
      continue;
    }
    if (target && length + chunk.length <= target.length) {
      chunk.copy(target, length);
    } else {
      if (target) chunks = [target.subarray(0, length)];
      target = null;
      chunks.push(chunk);
    }
    length += chunk.length;
  }
  if (over || stream.truncated) return 'too-large';
  return target ? target.subarray(0, length) : Buffer.concat(chunks);
}

/** The form, read to its limits; the first problem is thrown once the whole body has been read. */
export async function readVideoUpload(request: FastifyRequest): Promise<VideoUpload> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  const declared = Number(request.headers['content-length']);
  const hint = Number.isFinite(declared) && declared > 0 ? declared : null;
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
      const bytes = await readLimited(part.file, limit.max, name === VIDEO_FORM.video ? hint : null);
      if (bytes === 'too-large') fail(new HttpError(413, limit.tooLarge));
      else if (upload.files[name]) fail(new HttpError(400, REPEATED_FILE(name)));
      else upload.files[name] = { bytes, originalName: (part.filename || name).slice(0, 200) };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, VIDEO_TOO_LARGE);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(413, FORM_TOO_BIG);
    if (typeof code === 'string' && code.startsWith('FST_')) throw new HttpError(400, NOT_MULTIPART);
    throw error;
  }
  if (problem) throw problem;
  return upload;
}

/** The MP4 and its duration in seconds, or a 400 when it is not a real MP4. */
export function checkVideo(file: UploadedFile): CheckedMedia & { durationSeconds: number } {
  const duration = sniffMedia(file.bytes) === 'mp4' ? mp4DurationSeconds(file.bytes) : null;
  if (duration === null) throw new HttpError(400, NOT_MP4);
  return { ...MEDIA_TYPES.mp4, bytes: file.bytes, originalName: file.originalName, durationSeconds: duration };
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
