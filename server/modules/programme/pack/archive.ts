// The pack's container: a .zip holding programa.json and media/<sha256>.<ext> for every
// media-store file its sections reference. Written with yazl as a stream (the export never
// holds a video in memory), read with yauzl from a file on disk, entry by entry, with the
// guards a file from outside needs: names that stay inside the pack, a capped number of entries
// and uncompressed size (yauzl checks each entry's real size against the size it declares),
// and programa.json read only up to its limit.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';
import {
  PACK_MANIFEST, PACK_MANIFEST_MAX_BYTES, PACK_MAX_ENTRIES, PACK_MAX_UNCOMPRESSED_BYTES, PACK_MEDIA_FOLDER,
} from '#contract/programme-pack';
import { HttpError } from '#server/http-error';
import { isMediaKey } from '#contract/media-paths';
import type { MediaStore } from '#server/media/store';
import { sniffMedia, type MediaKind, MEDIA_TYPES } from '#server/media/sniff';

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

export const NOT_A_ZIP = 'El archivo no es un paquete del programa (.zip)';
export const BROKEN_ZIP = 'El paquete está dañado: no se puede leer como .zip';
export const UNSAFE_PATH = 'El paquete contiene una ruta no permitida';
export const TOO_MANY_ENTRIES = `El paquete tiene demasiados archivos (máximo ${PACK_MAX_ENTRIES.toLocaleString('es-ES')})`;
export const TOO_BIG_UNCOMPRESSED = `El paquete descomprimido ocuparía más de ${PACK_MAX_UNCOMPRESSED_BYTES / GB} GB`;
export const NO_MANIFEST = `El paquete no contiene ${PACK_MANIFEST}`;
export const MANIFEST_TOO_BIG = `${PACK_MANIFEST} es demasiado grande (máximo ${PACK_MANIFEST_MAX_BYTES / MB} MB)`;
export const MANIFEST_NOT_JSON = `${PACK_MANIFEST} no es un JSON válido`;
export const ENCRYPTED = 'El paquete tiene archivos cifrados: expórtalo de nuevo sin contraseña';

/** Media files are already compressed (video, images); text (JSON, SVG, subtitles) is not. */
const COMPRESSIBLE = new Set(['json', 'svg', 'vtt']);

/** The four bytes every .zip with entries starts with (a local file header). */
export function looksLikeZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

// --- Writing ---------------------------------------------------------------------------

/** A stream of the .zip: the manifest, then each media file read from the store as it is written. */
export function writePackArchive(manifest: unknown, mediaKeys: readonly string[], store: MediaStore, exportedAt: Date): Readable {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), PACK_MANIFEST, { mtime: exportedAt, compress: true });
  for (const key of mediaKeys) {
    const extension = key.slice(key.lastIndexOf('.') + 1);
    zip.addReadStreamLazy(`${PACK_MEDIA_FOLDER}${key}`, { mtime: exportedAt, compress: COMPRESSIBLE.has(extension) }, (done) => {
      store.open(key).then(
        (opened) => (opened ? done(null, opened.stream) : done(new Error(`media file ${key} vanished from the store`), null as never)),
        (error: unknown) => done(error, null as never),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}

// --- Reading ---------------------------------------------------------------------------

/** A media file of the pack, once checked: its bytes hash to its key and are the kind its extension says. */
export interface CheckedMedia {
  key: string;
  kind: MediaKind;
  contentType: string;
  size: number;
}

export interface PackArchive {
  /** programa.json, parsed (not yet checked). */
  manifest: unknown;
  /** The media keys the pack holds (media/<key>). */
  mediaKeys: ReadonlySet<string>;
  /** Reads media/<key> through: a problem message, or what it is. Constant memory. */
  checkMedia(key: string): Promise<CheckedMedia | { problem: string }>;
  /** The bytes of media/<key> (for the store). */
  readMedia(key: string): Promise<Buffer>;
  close(): void;
}

const refuse = (message: string, extra: Record<string, unknown> = {}) => new HttpError(422, message, extra);

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings off: names are checked here, as bytes, with our own answer (yauzl would fail the whole read).
    yauzl.open(path, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, zip) => {
      if (error) reject(refuse(BROKEN_ZIP));
      else resolve(zip);
    });
  });
}

