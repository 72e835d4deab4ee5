// Programa, "Calendario y atributos" (issue 35), admin only (programmeEditor first, before any
// body or upload is read):
// GET    /programa/calendario                 the seven attributes, their content and state
// PUT    /programa/atributos/:id              dates, switch, grace and texts
// POST   /programa/atributos/:id/arte         multipart: kind (logo|banner) and an image ≤ 2 MB
// DELETE /programa/atributos/:id/arte/:tipo   back to the built-in art
// Online only (no outbox, no Idempotency-Key); every write evicts the read cache.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  ART_KINDS, ART_MAX_BYTES, attributeUpdateBodySchema, PROGRAMME_CALENDAR_PATHS, programmeAttributeResponseSchema,
  programmeCalendarResponseSchema, type ArtKind,
} from '#contract/programme-calendar';
import { HttpError } from '#server/http-error';
import { sniffMedia, type MediaKind } from '#server/media/sniff';
import { digitsOnly, replies } from '#server/plugins/route-contract';
import { validationMessage, type ZodTypeProvider } from '#server/plugins/zod';
import { programmeEditor } from '../access.ts';
import type { ProgrammeDeps } from '../deps.ts';
import { createCalendarService } from './service.ts';

const NOT_MULTIPART = 'Envía la imagen como formulario (multipart/form-data): el campo kind (logo o banner) y el archivo';
const NO_FILE = 'Falta la imagen';
const BAD_KIND = 'Indica qué imagen subes: kind debe ser logo o banner';
const TOO_LARGE = `La imagen es demasiado grande (máximo ${ART_MAX_BYTES / 1024 / 1024} MB)`;
const WRONG_TYPE = 'El archivo no es una imagen PNG, JPEG, WebP o SVG';
const IMAGE_KINDS: readonly MediaKind[] = ['png', 'jpeg', 'webp', 'svg'];

const idParams = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });
const builtInParams = z.object({ id: z.coerce.number().check(z.int(), z.positive()), tipo: z.string() });

/** A request's part checked against its schema, after the access check: a Spanish 400 when it does not fit. */
function parsed<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new HttpError(400, validationMessage(result.error));
  return result.data;
}

const isArtKind = (value: unknown): value is ArtKind => typeof value === 'string' && (ART_KINDS as readonly string[]).includes(value);

/** The form's kind and its one file, read whole, or a Spanish 4xx: never the first 2 MB of a larger file. */
async function readArt(request: FastifyRequest): Promise<{ kind: ArtKind; bytes: Buffer; type: MediaKind; name: string }> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  let kind: unknown;
  let file: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: ART_MAX_BYTES, files: 1, fields: 4 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
        file = { bytes, name: part.filename || 'imagen' };
      } else if (part.fieldname === 'kind') {
        kind = part.value;
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
    if (typeof code === 'string' && code.startsWith('FST_')) throw new HttpError(400, NOT_MULTIPART);
    throw error;
  }
  if (!isArtKind(kind)) throw new HttpError(400, BAD_KIND);
  if (!file || file.bytes.length === 0) throw new HttpError(400, NO_FILE);
  const type = sniffMedia(file.bytes);
  if (type === null || !IMAGE_KINDS.includes(type)) throw new HttpError(415, WRONG_TYPE);
  return { kind, bytes: file.bytes, type, name: file.name };
}

export async function calendarRoutes(app: FastifyInstance, deps: ProgrammeDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const calendar = createCalendarService(deps);
  const write = { changesReads: true } as const;

  api.get(PROGRAMME_CALENDAR_PATHS.list, { schema: { response: replies(programmeCalendarResponseSchema) } }, async (request) => {
    programmeEditor(request);
    return { atributos: await calendar.list() };
  });

  // The body is parsed after the access check, so a caller who may not edit learns nothing from it.
  api.put(digitsOnly(PROGRAMME_CALENDAR_PATHS.update, 'id'), { config: write, schema: { response: replies(programmeAttributeResponseSchema) } }, async (request) => {
    const editor = programmeEditor(request);
    const { id } = parsed(idParams, request.params);
    const body = parsed(attributeUpdateBodySchema, request.body);
    return { atributo: await calendar.update(editor, id, { ...body, quiz2_opens_at: body.quiz2_opens_at ?? null }) };
  });

  api.post(digitsOnly(PROGRAMME_CALENDAR_PATHS.art, 'id'), { config: write, schema: { response: replies(programmeAttributeResponseSchema) } }, async (request) => {
    const editor = programmeEditor(request);
    const { id } = parsed(idParams, request.params);
    await calendar.assertExists(id);
    const art = await readArt(request);
    return { atributo: await calendar.setArt(editor, id, art.kind, art) };
  });

  api.delete(digitsOnly(PROGRAMME_CALENDAR_PATHS.builtInArt, 'id'), { config: write, schema: { response: replies(programmeAttributeResponseSchema) } }, async (request) => {
    const editor = programmeEditor(request);
    const { id, tipo } = parsed(builtInParams, request.params);
    if (!isArtKind(tipo)) throw new HttpError(400, 'El tipo de imagen debe ser logo o banner');
    return { atributo: await calendar.clearArt(editor, id, tipo) };
  });
}
