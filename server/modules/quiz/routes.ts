// Quiz routes (spec section 7): POST /start/{atributo}/quizz/{quizz}, GET /check-start/...,
// GET /{participacion}/pregunta, /pregunta/stat, /preguntas (every remaining question at once,
// for answering offline), /respuestas, and POST /{participacion}/{pregunta}/{atributo}/answer
// (queued offline: idempotent, allowed to sync credentials, refused to impersonation).
// Numeric path segments are constrained by regex so these routes never catch other /api paths.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  answerBodySchema, answerResponseSchema, checkStartResponseSchema, nextQuestionResponseSchema, questionBundleResponseSchema,
  QUIZ_PATHS, resultsResponseSchema, startResponseSchema, statResponseSchema,
} from '#contract/quiz';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { digitsOnly, replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createQuizService } from './service.ts';

/** A positive PostgreSQL integer: larger ids would be a database error, not a 404. */
const id = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));
const quizParams = z.object({ atributo: id, quizz: z.pipe(z.coerce.number().check(z.int()), z.union([z.literal(1), z.literal(2)])) });
const participationParams = z.object({ participacion: id });
const answerParams = z.object({ participacion: id, pregunta: id, atributo: id });

export async function quizRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const quiz = createQuizService(deps);

  // Starting hands out the questions (and fixes the issue time): a supervisor browsing as an
  // agent must not use up the agent's only attempt.
  api.post(digitsOnly(QUIZ_PATHS.start, 'atributo', 'quizz'), {
    config: { earnsPoints: true },
    schema: { params: quizParams, response: replies(startResponseSchema) },
  }, async (request) => ({
    success: true as const,
    data: await quiz.start(currentUser(request).id, request.params.atributo, request.params.quizz),
  }));

  api.get(digitsOnly(QUIZ_PATHS.checkStart, 'atributo', 'quizz'), { schema: { params: quizParams, response: replies(checkStartResponseSchema) } }, async (request) => {
    const data = await quiz.checkStart(currentUser(request).id, request.params.atributo, request.params.quizz);
    return { success: data !== null, data };
  });

  api.get(digitsOnly(QUIZ_PATHS.question, 'participacion'), { schema: { params: participationParams, response: replies(nextQuestionResponseSchema) } }, async (request) => ({
    success: true as const,
    data: { pregunta: await quiz.nextQuestion(currentUser(request).id, request.params.participacion) },
  }));

  api.get(digitsOnly(QUIZ_PATHS.stat, 'participacion'), { schema: { params: participationParams, response: replies(statResponseSchema) } }, async (request) => ({
    success: true as const,
    data: await quiz.stat(currentUser(request).id, request.params.participacion),
  }));

  api.get(digitsOnly(QUIZ_PATHS.bundle, 'participacion'), { schema: { params: participationParams, response: replies(questionBundleResponseSchema) } }, async (request) => ({
    success: true as const,
    data: await quiz.bundle(currentUser(request).id, request.params.participacion),
  }));

  api.get(digitsOnly(QUIZ_PATHS.results, 'participacion'), { schema: { params: participationParams, response: replies(resultsResponseSchema) } }, async (request) => ({
    success: true as const,
    data: await quiz.results(currentUser(request).id, request.params.participacion),
  }));

  api.post(digitsOnly(QUIZ_PATHS.answer, 'participacion', 'pregunta', 'atributo'), {
    config: { idempotent: true, allowSync: true, earnsPoints: true },
    schema: { params: answerParams, body: answerBodySchema, response: replies(answerResponseSchema) },
  }, async (request) => ({
    success: true as const,
    data: await quiz.answer(currentUser(request).id, {
      participationId: request.params.participacion,
      questionId: request.params.pregunta,
      attributeId: request.params.atributo,
      respuesta_id: request.body.respuesta_id,
      elapsed_ms: request.body.elapsed_ms,
      occurredAt: request.occurredAt,
      sessionId: request.session?.id ?? null,
    }),
  }));
}
