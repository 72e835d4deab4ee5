// Reface routes (spec section 7): POST /refaces/upload (multipart: image, atributo_id; it
// leads to +10 IMPs, so impersonation is refused), GET /refaces/status/{atributo}, GET /album
// and GET /download-image?path=… (the caller's own portraits only). Uploads need a
// connection: they are not queued offline, so they take no Idempotency-Key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  albumResponseSchema, downloadImageQuerySchema, REFACE_PATHS, REFACE_UPLOAD_FIELDS, refaceStatusResponseSchema, refaceUploadResponseSchema,
} from '#contract/reface';
import { TOO_LARGE_MESSAGE } from '#domain/reface';
import type { AppDeps } from '#server/deps';
import { HttpError } from '#server/http-error';
import { currentUser } from '#server/plugins/auth';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createRefacesService, type UploadedPhoto } from './service.ts';

const attributeParams = z.object({ atributo: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });
const attributeField = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

const NOT_MULTIPART = 'Envía la foto como formulario (multipart/form-data) con los campos image y atributo_id.';
const ONE_IMAGE = 'Envía una sola imagen.';
const BAD_ATTRIBUTE = 'Datos no válidos (atributo_id): indica el atributo del reface.';

interface Upload {
  attributeId: number;
  photo: UploadedPhoto | null;
}

/** Multipart errors of @fastify/multipart, as the Spanish answers users see. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, TOO_LARGE_MESSAGE);
  if (code === 'FST_FILES_LIMIT') return new HttpError(413, ONE_IMAGE);
  if (typeof code === 'string' && code.startsWith('FST_')) return new HttpError(400, NOT_MULTIPART);
  return error;
}

/** Reads the fields in any order; the file is read whole (at most 10 MB) before anything is checked. */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  let attribute: unknown;
  let photo: UploadedPhoto | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // When a network chunk ends exactly at the limit, the file is cut without an error and
        // toBuffer() returns its first 10 MB; once the stream has ended, `truncated` says so.
        if (part.file.truncated) throw new HttpError(413, TOO_LARGE_MESSAGE);
        if (part.fieldname === REFACE_UPLOAD_FIELDS.image) photo = { bytes, declaredType: part.mimetype };
      } else if (part.fieldname === REFACE_UPLOAD_FIELDS.attribute) {
        attribute = part.value;
      }
    }
  } catch (error) {
    throw uploadError(error);
  }
  const attributeId = attributeField.safeParse(attribute);
  if (!attributeId.success) throw new HttpError(400, BAD_ATTRIBUTE);
  return { attributeId: attributeId.data, photo };
}

export async function refacesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refaces = createRefacesService(deps);

  api.post(REFACE_PATHS.upload, { config: { earnsPoints: true }, schema: { response: replies(refaceUploadResponseSchema) } }, async (request) => {
    const userId = currentUser(request).id;
    const { attributeId, photo } = await readUpload(request);
    return refaces.upload(userId, attributeId, photo);
  });

  api.get(REFACE_PATHS.status, { schema: { params: attributeParams, response: replies(refaceStatusResponseSchema) } }, async (request) =>
    refaces.status(currentUser(request).id, request.params.atributo));

  api.get(REFACE_PATHS.album, { schema: { response: replies(albumResponseSchema) } }, async (request) => ({
    album: await refaces.album(currentUser(request).id),
  }));

  // Portrait bytes: no JSON body, so no response schema (its errors are the errors plugin's JSON).
  api.get(REFACE_PATHS.downloadImage, { schema: { querystring: downloadImageQuerySchema } }, async (request, reply) => {
    const image = await refaces.image(currentUser(request).id, request.query.path);
    return reply
      .header('content-type', image.contentType)
      // A personal photo: never kept by shared caches; the app keeps its own copy offline.
      .header('cache-control', 'private, no-store')
      .send(image.bytes);
  });
}
