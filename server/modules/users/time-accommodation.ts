// Time accommodation (issue 39), back-office side: an admin signed in as themselves reads and sets
// an agent's factor for timed quizzes (#domain/scoring TIME_FACTORS: 1, 1.5, 2). Everyone else,
// and an admin browsing as someone else, gets a 403 before anything is read. Each change is one
// row of the Historial de cambios (area 'usuarios'), written in the change's transaction.
// GET /tiempo-adaptado/{nick}  the agent and their factor
// PUT /tiempo-adaptado/{nick}  { factor_tiempo }: a factor outside the three is a Spanish 400
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { ADMIN_PATHS, timeAccommodationBodySchema, timeAccommodationResponseSchema, type TimeAccommodation } from '#contract/admin';
import { canGrantExtraTime, isAgentProfile } from '#domain/profiles';
import { isTimeFactor } from '#domain/scoring';
import type { AppDeps } from '#server/deps';
import type { UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { currentUser } from '#server/plugins/auth';
import { replies } from '#server/plugins/route-contract';
import { validationMessage, type ZodTypeProvider } from '#server/plugins/zod';
import { recordChange } from '#server/modules/programme/audit';

export const TIME_FORBIDDEN = 'Solo un administrador puede ampliar el tiempo de un agente';
export const TIME_IMPERSONATING = 'Mientras navegas como otra persona no puedes ampliar el tiempo de nadie';
export const TIME_NO_AGENT = 'No existe ese agente';
export const TIME_BAD_FACTOR = 'El tiempo ampliado solo puede ser 1 (sin ampliar), 1,5 o 2';

function admin(request: FastifyRequest): { user: UserRow; ip: string } {
  const user = currentUser(request);
  if (!canGrantExtraTime(user.perfil)) throw new HttpError(403, TIME_FORBIDDEN);
  if ((request.session?.impersonatorUserId ?? null) !== null) throw new HttpError(403, TIME_IMPERSONATING);
  return { user, ip: request.ip };
}

const params = z.object({ nick: z.string().check(z.minLength(1), z.maxLength(200)) });

export async function timeAccommodationRoutes(app: FastifyInstance, { db }: Pick<AppDeps, 'db'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function agentByNick(nick: string) {
    const row = await db.selectFrom('users').select(['id', 'nick_name', 'name', 'perfil', 'time_factor'])
      .where((eb) => eb(eb.fn('lower', ['nick_name']), '=', nick.toLowerCase())).executeTakeFirst();
    if (!row || !isAgentProfile(row.perfil)) throw new HttpError(404, TIME_NO_AGENT);
    return row;
  }
  const shape = (row: { nick_name: string | null; name: string; time_factor: number }): TimeAccommodation =>
    ({ nick_name: row.nick_name ?? '', name: row.name, factor_tiempo: Number(row.time_factor) });

  api.get(ADMIN_PATHS.timeAccommodation, { schema: { response: replies(timeAccommodationResponseSchema) } }, async (request) => {
    admin(request);
    const { nick } = z.parse(params, request.params);
    return { success: true as const, data: shape(await agentByNick(nick)) };
  });

  api.put(ADMIN_PATHS.timeAccommodation, { config: { changesReads: true }, schema: { response: replies(timeAccommodationResponseSchema) } }, async (request) => {
    const editor = admin(request);
    const { nick } = z.parse(params, request.params);
    const body = z.safeParse(timeAccommodationBodySchema, request.body);
    if (!body.success) throw new HttpError(400, validationMessage(body.error));
    const factor = body.data.factor_tiempo;
    if (!isTimeFactor(factor)) throw new HttpError(400, TIME_BAD_FACTOR);
    const before = await agentByNick(nick);
    if (Number(before.time_factor) === factor) return { success: true as const, data: shape(before) };
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ time_factor: factor }).where('id', '=', before.id).execute();
      await recordChange(trx, editor, {
        area: 'usuarios', entity: 'user', entityId: before.id, action: 'time-accommodation',
        before: { nick_name: before.nick_name, factor_tiempo: Number(before.time_factor) },
        after: { nick_name: before.nick_name, factor_tiempo: factor },
      });
    });
    return { success: true as const, data: shape({ ...before, time_factor: factor }) };
  });
}
