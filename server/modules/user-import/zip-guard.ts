// Zip-bomb guard for .xlsx uploads, run BEFORE the spreadsheet library sees the bytes: reads
// the central directory and refuses too many entries, a declared uncompressed total over the
// limit, zip64, encryption or unknown compression; then inflates each entry with the declared
// size as a hard cap, so a directory that lies about sizes is refused too, never expanded.
import { inflateRawSync } from 'node:zlib';

export interface ZipLimits {
  maxEntries: number;
  maxTotalUncompressed: number;
}

export const XLSX_LIMITS: ZipLimits = { maxEntries: 2_000, maxTotalUncompressed: 50 * 1024 * 1024 };

export type ZipVerdict = { ok: true } | { ok: false; reason: 'not-a-zip' | 'too-large' | 'unsupported' | 'not-a-workbook' };

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const ZIP64_MARK = 0xffffffff;

function findEndOfDirectory(bytes: Buffer): number {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

function readDirectory(bytes: Buffer): Entry[] | ZipVerdict {
  const eocd = findEndOfDirectory(bytes);
  if (eocd < 0) return { ok: false, reason: 'not-a-zip' };
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || size === ZIP64_MARK || offset === ZIP64_MARK) return { ok: false, reason: 'unsupported' };
  if (offset + size > eocd) return { ok: false, reason: 'not-a-zip' };
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) return { ok: false, reason: 'not-a-zip' };
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: Entry = {
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    entries.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** The entry's compressed bytes, located through its local header. */
function entryData(bytes: Buffer, entry: Entry): Buffer | null {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  return end <= bytes.length ? bytes.subarray(start, end) : null;
}

/** Inflates at most the declared size: a larger real size throws, so nothing big is ever built. */
function expandsAsDeclared(bytes: Buffer, entry: Entry): boolean {
  const data = entryData(bytes, entry);
  if (!data) return false;
  if (entry.method === 0) return entry.compressedSize === entry.uncompressedSize;
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) }).length === entry.uncompressedSize;
  } catch {
    return false;
  }
}

export function checkZip(bytes: Buffer, limits: ZipLimits = XLSX_LIMITS): ZipVerdict {
  const directory = readDirectory(bytes);
  if (!Array.isArray(directory)) return directory;
  if (directory.length > limits.maxEntries) return { ok: false, reason: 'too-large' };
  let total = 0;
  for (const entry of directory) {
    // Bit 0: encrypted. Only stored (0) and deflate (8) exist in real workbooks.
    if ((entry.flags & 1) !== 0 || (entry.method !== 0 && entry.method !== 8)) return { ok: false, reason: 'unsupported' };
    if (entry.uncompressedSize === ZIP64_MARK || entry.compressedSize === ZIP64_MARK) return { ok: false, reason: 'unsupported' };
    total += entry.uncompressedSize;
    if (total > limits.maxTotalUncompressed) return { ok: false, reason: 'too-large' };
  }
  const names = new Set(directory.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || ![...names].some((n) => n.startsWith('xl/'))) return { ok: false, reason: 'not-a-workbook' };
  for (const entry of directory) {
    if (!expandsAsDeclared(bytes, entry)) return { ok: false, reason: 'too-large' };
  }
  return { ok: true };
}
