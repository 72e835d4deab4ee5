// The media store: every file an operator uploads (attribute art, videos and their subtitles
// and posters, product images) and every file a programme pack carries, content-addressed as
// `<sha256>.<ext>`, so a replaced file gets a new URL and devices fetch it again, while an
// unchanged one stays cached for good. Two implementations: a folder (DATA_DIR/media by
// default, here) and an S3 bucket (s3-store.ts, MEDIA_S3_* in config.ts), so several app
// instances serve the same files. Large files (videos) go in from a file on disk, hashed and
// copied by streaming, never whole in memory (putFile, saveMediaFile); `media_files` indexes
// what the store holds (type, size, the uploaded name).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { isMediaKey, isMediaPath, MEDIA_URL_PREFIX } from '#contract/media-paths';

export interface MediaStore {
  /** Stores the bytes under their content address (a no-op when already there). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Stores the file at `path` (on this machine) under `key`, by streaming (a no-op when already there). */
  putFile(key: string, path: string): Promise<void>;
  /** The whole file, or null when the store does not hold it. */
  read(key: string): Promise<Buffer | null>;
  /** A stream of bytes [start, end] (inclusive) and the file's size, or null when absent. */
  open(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number } | null>;
  size(key: string): Promise<number | null>;
}

export function mediaKeyOf(bytes: Uint8Array, extension: string): string {
  return `${createHash('sha256').update(bytes).digest('hex')}.${extension}`;
}

/** The content address of a file on disk, read by streaming. */
export async function mediaKeyOfFile(path: string, extension: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return `${hash.digest('hex')}.${extension}`;
}

export function mediaUrl(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/** The key of a media-store URL, or null for any other URL (a built-in `/art/…` file, say). */
export function mediaKeyOfUrl(url: string | null | undefined): string | null {
  return url && isMediaPath(url) ? url.slice(MEDIA_URL_PREFIX.length) : null;
}

export function createFolderMediaStore(dir: string): MediaStore {
  const pathOf = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`clave de medio no válida: ${key}`);
    return join(dir, key.slice(0, 2), key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      if ((await stat(path).catch(() => null))?.isFile()) return;
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      // Written aside and renamed: a reader never sees half a file, a crash leaves no bad one.
      const partial = `${path}.${randomUUID()}.part`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    },
    async putFile(key, source) {
      const path = pathOf(key);
      if ((await stat(path).catch(() => null))?.isFile()) return;
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      const partial = `${path}.${randomUUID()}.part`;
      try {
        await copyFile(source, partial);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(key) {
      return readFile(pathOf(key)).catch(() => null);
    },
    async open(key, range) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(path, range ? { start: range.start, end: range.end } : {}), size: info.size };
    },
    async size(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
  };
}

export interface SavedMedia {
  key: string;
  url: string;
  size: number;
  contentType: string;
}

export type MediaMeta = { contentType: string; extension: string; originalName?: string | null };

async function indexMedia(db: Kysely<Database>, key: string, size: number, file: MediaMeta): Promise<SavedMedia> {
  await db.insertInto('media_files')
    .values({ key, content_type: file.contentType, size, original_name: file.originalName ?? null })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return { key, url: mediaUrl(key), size, contentType: file.contentType };
}

/** Stores small bytes (an image, subtitles) and indexes them; answers the URL. The same bytes twice are one file. */
export async function saveMedia(db: Kysely<Database>, store: MediaStore, bytes: Uint8Array, file: MediaMeta): Promise<SavedMedia> {
  const key = mediaKeyOf(bytes, file.extension);
  await store.put(key, bytes);
  return indexMedia(db, key, bytes.byteLength, file);
}

/**
 * Stores a file on disk (an upload written to a temporary file, a transcoder's output) and
 * indexes it: hashed and copied by streaming, so a 500 MB video is never whole in memory. The
 * caller keeps (and removes) its file.
 */
export async function saveMediaFile(db: Kysely<Database>, store: MediaStore, path: string, file: MediaMeta): Promise<SavedMedia> {
  const key = await mediaKeyOfFile(path, file.extension);
  const { size } = await stat(path);
  await store.putFile(key, path);
  return indexMedia(db, key, size, file);
}
