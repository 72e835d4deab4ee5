// The signed-in user's own routes: POST /crear-nickname (idempotent: it may arrive from the
// offline outbox) and GET /ceck-admin (path spelled as in the spec).
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { AUTH_PATHS, checkAdminResponseSchema, nicknameBodySchema, nicknameResponseSchema } from '#contract/session';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createUsersService } from './service.ts';
import { timeAccommodationRoutes } from './time-accommodation.ts';

// A missing nick_name is the same mistake as an empty one: the service answers with the
// spec's "El Nick Name es obligatorio." instead of a generic validation message.
const nicknameBody = z.optional(z.partial(nicknameBodySchema));

export async function usersRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService(deps);

  api.post(AUTH_PATHS.nickname, {
    config: { idempotent: true, allowSync: true, changesReads: true },
    schema: { body: nicknameBody, response: replies(nicknameResponseSchema) },
  }, async (request) => {
    const nickName = await users.setNickname(currentUser(request).id, request.body?.nick_name);
    return { success: true as const, data: { nick_name: nickName } };
  });

  await timeAccommodationRoutes(app, deps);

  api.get(AUTH_PATHS.checkAdmin, { schema: { response: replies(checkAdminResponseSchema) } }, async (request) => ({
    isAdmin: users.isAdmin(currentUser(request)),
  }));
}
