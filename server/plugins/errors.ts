// The one error handler and the JSON body parser. Owns the shape of every error body:
// `{ success: false, error: "<Spanish text>" }`. Client errors say what went wrong;
// 5xx bodies never carry stacks, SQL or messages (they are logged with the request id).
// A value PostgreSQL refuses as data (SQLSTATE class 22: out of range, bad text) is the
// client's input, so it is a 400, not a 500 — the last line behind each route's validation.
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '#server/http-error';
import { appPlugin } from './plugin.ts';
import { parseRequestJson } from './input-guard.ts';
import { isZodError, validationMessage } from './zod.ts';

const INTERNAL = 'Error interno del servidor';

const BY_CODE: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'La petición es demasiado grande',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido',
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la petición no es un JSON válido',
};

const BY_STATUS: Record<number, string> = {
  400: 'Petición no válida',
  401: 'Sesión no válida o caducada',
  403: 'No tienes permiso para esta acción',
  404: 'Recurso no encontrado',
  405: 'Método no permitido',
  409: 'La petición entra en conflicto con otra',
  413: 'La petición es demasiado grande',
  415: 'Tipo de contenido no admitido',
  429: 'Demasiados intentos. Espera un minuto y vuelve a intentarlo.',
};

const INVALID_DATA = 'Los datos enviados no son válidos';

/** PostgreSQL "data exception" errors (SQLSTATE 22xxx) carry a 5-character `code`. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function statusOf(error: FastifyError | HttpError): number {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

export const errorsPlugin = appPlugin('errors', async (app: FastifyInstance) => {
  // An empty body with a JSON content type is "no body" (POST auth/login-sso sends none),
  // not a 400 as Fastify's default parser would answer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, parseRequestJson(text));
    } catch (error) {
      done(error instanceof HttpError ? error : new HttpError(400, BY_CODE.FST_ERR_CTP_INVALID_JSON_BODY ?? 'JSON no válido'), undefined);
    }
  });

  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if (isDataException(error)) {
      request.log.warn({ reqId: request.id, code: (error as FastifyError).code }, 'database refused a value: answered 400');
      return reply.code(400).send({ success: false, error: INVALID_DATA });
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      const message = error instanceof HttpError ? error.message : INTERNAL;
      return reply.code(status).send({ success: false, error: message });
    }
    const isValidation = 'validation' in error || (error as FastifyError).code === 'FST_ERR_VALIDATION' || isZodError(error);
    let message: string;
    if (error instanceof HttpError) message = error.message;
    else if (isValidation) message = validationMessage(error);
    else message = BY_CODE[(error as FastifyError).code] ?? BY_STATUS[status] ?? BY_STATUS[400] ?? INTERNAL;
    request.log.info({ reqId: request.id, status, code: (error as FastifyError).code }, message);
    const extra = error instanceof HttpError ? error.extra : {};
    return reply.code(status).send({ success: false, error: message, ...extra });
  });
});
