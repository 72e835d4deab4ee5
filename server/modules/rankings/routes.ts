// Ranking routes (spec section 7, paths spelled as there): global, per brand (marca) and per
// site (plataforma) pages with page/per_page/search, the user's position, points and difference
// to the first; the "± neighbours" panel; and the three downloads with the short-lived file
// behind their download_url. Reads only: any signed-in user (staff choose a site or brand
// within their scope, ranking-ambitos lists them); downloads check the profile.
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import {
  differenceResponseSchema, downloadResponseSchema, neighboursResponseSchema, pointsResponseSchema, positionResponseSchema,
  RANKING_PATHS, RANKING_SCOPES, rankingOptionsResponseSchema, rankingPageQuerySchema, rankingPageSchema,
} from '#contract/ranking';
import type { AppDeps } from '#server/deps';
import type { ReadCache } from '#server/read-cache';
import { currentUser } from '#server/plugins/auth';
import { replies, sendKept } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createRankingDownloads } from './downloads.ts';
import { createRankingService } from './service.ts';

const attributeParams = z.object({ atributo: z.string().check(z.minLength(1), z.maxLength(20)) });
const filterParams = z.extend(attributeParams, { filtro: z.string().check(z.minLength(1), z.maxLength(20)) });
const tokenParams = z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/)) });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const page = { querystring: rankingPageQuerySchema, response: replies(rankingPageSchema) };
const position = { response: replies(positionResponseSchema) };
const points = { response: replies(pointsResponseSchema) };
const difference = { response: replies(differenceResponseSchema) };
const neighbours = { response: replies(neighboursResponseSchema) };
const download = replies(downloadResponseSchema);

/** Rankings move with every credit: the app keeps its own copy (Dexie), never the HTTP cache. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
}

export async function rankingRoutes(app: FastifyInstance, deps: AppDeps & { cache: ReadCache }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rankings = createRankingService(deps.db, deps.cache);
  const downloads = createRankingDownloads(deps);

  api.get(RANKING_PATHS.globalPage, { schema: page }, async (request, reply) => {
    noStore(reply);
    return sendKept(reply, await rankings.page(currentUser(request), 'global', null, request.query));
  });
  api.get(RANKING_PATHS.globalPosition, { schema: position }, async (request, reply) => {
    noStore(reply);
    return rankings.position(currentUser(request), 'global', null);
  });
  api.get(RANKING_PATHS.globalPoints, { schema: points }, async (request, reply) => {
    noStore(reply);
    return rankings.points(currentUser(request), 'global', null);
  });
  api.get(RANKING_PATHS.globalDifference, { schema: difference }, async (request, reply) => {
    noStore(reply);
    return rankings.difference(currentUser(request), 'global', null);
  });
  api.get(RANKING_PATHS.globalNeighbours, { schema: neighbours }, async (request, reply) => {
    noStore(reply);
    return rankings.neighbours(currentUser(request), 'global', null);
  });

  for (const scope of RANKING_SCOPES) {
    api.get(RANKING_PATHS.page(scope), { schema: { params: attributeParams, ...page } }, async (request, reply) => {
      noStore(reply);
      return sendKept(reply, await rankings.page(currentUser(request), scope, request.params.atributo, request.query));
    });
    api.get(RANKING_PATHS.position(scope), { schema: { params: attributeParams, ...position } }, async (request, reply) => {
      noStore(reply);
      return rankings.position(currentUser(request), scope, request.params.atributo);
    });
    api.get(RANKING_PATHS.difference(scope), { schema: { params: attributeParams, ...difference } }, async (request, reply) => {
      noStore(reply);
      return rankings.difference(currentUser(request), scope, request.params.atributo);
    });
    api.get(RANKING_PATHS.points(scope), { schema: { params: attributeParams, ...points } }, async (request, reply) => {
      noStore(reply);
      return rankings.points(currentUser(request), scope, request.params.atributo);
    });
    api.get(RANKING_PATHS.neighbours(scope), { schema: { params: attributeParams, ...neighbours } }, async (request, reply) => {
      noStore(reply);
      return rankings.neighbours(currentUser(request), scope, request.params.atributo);
    });
  }

  api.get(RANKING_PATHS.options, { schema: { response: replies(rankingOptionsResponseSchema) } }, async (request, reply) => {
    noStore(reply);
    return rankings.options(currentUser(request));
  });

  api.get(RANKING_PATHS.downloadGlobal, { schema: { response: download } }, async (request, reply) => {
    noStore(reply);
    return downloads.global(currentUser(request));
  });
  api.get(RANKING_PATHS.downloadAttribute, { schema: { params: attributeParams, response: download } }, async (request, reply) => {
    noStore(reply);
    return downloads.attribute(currentUser(request), request.params.atributo, undefined);
  });
  api.get(RANKING_PATHS.downloadAttributeFiltered, { schema: { params: filterParams, response: download } }, async (request, reply) => {
    noStore(reply);
    return downloads.attribute(currentUser(request), request.params.atributo, request.params.filtro);
  });

  // Workbook bytes: no JSON body, so no response schema (its errors are the errors plugin's JSON).
  api.get(RANKING_PATHS.downloadFile, { schema: { params: tokenParams } }, async (request, reply) => {
    const file = await downloads.fetch(currentUser(request), request.params.token);
    noStore(reply);
    return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.bytes);
  });
}
