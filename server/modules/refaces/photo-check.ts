// Upload checks on the photo's bytes, never its name or declared type: a real JPEG or PNG
// (magic bytes and a full decode, so a truncated or disguised file fails), at most 10 MB,
// sane dimensions (read from the header before decoding, so a decompression bomb is never
// expanded). Rules and texts come from #domain/reface; nothing is stored here.
import sharp from 'sharp';
import { checkPhotoDimensions, REFACE_MAX_BYTES, REFACE_MAX_PIXELS, sniffImageKind, type ImageKind, type PhotoProblem } from '#domain/reface';

export interface CheckedPhoto {
  kind: ImageKind;
  width: number;
  height: number;
}

export class PhotoRejected extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(`photo rejected: ${problem}`);
    this.name = 'PhotoRejected';
  }
}

async function readHeader(bytes: Uint8Array) {
  try {
    return await sharp(bytes, { failOn: 'truncated', limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejected('not-image');
  }
}

export async function checkPhoto(bytes: Uint8Array): Promise<CheckedPhoto> {
  if (bytes.length > REFACE_MAX_BYTES) throw new PhotoRejected('too-large');
  const kind = sniffImageKind(bytes);
  if (!kind) throw new PhotoRejected('not-image');
  const header = await readHeader(bytes);
  if (header.format !== kind) throw new PhotoRejected('not-image');
  const { width = 0, height = 0 } = header;
  const problem = checkPhotoDimensions(width, height);
  if (problem) throw new PhotoRejected(problem);
  try {
    // Decoding every pixel is the only way to know the image is whole; shrinking on load
    // keeps it fast.
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: REFACE_MAX_PIXELS }).resize(32, 32).raw().toBuffer();
  } catch {
    throw new PhotoRejected('not-image');
  }
  return { kind, width, height };
}
