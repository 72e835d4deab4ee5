// Paquete del programa (issue 35): GET /programa/paquete downloads the whole programme as one
// .zip (streamed), POST /programa/paquete imports one into an empty programme (multipart, field
// "file", streamed to a temporary file, at most PACK_MAX_BYTES), all or nothing; with
// ?comprobar=1 it checks the pack completely and changes nothing. Admin only (programmeEditor,
// before any byte of the upload is read). Online only: no Idempotency-Key.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PACK_CHECK_PARAM, PACK_MAX_BYTES, PACK_PATHS, packImportResponseSchema } from '#contract/programme-pack';
import { HttpError } from '#server/http-error';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { programmeEditor } from '../access.ts';
import type { ProgrammeDeps } from '../deps.ts';
import { looksLikeZip, NOT_A_ZIP } from './archive.ts';
import { PACK_SECTIONS } from './sections.ts';
import { createPackService, withTemporaryFolder } from './service.ts';

const NOT_MULTIPART = 'Envía el paquete como formulario (multipart/form-data) en el campo file';
const NO_FILE = 'Falta el archivo del paquete';
export const packTooLarge = (maxBytes: number) => maxBytes >= 1024 ** 3
  ? `El paquete es demasiado grande (máximo ${maxBytes / 1024 ** 3} GB)`
  : `El paquete es demasiado grande (máximo ${Math.round(maxBytes / 1024 ** 2)} MB)`;

/**
 * Passes the bytes through once their first four say "zip". Anything else is refused by its
 * bytes, not its name: the rest of it is read and dropped (so the client gets its answer) and
 * `refused` is set.
 */
function zipGuard(): Transform & { refused: boolean } {
  let head = Buffer.alloc(0);
  let checked = false;
  const guard = Object.assign(new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (guard.refused) return done();
      if (checked) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < 4) return done();
      checked = true;
      guard.refused = !looksLikeZip(head);
      const all = head;
      head = Buffer.alloc(0);
      return guard.refused ? done() : done(null, all);
    },
    flush(done) {
      if (!checked) guard.refused = true;
      done();
    },
  }), { refused: false });
  return guard;
}

/**
 * Streams the uploaded pack to `path`: a 413 past PACK_MAX_BYTES (never its first 2 GB), a 415
 * for a non-zip. The upload is read to its end either way, so the answer reaches the client.
 */
export async function receivePack(request: FastifyRequest, path: string, maxBytes = PACK_MAX_BYTES): Promise<void> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: false });
    if (!part) throw new HttpError(400, NO_FILE);
    const guard = zipGuard();
    await pipeline(part.file, guard, createWriteStream(path));
    // As in the user import: once the stream has ended, `truncated` says a cut file every time.
    if (part.file.truncated) throw new HttpError(413, packTooLarge(maxBytes));
    if (guard.refused) throw new HttpError(415, NOT_A_ZIP);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, packTooLarge(maxBytes));
    if (typeof code === 'string' && code.startsWith('FST_')) throw new HttpError(400, NOT_MULTIPART);
    throw error;
  }
}

export async function packRoutes(app: FastifyInstance, deps: ProgrammeDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const packs = createPackService({ db: deps.db, media: deps.media, clock: deps.clock, sections: PACK_SECTIONS });

  // Zip bytes: no JSON body, so no response schema (its errors are the errors plugin's JSON).
  api.get(PACK_PATHS.pack, async (request, reply) => {
    programmeEditor(request);
    const { fileName, stream } = await packs.exportPack();
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  api.post(PACK_PATHS.pack, { config: { changesReads: true }, schema: { response: replies(packImportResponseSchema) } }, async (request) => {
    // Refuse before reading the upload: a caller who may not import never sends us a file to store.
    const editor = programmeEditor(request);
    const dryRun = (request.query as Record<string, unknown> | undefined)?.[PACK_CHECK_PARAM] === '1';
    return withTemporaryFolder(async (dir) => {
      const path = join(dir, 'paquete.zip');
      await receivePack(request, path);
      return packs.importPack(editor, path, { dryRun });
    });
  });
}
