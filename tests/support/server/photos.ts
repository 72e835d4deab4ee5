// Real photo bytes for reface tests, drawn with sharp (no binary fixtures in the repository),
// and the multipart body of an upload. Never used by production code.
import sharp from 'sharp';

const FACE = (width: number, height: number) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#9fb2c4"/>
  <ellipse cx="${width / 2}" cy="${height * 0.42}" rx="${width * 0.16}" ry="${height * 0.24}" fill="#d9a57e"/>
  <path d="M${width * 0.2} ${height} Q${width / 2} ${height * 0.62} ${width * 0.8} ${height}" fill="#1c4f8a"/>
</svg>`);

export async function jpegPhoto(width = 640, height = 480): Promise<Buffer> {
  return sharp(FACE(width, height)).jpeg({ quality: 88 }).toBuffer();
}

export async function pngPhoto(width = 480, height = 640): Promise<Buffer> {
  return sharp(FACE(width, height)).png().toBuffer();
}

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body with text fields and at most one file (first or last), for app.inject. */
export function multipart(fields: Record<string, string>, file?: FilePart, options: { fileFirst?: boolean } = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----reface${Math.random().toString(16).slice(2)}`;
  const fieldChunks = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  const fileChunks = file
    ? [
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
        file.bytes,
        Buffer.from('\r\n'),
      ]
    : [];
  const chunks = options.fileFirst ? [...fileChunks, ...fieldChunks] : [...fieldChunks, ...fileChunks];
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
