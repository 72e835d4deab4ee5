// Simulated navigation (spec 7): GET navegacion-simulada/marcas, /sedes/{brand},
// /plataformas/{brand}/{platform}, /agentes/{brand}/{site}, each answering
// { success, data: { data: {...} } }, and POST /auth/login-as-user { nick_name }.
// Every call re-checks the caller's scope on the server (the service does).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loginAsUserBodySchema, type LoginResponse } from '#contract/session';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createNavigationService, type Caller } from './service.ts';

const name = z.string().trim().min(1).max(200);
const brandParams = z.object({ brand: name });
const platformParams = z.object({ brand: name, platform: name });
const siteParams = z.object({ brand: name, site: name });
const loginAsUserBody = loginAsUserBodySchema.extend({ nick_name: z.string().trim().min(1, 'Tienes que elegir un agente').max(100) });

function callerOf(request: FastifyRequest): Caller {
  return { user: currentUser(request), sessionId: request.session?.id ?? null, impersonating: (request.session?.impersonatorUserId ?? null) !== null };
}

const listed = <T extends object>(data: T) => ({ success: true as const, data: { data } });

export async function navigationRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const navigation = createNavigationService(deps);

  api.get('/navegacion-simulada/marcas', async (request) => listed({ marcas: await navigation.brands(callerOf(request)) }));

  api.get('/navegacion-simulada/sedes/:brand', { schema: { params: brandParams } }, async (request) =>
    listed(await navigation.sites(callerOf(request), request.params.brand)));

  api.get('/navegacion-simulada/plataformas/:brand/:platform', { schema: { params: platformParams } }, async (request) =>
    listed({ plataformas: await navigation.platformSites(callerOf(request), request.params.brand, request.params.platform) }));

  api.get('/navegacion-simulada/agentes/:brand/:site', { schema: { params: siteParams } }, async (request) =>
    listed({ agentes: await navigation.agents(callerOf(request), request.params.brand, request.params.site) }));

  api.post('/auth/login-as-user', { schema: { body: loginAsUserBody } }, async (request): Promise<LoginResponse> => {
    const userAgent = request.headers['user-agent']?.slice(0, 300) ?? null;
    const data = await navigation.loginAsUser(callerOf(request), request.body.nick_name, { ip: request.ip, userAgent });
    return { success: true, message: `Estás navegando como ${data.user.nick_name ?? data.user.name}`, data };
  });
}
