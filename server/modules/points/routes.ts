// GET /imps: the IMPs balance from the ledger and the Ring Ring points (brand 1's combined figure).
import type { FastifyInstance } from 'fastify';
import type { ImpsResponse } from '#contract/points';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { createPointsRepository } from './repository.ts';

export async function pointsRoutes(app: FastifyInstance, { db }: Pick<AppDeps, 'db'>): Promise<void> {
  const points = createPointsRepository(db);

  app.get('/imps', async (request): Promise<ImpsResponse> => {
    const user = currentUser(request);
    return { imps: await points.balance(user.id), puntos_ring_ring: user.puntos_ring_ring };
  });
}
