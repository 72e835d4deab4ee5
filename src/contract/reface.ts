import * as z from 'zod/mini';
import { REFACE_STATUSES } from './reface-constants';

export * from './reface-constants';

export const refaceStatusSchema = z.enum(REFACE_STATUSES);
export type RefaceStatus = z.infer<typeof refaceStatusSchema>;

/**
 * GET /refaces/status/{atributo}. `status` is null before the first upload. `image_path` is
 * the current portrait (kept while a repeat is processed, or after it failed), an opaque path
 * for GET /download-image; null until one completes.
 */
export const refaceStatusResponseSchema = z.object({
  status: z.nullable(refaceStatusSchema),
  image_path: z.nullable(z.string()),
});
export type RefaceStatusResponse = z.infer<typeof refaceStatusResponseSchema>;

/** POST /refaces/upload: the photo is stored and queued; the portrait comes later. */
export const refaceUploadResponseSchema = z.extend(refaceStatusResponseSchema, { success: z.literal(true) });

/** GET /album: the user's portraits; `image` is a path for GET /download-image. */
export const albumEntrySchema = z.object({ atributo_id: z.int(), image: z.string() });
export type AlbumEntry = z.infer<typeof albumEntrySchema>;
export const albumResponseSchema = z.object({ album: z.array(albumEntrySchema) });

/** GET /download-image?path=… : the owner's portrait bytes (image/jpeg). */
export const downloadImageQuerySchema = z.object({ path: z.string().check(z.minLength(1), z.maxLength(200)) });

