// What a file really is, from its first bytes, not from its name or the type its sender
// claims: the media store only takes these kinds. A file that is none of them is refused.
export type MediaKind = 'png' | 'jpeg' | 'webp' | 'svg' | 'mp4' | 'vtt' | 'm3u8' | 'ts';

export const MEDIA_TYPES: Record<MediaKind, { contentType: string; extension: string }> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  svg: { contentType: 'image/svg+xml', extension: 'svg' },
  mp4: { contentType: 'video/mp4', extension: 'mp4' },
  vtt: { contentType: 'text/vtt', extension: 'vtt' },
  // A processed video's HLS playlists and MPEG-TS segments (server/media/transcode.ts).
  m3u8: { contentType: 'application/vnd.apple.mpegurl', extension: 'm3u8' },
  ts: { contentType: 'video/mp2t', extension: 'ts' },
};

/** MPEG-TS: 188-byte packets, each starting with the sync byte 0x47 (three in a row to be sure). */
const isTransportStream = (bytes: Uint8Array) => bytes.length >= 377 && bytes[0] === 0x47 && bytes[188] === 0x47 && bytes[376] === 0x47;

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

/** The kind of file these bytes are, or null when they are none the store takes. */
export function sniffMedia(bytes: Uint8Array): MediaKind | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG') return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') return 'mp4';
  if (isTransportStream(bytes)) return 'ts';
  const head = Buffer.from(bytes.subarray(0, 512)).toString('utf8').replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(head)) return 'vtt';
  if (/^#EXTM3U[ \t]*\r?\n/.test(head)) return 'm3u8';
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg';
  return null;
}
