// Programa › Quizzes (issue 35), admin only: GET /programa/quizzes (every attribute × Quiz 1/2),
// GET and PUT /programa/quizzes/:atributo/:quizz (the whole quiz), GET and POST …/hoja (.xlsx
// export and import) and GET /programa/quizzes/plantilla. Online only (no outbox, no
// Idempotency-Key). programmeEditor runs in preValidation: before any body is checked or upload
// read, so every other caller gets its 403 whatever it sent.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  PROGRAMME_QUIZZES_PATHS, QUIZ_SHEET_MAX_BYTES, QUIZ_TEMPLATE_FILE_NAME, quizDetailResponseSchema, quizListResponseSchema, quizSaveBodySchema, quizSheetFileName,
} from '#contract/programme-quizzes';
import { withSavedIds } from '#domain/programme-quizzes';
import { HttpError } from '#server/http-error';
import { digitsOnly, replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { programmeEditor } from '../access.ts';
import type { ProgrammeDeps } from '../deps.ts';
import { createProgrammeQuizService } from './service.ts';
import { quizSheet, quizTemplate, readQuizSheet, sheetProblems } from './spreadsheet.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NOT_MULTIPART = 'Envía la hoja como formulario (multipart/form-data) en el campo file';
const NO_FILE = 'Falta el archivo';
const TOO_LARGE = `La hoja es demasiado grande (máximo ${QUIZ_SHEET_MAX_BYTES / 1024 / 1024} MB)`;

const id = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));
const quizParams = z.object({ atributo: id, quizz: z.pipe(z.coerce.number().check(z.int()), z.union([z.literal(1), z.literal(2)])) });

/** The uploaded sheet, read whole, or a 413 past QUIZ_SHEET_MAX_BYTES (never its first 2 MB). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  try {
    const part = await request.file({ limits: { fileSize: QUIZ_SHEET_MAX_BYTES, files: 1 } });
    if (!part) throw new HttpError(400, NO_FILE);
    const bytes = await part.toBuffer();
    // A stream cut exactly at the limit ends without an error: `truncated` still says so.
    if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
    return bytes;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
    if (typeof code === 'string' && code.startsWith('FST_')) throw new HttpError(400, NOT_MULTIPART);
    throw error;
  }
}

const attachment = (name: string) => `attachment; filename="${name}"`;

export async function quizzesRoutes(app: FastifyInstance, deps: ProgrammeDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const quizzes = createProgrammeQuizService(deps.db);
  // Encapsulated: this plugin's routes only.
  api.addHook('preValidation', async (request) => {
    programmeEditor(request);
  });

  api.get(PROGRAMME_QUIZZES_PATHS.list, { schema: { response: replies(quizListResponseSchema) } }, async () => ({ quizzes: await quizzes.list() }));

  api.get(PROGRAMME_QUIZZES_PATHS.template, async (request, reply) => {
    programmeEditor(request);
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(QUIZ_TEMPLATE_FILE_NAME)).send(quizTemplate());
  });

  api.get(digitsOnly(PROGRAMME_QUIZZES_PATHS.quiz, 'atributo', 'quizz'), { schema: { params: quizParams, response: replies(quizDetailResponseSchema) } }, async (request) => {
    programmeEditor(request);
    return quizzes.detail(request.params.atributo, request.params.quizz);
  });

  api.put(digitsOnly(PROGRAMME_QUIZZES_PATHS.quiz, 'atributo', 'quizz'), {
    config: { changesReads: true },
    schema: { params: quizParams, body: quizSaveBodySchema, response: replies(quizDetailResponseSchema) },
  }, async (request) => {
    const editor = programmeEditor(request);
    return quizzes.save(editor, request.params.atributo, request.params.quizz, request.body.preguntas, { source: 'editor' });
  });

  api.get(digitsOnly(PROGRAMME_QUIZZES_PATHS.sheet, 'atributo', 'quizz'), { schema: { params: quizParams } }, async (request, reply) => {
    programmeEditor(request);
    const quiz = await quizzes.detail(request.params.atributo, request.params.quizz);
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(quizSheetFileName(quiz.quiz.slug, quiz.quiz.quizz))).send(quizSheet(quiz.preguntas));
  });

  api.post(digitsOnly(PROGRAMME_QUIZZES_PATHS.sheet, 'atributo', 'quizz'), {
    config: { changesReads: true },
    schema: { params: quizParams, response: replies(quizDetailResponseSchema) },
  }, async (request) => {
    const editor = programmeEditor(request);
    // Before reading the upload: an unknown attribute is a 404, not a parsed file.
    await quizzes.attributeOf(request.params.atributo);
    const read = readQuizSheet(await readUpload(request));
    if (!read.ok) throw new HttpError(read.status, read.problems.map((p) => p.mensaje).join(' '), { errores: read.problems });
    return quizzes.save(editor, request.params.atributo, request.params.quizz, read.questions, {
      source: 'hoja',
      placeIds: withSavedIds,
      refuse: (rules) => {
        const problems = sheetProblems(read, rules);
        if (problems.length === 0) return null;
        const shown = problems.slice(0, 3).map((p) => p.mensaje).join(' ');
        const more = problems.length > 3 ? ` Y ${problems.length - 3} problemas más.` : '';
        return new HttpError(422, `La hoja no se importó. ${shown}${more}`, { errores: problems });
      },
    });
  });
}
