// The one error handler and the JSON body parser. Owns the shape of every error body:
// `{ success: false, error: "<Spanish text>" }`. Client errors say what went wrong;
// 5xx bodies never carry stacks, SQL or messages (they are logged with the request id).
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '#server/http-error';
import { appPlugin } from './plugin.ts';
import { validationMessage } from './zod.ts';

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
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, BY_CODE.FST_ERR_CTP_INVALID_JSON_BODY ?? 'JSON no válido'), undefined);
    }
  });

  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id }, 'request failed');
      const message = error instanceof HttpError ? error.message : INTERNAL;
      return reply.code(status).send({ success: false, error: message });
    }
    const isValidation = 'validation' in error || (error as FastifyError).code === 'FST_ERR_VALIDATION' || error.name === 'ZodError';
    let message: string;
    if (error instanceof HttpError) message = error.message;
    else if (isValidation) message = validationMessage(error);
    else message = BY_CODE[(error as FastifyError).code] ?? BY_STATUS[status] ?? BY_STATUS[400] ?? INTERNAL;
    request.log.info({ reqId: request.id, status, code: (error as FastifyError).code }, message);
    const extra = error instanceof HttpError ? error.extra : {};
    return reply.code(status).send({ success: false, error: message, ...extra });
  });
});
