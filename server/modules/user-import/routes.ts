// User import (spec 7): POST /importar-usuario (multipart, one file, at most IMPORT_MAX_BYTES)
// answers { message, users_created, users_updated } or a Spanish 4xx (503 while other imports
// hold both parse slots), and
// GET /importar-usuario/plantilla (public: the template holds no personal data).
// Online only: not an outbox write, so it takes no Idempotency-Key.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_PATHS, IMPORT_MAX_BYTES, IMPORT_TEMPLATE_FILE_NAME, importResponseSchema } from '#contract/admin';
import type { AppDeps } from '#server/deps';
import { HttpError } from '#server/http-error';
import { currentUser } from '#server/plugins/auth';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createUserImportService, type UploadedFile } from './service.ts';
import { importTemplate } from './template.ts';

const NOT_MULTIPART = 'Envía el archivo como formulario (multipart/form-data) en el campo file';
const NO_FILE = 'Falta el archivo';
const TOO_LARGE = `El archivo es demasiado grande (máximo ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The uploaded file, read whole, or a 413 if it is over IMPORT_MAX_BYTES: never its first 5 MB. */
async function readFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  try {
    const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
    if (!part) throw new HttpError(400, NO_FILE);
    const bytes = await part.toBuffer();
    // toBuffer() throws past the limit only when a chunk arrives after the cut; when a network
    // chunk ends exactly at the limit, the file is cut without one and toBuffer() returns the
    // first 5 MB. Once the stream has ended, `truncated` says so every time.
    if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
    return { fileName: part.filename || 'archivo', bytes };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
    if (typeof code === 'string' && code.startsWith('FST_')) throw new HttpError(400, NOT_MULTIPART);
    throw error;
  }
}

export async function userImportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const imports = createUserImportService(deps);

  api.post(ADMIN_PATHS.importUsers, { config: { changesReads: true }, schema: { response: replies(importResponseSchema) } }, async (request) => {
    const caller = { user: currentUser(request), impersonating: (request.session?.impersonatorUserId ?? null) !== null, ip: request.ip };
    // Refuse before reading the upload: a caller who may not import never sends us a file to parse.
    imports.assertAccess(caller);
    return imports.importFile(caller, await readFile(request));
  });

  // Workbook bytes: no JSON body, so no response schema (its errors are the errors plugin's JSON).
  api.get(ADMIN_PATHS.importTemplate, { config: { auth: 'public' } }, async (_request, reply) =>
    reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${IMPORT_TEMPLATE_FILE_NAME}"`)
      .header('cache-control', 'public, max-age=3600')
      .send(importTemplate()));
}