/** Every entry of the central directory, checked for safe names, count and total size. */
function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  if (zip.entryCount > PACK_MAX_ENTRIES) return Promise.reject(refuse(TOO_MANY_ENTRIES));
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    let total = 0;
    let failed = false;
    const fail = (error: HttpError) => {
      if (failed) return;
      failed = true;
      reject(error);
    };
    zip.on('error', () => fail(refuse(BROKEN_ZIP)));
    zip.on('entry', (entry: yauzl.Entry) => {
      const raw = entry.fileName as unknown as Buffer | string;
      const name = typeof raw === 'string' ? raw : raw.toString('utf8');
      const unsafe = name === '' || name.includes('\\') || name.includes('\0') || /^[a-zA-Z]:/.test(name) || name.startsWith('/')
        || name.split('/').includes('..');
      if (unsafe) return fail(refuse(`${UNSAFE_PATH}: ${JSON.stringify(name.slice(0, 200))}`));
      if (entry.isEncrypted()) return fail(refuse(ENCRYPTED));
      total += entry.uncompressedSize;
      if (total > PACK_MAX_UNCOMPRESSED_BYTES) return fail(refuse(TOO_BIG_UNCOMPRESSED));
      if (entries.has(name)) return fail(refuse(`El paquete repite el archivo ${name}`));
      entries.set(name, entry);
      zip.readEntry();
    });
    zip.on('end', () => {
      if (!failed) resolve(entries);
    });
    zip.readEntry();
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(refuse(BROKEN_ZIP)) : resolve(stream)));
  });
}

/** An entry's bytes, at most `limit` (its declared size is checked first; yauzl enforces it while reading). */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, limit: number, tooBig: string): Promise<Buffer> {
  if (entry.uncompressedSize > limit) throw refuse(tooBig);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  } catch (error) {
    throw error instanceof HttpError ? error : refuse(BROKEN_ZIP);
  }
  return Buffer.concat(chunks);
}

/** Opens a pack saved at `path`: its entries listed and checked, programa.json read and parsed. */
export async function openPackArchive(path: string): Promise<PackArchive> {
  const zip = await openZip(path);
  try {
    const entries = await listEntries(zip);
    const manifestEntry = entries.get(PACK_MANIFEST);
    if (!manifestEntry) throw refuse(NO_MANIFEST);
    const text = (await readEntry(zip, manifestEntry, PACK_MANIFEST_MAX_BYTES, MANIFEST_TOO_BIG)).toString('utf8');
    let manifest: unknown;
    try {
      manifest = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      throw refuse(MANIFEST_NOT_JSON);
    }
    const media = new Map<string, yauzl.Entry>();
    for (const [name, entry] of entries) {
      if (name.startsWith(PACK_MEDIA_FOLDER) && isMediaKey(name.slice(PACK_MEDIA_FOLDER.length))) media.set(name.slice(PACK_MEDIA_FOLDER.length), entry);
    }
    return {
      manifest,
      mediaKeys: new Set(media.keys()),
      async checkMedia(key) {
        const entry = media.get(key);
        if (!entry) return { problem: 'Falta en el paquete' };
        const hash = createHash('sha256');
        let head = Buffer.alloc(0);
        let size = 0;
        try {
          for await (const chunk of await openEntry(zip, entry)) {
            const bytes = chunk as Buffer;
            hash.update(bytes);
            size += bytes.length;
            if (head.length < 512) head = Buffer.concat([head, bytes.subarray(0, 512 - head.length)]);
          }
        } catch {
          return { problem: 'El archivo está dañado dentro del paquete' };
        }
        const [digest, extension] = key.split('.') as [string, string];
        if (hash.digest('hex') !== digest) return { problem: 'Su contenido no corresponde a su nombre (archivo alterado o dañado)' };
        const kind = sniffMedia(head);
        if (!kind || MEDIA_TYPES[kind].extension !== extension) return { problem: `Su contenido no es un archivo .${extension} válido` };
        return { key, kind, contentType: MEDIA_TYPES[kind].contentType, size };
      },
      async readMedia(key) {
        const entry = media.get(key);
        if (!entry) throw refuse(`Falta ${PACK_MEDIA_FOLDER}${key} en el paquete`);
        return readEntry(zip, entry, PACK_MAX_UNCOMPRESSED_BYTES, TOO_BIG_UNCOMPRESSED);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
