// Reface rules the API applies: an upload is checked (#domain/reface via photo-check), stored
// and queued in one transaction; status and album read the caller's own refaces; a portrait
// is served only to its owner, by an opaque path that must match exactly. Never authorises by
// anything but the signed-in user's id; never renders (the job does, processor.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import type { AlbumEntry, RefaceStatusResponse } from '#contract/reface';
import { isAcceptedDeclaredType, NOT_AN_IMAGE_MESSAGE, photoProblemMessage } from '#domain/reface';
import type { AppDeps } from '#server/deps';
import { HttpError } from '#server/http-error';
import { enqueueJob } from '#server/jobs/runner';
import { refreshCoachingProgress } from '#server/modules/coaching/aggregates';
import { checkPhoto, PhotoRejected } from './photo-check.ts';
import { createRefacesRepository } from './repository.ts';

export const REFACE_JOB = 'reface';
export const ATTRIBUTE_NOT_FOUND = 'No existe ese atributo';
export const IMAGE_NOT_FOUND = 'Imagen no encontrada';

/** `refaces/{userId}/{32 hex}.jpg`: anything else (.., %2e, absolute, another shape) is unknown. */
const IMAGE_PATH = /^refaces\/[1-9]\d{0,9}\/[0-9a-f]{32}\.jpg$/;

/** A fresh, unguessable path for a user's new portrait. */
export function newImagePath(userId: number): string {
  return `refaces/${userId}/${randomBytes(16).toString('hex')}.jpg`;
}

export interface UploadedPhoto {
  bytes: Uint8Array;
  /** The part's Content-Type as the client declared it. */
  declaredType: string;
}

export interface RefaceJobPayload {
  refaceId: number;
  requestId: string;
}

export function createRefacesService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = createRefacesRepository(db);

  async function enabledAttribute(attributeId: number): Promise<number> {
    const attribute = await repo.findAttribute(attributeId);
    if (!attribute?.enabled) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
    return attribute.id;
  }

  return {
    /** Checks the photo, then stores it and queues its processing together: both or neither. */
    async upload(userId: number, attributeId: number, upload: UploadedPhoto | null): Promise<RefaceStatusResponse & { success: true }> {
      const id = await enabledAttribute(attributeId);
      if (!upload || upload.bytes.length === 0 || !isAcceptedDeclaredType(upload.declaredType)) throw new HttpError(400, NOT_AN_IMAGE_MESSAGE);
      const photo = upload.bytes;
      try {
        await checkPhoto(photo);
      } catch (error) {
        if (!(error instanceof PhotoRejected)) throw error;
        throw new HttpError(error.problem === 'too-large' ? 413 : 400, photoProblemMessage(error.problem));
      }
      const requestId = randomUUID();
      const now = clock();
      const saved = await db.transaction().execute(async (trx) => {
        const row = await createRefacesRepository(trx).savePending({ userId, attributeId: id, requestId, photo, now });
        await refreshCoachingProgress(trx, userId, id);
        const payload: RefaceJobPayload = { refaceId: row.id, requestId };
        await enqueueJob(trx, { kind: REFACE_JOB, payload, runAt: now, uniqueKey: `reface:${requestId}` });
        return row;
      });
      return { success: true, status: saved.status, image_path: saved.image_path };
    },

    async status(userId: number, attributeId: number): Promise<RefaceStatusResponse> {
      const row = await repo.statusOf(userId, await enabledAttribute(attributeId));
      return { status: row?.status ?? null, image_path: row?.image_path ?? null };
    },

    async album(userId: number): Promise<AlbumEntry[]> {
      const rows = await repo.album(userId);
      return rows.flatMap((r) => (r.image_path === null ? [] : [{ atributo_id: r.attribute_id, image: r.image_path }]));
    },

    /** The caller's portrait at `path`; 404 for every other path, whoever owns it. */
    async image(userId: number, path: string): Promise<{ bytes: Buffer; contentType: string }> {
      if (!IMAGE_PATH.test(path)) throw new HttpError(404, IMAGE_NOT_FOUND);
      const row = await repo.imageOf(userId, path);
      if (!row) throw new HttpError(404, IMAGE_NOT_FOUND);
      return { bytes: Buffer.from(row.bytes), contentType: row.content_type };
    },
  };
}
