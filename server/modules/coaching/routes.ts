// Seguimiento (issue 20): the scope's lists, the overview, figures by site, the nudges page,
// the difficult questions, and each as .xlsx. Supervisors only, within their impersonation
// scope (the service checks it whatever the query asks); answers are never cached by the
// browser's HTTP cache (the app keeps its own snapshot in Dexie).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  COACHING_PATHS, coachingBySiteSchema, coachingFilterSchema, coachingNudgesQuerySchema, coachingNudgesSchema, coachingOptionsSchema,
  coachingOverviewSchema, coachingQuestionsSchema,
} from '#contract/coaching';
import type { AppDeps } from '#server/deps';
import type { ReadCache } from '#server/read-cache';
import { currentUser } from '#server/plugins/auth';
import { digitsOnly, replies, sendKept } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { coachingWorkbook } from './downloads.ts';
import { createCoachingService, type Caller } from './service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attributeParams = z.object({ atributo: z.string().check(z.regex(/^\d{1,9}$/)) });
const downloadParams = z.extend(attributeParams, { tabla: z.string().check(z.minLength(1), z.maxLength(20)) });
/** The download takes any read's query: the filter, and the nudges' threshold and search (sede then required). */
const downloadQuery = z.extend(coachingFilterSchema, {
  dias: z.optional(coachingNudgesQuerySchema.shape.dias),
  search: coachingNudgesQuerySchema.shape.search,
});

function callerOf(request: FastifyRequest): Caller {
  return { user: currentUser(request), impersonating: (request.session?.impersonatorUserId ?? null) !== null };
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export async function coachingRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock'> & { cache?: ReadCache }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const coaching = createCoachingService(deps);

  api.get(COACHING_PATHS.options, { schema: { response: replies(coachingOptionsSchema) } }, async (request, reply) => {
    noStore(reply);
    return coaching.options(callerOf(request));
  });

  api.get(digitsOnly(COACHING_PATHS.overview, 'atributo'), { schema: { params: attributeParams, querystring: coachingFilterSchema, response: replies(coachingOverviewSchema) } },
    async (request, reply) => {
      noStore(reply);
      // A whole answer the service keeps per scope and filter: sent as the text it was written as.
      return sendKept(reply, await coaching.overview(callerOf(request), request.params.atributo, request.query));
    });

  api.get(digitsOnly(COACHING_PATHS.bySite, 'atributo'), { schema: { params: attributeParams, querystring: coachingFilterSchema, response: replies(coachingBySiteSchema) } },
    async (request, reply) => {
      noStore(reply);
      // A whole answer the service keeps per scope and filter: sent as the text it was written as.
      return sendKept(reply, await coaching.bySite(callerOf(request), request.params.atributo, request.query));
    });

  api.get(digitsOnly(COACHING_PATHS.nudges, 'atributo'), { schema: { params: attributeParams, querystring: coachingNudgesQuerySchema, response: replies(coachingNudgesSchema) } },
    async (request, reply) => {
      noStore(reply);
      return coaching.nudges(callerOf(request), request.params.atributo, request.query);
    });

  api.get(digitsOnly(COACHING_PATHS.questions, 'atributo'), { schema: { params: attributeParams, querystring: coachingFilterSchema, response: replies(coachingQuestionsSchema) } },
    async (request, reply) => {
      noStore(reply);
      return sendKept(reply, await coaching.questions(callerOf(request), request.params.atributo, request.query));
    });

  // Workbook bytes: no JSON body, so no response schema (its errors are the errors plugin's JSON).
  api.get(digitsOnly(COACHING_PATHS.download, 'atributo'), { schema: { params: downloadParams, querystring: downloadQuery } }, async (request, reply) => {
    const { bytes, fileName } = await coachingWorkbook(coaching, callerOf(request), request.params.tabla, request.params.atributo, request.query);
    return noStore(reply).type(XLSX_TYPE).header('content-disposition', `attachment; filename="${fileName}"`).send(bytes);
  });
}
