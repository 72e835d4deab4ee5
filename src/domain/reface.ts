// Reface rules (spec 4, 5, 9): which photos are accepted (real JPEG or PNG by content, up
// to 10 MB, sane dimensions), the card's state for a status, when to keep polling, and the
// album's download name. Pure and shared: the app checks a file before sending it and the
// server refuses by the same rules. Never reads files, the clock or the network.
import type { RefaceStatus } from '#contract/reface';

/** Spec 9: the reface status is polled every 30 s until it settles. */
export const REFACE_POLL_MS = 30_000;
/** The largest photo accepted, in bytes. */
export const REFACE_MAX_BYTES = 10 * 1024 * 1024;
/** Sane photo dimensions: each side in [MIN, MAX] pixels, and at most MAX_PIXELS in all. */
export const REFACE_MIN_SIDE = 200;
export const REFACE_MAX_SIDE = 8000;
export const REFACE_MAX_PIXELS = 40_000_000;

/** The file picker's filter: the two formats the server accepts. */
export const REFACE_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/** Spec 5, when a file that is not an image is chosen (and the server's refusal). */
export const NOT_AN_IMAGE_MESSAGE = 'Por favor, sube solo imágenes (formatos válidos: JPG, PNG).';
/** Spec 5, the alert when the upload is attempted with something that is not an image. */
export const UPLOAD_NOT_AN_IMAGE_ALERT = 'Por favor, sube solo imágenes.';
export const TOO_LARGE_MESSAGE = 'La imagen no puede superar los 10 MB.';
export const DIMENSIONS_MESSAGE = `La imagen debe medir entre ${REFACE_MIN_SIDE} y ${REFACE_MAX_SIDE} píxeles de lado.`;

export type ImageKind = 'jpeg' | 'png';
export type PhotoProblem = 'not-image' | 'too-large' | 'dimensions';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format the bytes really are (magic bytes), whatever the name or declared type say. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png']);
const ACCEPTED_EXTENSION = /\.(jpe?g|png)$/i;

/**
 * Spec 5, "must be an image type": a declared type must be JPEG or PNG. No type, or the
 * generic binary one, leaves it to the content. Never enough on its own: the content decides.
 */
export function isAcceptedDeclaredType(type: string): boolean {
  const declared = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return declared === '' || declared === 'application/octet-stream' || IMAGE_TYPES.has(declared);
}

/**
 * The app's check of a chosen file, before sending it: declared type (or, when the browser
 * gives none, the extension) and size. The server checks the content itself.
 */
export function checkPhotoFile(file: { name: string; type: string; size: number }): PhotoProblem | null {
  const declared = file.type.toLowerCase();
  const looksLikeImage = declared === '' ? ACCEPTED_EXTENSION.test(file.name) : IMAGE_TYPES.has(declared);
  if (!looksLikeImage || file.size === 0) return 'not-image';
  if (file.size > REFACE_MAX_BYTES) return 'too-large';
  return null;
}

/** Sane dimensions for a portrait: neither a thumbnail nor a decompression bomb. */
export function checkPhotoDimensions(width: number, height: number): PhotoProblem | null {
  const sides = [width, height];
  if (sides.some((side) => !Number.isInteger(side) || side < REFACE_MIN_SIDE || side > REFACE_MAX_SIDE)) return 'dimensions';
  return width * height > REFACE_MAX_PIXELS ? 'dimensions' : null;
}

export function photoProblemMessage(problem: PhotoProblem): string {
  if (problem === 'too-large') return TOO_LARGE_MESSAGE;
  if (problem === 'dimensions') return DIMENSIONS_MESSAGE;
  return NOT_AN_IMAGE_MESSAGE;
}

/** What the reface card shows (spec 4); null status means no reface yet. */
export type RefaceCardView = 'start' | 'processing' | 'completed' | 'failed';

export function refaceCardView(status: RefaceStatus | null): RefaceCardView {
  if (status === 'pending' || status === 'processing') return 'processing';
  if (status === 'completed') return 'completed';
  if (status === 'failed') return 'failed';
  return 'start';
}

/** Poll while the portrait is on its way; a completed or failed reface changes only by a new upload. */
export function shouldPollReface(status: RefaceStatus | null | undefined): boolean {
  return status === 'pending' || status === 'processing';
}

/** Spec 9: the album saves a portrait as `{attribute}.jpg`, named after the attribute. */
export function albumFileName(attributeName: string): string {
  const safe = [...attributeName].filter((c) => c >= ' ' && !'\\/:*?"<>|'.includes(c)).join('').trim();
  return `${safe || 'reface'}.jpg`;
}
