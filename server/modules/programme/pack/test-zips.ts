// Test support (never imported by the app): real .zip files for the pack's tests, built with
// yazl, and the hostile ones yazl refuses to write (names with ../ or absolute, sizes that lie),
// made by patching the bytes of a well-formed one.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

export interface ZipEntry {
  name: string;
  bytes: Buffer | string;
  compress?: boolean;
}

export async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(stream, new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  }));
  return Buffer.concat(chunks);
}

/** A .zip of these entries. Names yazl would refuse (../, absolute) are written as placeholders of their length, then patched in. */
export async function zipOf(entries: readonly ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const patches: [placeholder: string, name: string][] = [];
  entries.forEach((entry, index) => {
    let name = entry.name;
    if (name.startsWith('/') || name.includes('\\') || name.split('/').includes('..')) {
      const placeholder = `q${String(index).padStart(3, '0')}${'z'.repeat(Math.max(0, name.length - 4))}`.slice(0, name.length);
      patches.push([placeholder, name]);
      name = placeholder;
    }
    zip.addBuffer(Buffer.from(entry.bytes), name, { compress: entry.compress ?? true, mtime: new Date('2026-01-01T00:00:00Z') });
  });
  zip.end();
  const bytes = await streamToBuffer(zip.outputStream);
  for (const [placeholder, name] of patches) {
    const from = Buffer.from(placeholder);
    for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from, at + 1)) Buffer.from(name).copy(bytes, at);
  }
  return bytes;
}

const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/** Rewrites the uncompressed size the central directory declares for `name` (a lie yauzl must catch, or a bomb's claim). */
export function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const copy = Buffer.from(zip);
  for (let at = 0; at < copy.length - 46; at += 1) {
    if (copy.readUInt32LE(at) !== CENTRAL_HEADER) continue;
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.subarray(at + 46, at + 46 + nameLength).toString() === name) {
      copy.writeUInt32LE(size, at + 24);
      return copy;
    }
  }
  throw new Error(`no central header for ${name}`);
}

/** Rewrites the entry count of the end of central directory (a claim of more entries than the pack may hold). */
export function declareEntryCount(zip: Buffer, count: number): Buffer {
  const copy = Buffer.from(zip);
  const at = copy.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (at < 0 || copy.readUInt32LE(at) !== END_OF_CENTRAL_DIRECTORY) throw new Error('no end of central directory');
  copy.writeUInt16LE(count, at + 8);
  copy.writeUInt16LE(count, at + 10);
  return copy;
}

/** The smallest real PNG (1×1, transparent): bytes sniffMedia takes as 'png'. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
