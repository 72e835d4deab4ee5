// The duration of an MP4, from its movie header (moov › mvhd): the plausibility rule of video
// progress (#domain/video-progress) needs it. Walks the top-level boxes only as far as moov;
// a file whose boxes do not add up, with no ftyp first, no moov or no mvhd is not a real MP4 and
// is refused (null). Real processing (ffmpeg, HLS) is the media issue's.

import { open } from 'node:fs/promises';

const ascii = (bytes: Uint8Array, at: number) => Buffer.from(bytes.subarray(at, at + 4)).toString('latin1');

interface Box {
  type: string;
  /** Where the box's content starts and where the box ends. */
  body: number;
  end: number;
}

/** The boxes laid one after another in [from, to); null when one runs past `to` or is malformed. */
function boxes(bytes: Uint8Array, from: number, to: number): Box[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: Box[] = [];
  let at = from;
  while (at < to) {
    if (to - at < 8) return null;
    let size = view.getUint32(at);
    const type = ascii(bytes, at + 4);
    let header = 8;
    if (size === 1) {
      if (to - at < 16) return null;
      const large = view.getBigUint64(at + 8);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return null;
    found.push({ type, body: at + header, end: at + size });
    at += size;
  }
  return found;
}

/** Seconds of the movie (rounded, at least 1), or null when `bytes` is not a real MP4. */
export function mp4DurationSeconds(bytes: Uint8Array): number | null {
  const top = boxes(bytes, 0, bytes.byteLength);
  if (!top || top[0]?.type !== 'ftyp') return null;
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) return null;
  const inner = boxes(bytes, moov.body, moov.end);
  const mvhd = inner?.find((b) => b.type === 'mvhd');
  if (!mvhd) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = bytes[mvhd.body];
  let timescale: number;
  let duration: number;
  if (version === 0 && mvhd.end - mvhd.body >= 20) {
    timescale = view.getUint32(mvhd.body + 12);
    duration = view.getUint32(mvhd.body + 16);
  } else if (version === 1 && mvhd.end - mvhd.body >= 32) {
    timescale = view.getUint32(mvhd.body + 20);
    duration = Number(view.getBigUint64(mvhd.body + 24));
  } else {
    return null;
  }
  // An all-ones duration means "unknown" (a fragmented file's header): no length to judge by.
  if (timescale === 0 || duration === 0 || duration === 0xffffffff) return null;
  const seconds = duration / timescale;
  return Number.isFinite(seconds) && seconds <= 24 * 3600 ? Math.max(1, Math.round(seconds)) : null;
}

/** moov boxes larger than this are not read (a real one is a few MB even for a long film). */
const MOOV_MAX_BYTES = 64 * 1024 * 1024;

/**
 * mp4DurationSeconds for a file on disk, reading only the top-level box headers, the ftyp and
 * the moov (never the media data): an upload stays on disk, not in memory.
 */
export async function mp4FileDurationSeconds(path: string): Promise<number | null> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(16);
    const kept: Buffer[] = [];
    let at = 0;
    while (at < size) {
      if (size - at < 8) return null;
      await file.read(header, 0, Math.min(16, size - at), at);
      let length = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerLength = 8;
      if (length === 1) {
        if (size - at < 16) return null;
        const large = header.readBigUInt64BE(8);
        if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null;
        length = Number(large);
        headerLength = 16;
      } else if (length === 0) {
        length = size - at;
      }
      if (length < headerLength || at + length > size) return null;
      if (at === 0 && type !== 'ftyp') return null;
      // Every box is walked, as in mp4DurationSeconds (a truncated file's last box runs past the end).
      if ((type === 'ftyp' && at === 0) || (type === 'moov' && kept.length === 1)) {
        if (length > MOOV_MAX_BYTES) return null;
        const box = Buffer.alloc(length);
        await file.read(box, 0, length, at);
        // A box of size 0 ("to the end") is written out with its real size for the walk below.
        if (box.readUInt32BE(0) === 0) box.writeUInt32BE(length, 0);
        kept.push(box);
      }
      at += length;
    }
    return kept.length === 2 ? mp4DurationSeconds(Buffer.concat(kept)) : null;
  } finally {
    await file.close();
  }
}
