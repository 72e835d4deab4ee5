// Reface and album calls: status, album and portrait reads (cached by the features through
// useCachedQuery), and the photo upload, which needs a connection: a photo of up to 10 MB is
// no outbox item. Portraits come with the bearer token; they have no public URL.
import { REFACE_PATHS, REFACE_UPLOAD_FIELDS } from '#contract/reface-constants';
import type { AlbumEntry, RefaceStatusResponse } from '#contract/reface';
import { apiPath, http, readJson, toApiRequestError } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/reface');

/**
 * A portrait kept on the device: its bytes and type. Not a Blob: some browsers (private
 * windows, older Safari) cannot keep Blobs in IndexedDB.
 */
export interface StoredImage {
  type: string;
  bytes: ArrayBuffer;
}

/** A slow shop-floor connection needs more than the default 15 s for up to 10 MB. */
const UPLOAD_TIMEOUT_MS = 180_000;

export async function fetchRefaceStatus(attributeId: number): Promise<RefaceStatusResponse> {
  return readJson(http.get(apiPath(REFACE_PATHS.status, { atributo: attributeId })), contract, 'refaceStatusResponseSchema');
}

/** POST /refaces/upload (multipart: image, atributo_id). Rejects with an ApiRequestError. */
export async function uploadRefacePhoto(attributeId: number, photo: File): Promise<RefaceStatusResponse> {
  const form = new FormData();
  form.append(REFACE_UPLOAD_FIELDS.attribute, String(attributeId));
  form.append(REFACE_UPLOAD_FIELDS.image, photo, photo.name);
  const answer = await readJson(http.post(apiPath(REFACE_PATHS.upload), { body: form, timeout: UPLOAD_TIMEOUT_MS }), contract, 'refaceUploadResponseSchema');
  return { status: answer.status, image_path: answer.image_path };
}

export async function fetchAlbum(): Promise<AlbumEntry[]> {
  return (await readJson(http.get(apiPath(REFACE_PATHS.album)), contract, 'albumResponseSchema')).album;
}

/** GET /download-image?path=…: one of the user's own portraits. */
export async function fetchImage(path: string): Promise<StoredImage> {
  try {
    const blob = await http.get(apiPath(REFACE_PATHS.downloadImage), { searchParams: { path } }).blob();
    return { type: blob.type || 'image/jpeg', bytes: await blob.arrayBuffer() };
  } catch (error) {
    throw toApiRequestError(error);
  }
}
