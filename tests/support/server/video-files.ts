// Real media bytes for Programa › Vídeos tests: the demo's small MP4s and subtitles from
// public/media, a poster drawn with sharp, look-alikes that are not what they claim, and a
// multipart body with several files. Never used by production code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const MEDIA = join(import.meta.dirname, '../../../public/media');

/** A real MP4 (6 s, moov first) of the demo: accesible-0 … resolutivo-2. */
export const demoMp4 = (name = 'accesible-0') => readFileSync(join(MEDIA, `${name}.mp4`));
export const demoVtt = (name = 'accesible-0') => readFileSync(join(MEDIA, `${name}.vtt`));

export async function posterJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 180, channels: 3, background: '#1c4f8a' } }).jpeg().toBuffer();
}

/** Starts like an MP4 (an ftyp box) and then is nothing of the kind. */
export const fakeMp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12), Buffer.from('<html>not a movie</html>')]);

export interface FormFile {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body with text fields, then files, for app.inject. */
export function form(fields: Record<string, string>, files: FormFile[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----videos${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer<ArrayBufferLike>[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const mp4File = (bytes = demoMp4(), filename = 'video.mp4'): FormFile => ({ field: 'video', filename, contentType: 'video/mp4', bytes });
export const vttFile = (bytes = demoVtt(), filename = 'subtitulos.vtt'): FormFile => ({ field: 'subtitulos', filename, contentType: 'text/vtt', bytes });
export const posterFile = (bytes: Buffer, filename = 'portada.jpg'): FormFile => ({ field: 'poster', filename, contentType: 'image/jpeg', bytes });
