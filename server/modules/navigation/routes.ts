// Simulated navigation (spec 7): GET navegacion-simulada/marcas, /sedes/{brand},
// /plataformas/{brand}/{platform}, /agentes/{brand}/{site}, each answering
// { success, data: { data: {...} } }, and POST /auth/login-as-user { nick_name }.
// Every call re-checks the caller's scope on the server (the service does).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { ADMIN_PATHS, agentsResponseSchema, brandsResponseSchema, platformSitesResponseSchema, sitesResponseSchema } from '#contract/admin';
import { loginAsUserBodySchema, loginResponseSchema } from '#contract/session';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createNavigationService, type Caller } from './service.ts';

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));
const brandParams = z.object({ brand: name });
const platformParams = z.object({ brand: name, platform: name });
const siteParams = z.object({ brand: name, site: name });
const loginAsUserBody = z.extend(loginAsUserBodySchema, {
  nick_name: z.string().check(z.trim(), z.minLength(1, 'Tienes que elegir un agente'), z.maxLength(100)),
});

function callerOf(request: FastifyRequest): Caller {
  return { user: currentUser(request), sessionId: request.session?.id ?? null, impersonating: (request.session?.impersonatorUserId ?? null) !== null };
}

const listed = <T extends object>(data: T) => ({ success: true as const, data: { data } });

export async function navigationRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const navigation = createNavigationService(deps);

  api.get(ADMIN_PATHS.brands, { schema: { response: replies(brandsResponseSchema) } }, async (request) =>
    listed({ marcas: await navigation.brands(callerOf(request)) }));

  api.get(ADMIN_PATHS.sites, { schema: { params: brandParams, response: replies(sitesResponseSchema) } }, async (request) =>
    listed(await navigation.sites(callerOf(request), request.params.brand)));

  api.get(ADMIN_PATHS.platformSites, { schema: { params: platformParams, response: replies(platformSitesResponseSchema) } }, async (request) =>
    listed({ plataformas: await navigation.platformSites(callerOf(request), request.params.brand, request.params.platform) }));

  api.get(ADMIN_PATHS.agents, { schema: { params: siteParams, response: replies(agentsResponseSchema) } }, async (request) =>
    listed({ agentes: await navigation.agents(callerOf(request), request.params.brand, request.params.site) }));

  api.post(ADMIN_PATHS.loginAsUser, { schema: { body: loginAsUserBody, response: replies(loginResponseSchema) } }, async (request) => {
    const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
    const data = await navigation.loginAsUser(callerOf(request), request.body.nick_name, { ip: request.ip, userAgent });
    return { success: true, message: `Estás navegando como ${data.user.nick_name ?? data.user.name}`, data };
  });
}
