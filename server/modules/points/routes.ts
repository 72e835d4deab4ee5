// GET /imps: the IMPs balance (the ledger less lapsed credits) and the Ring Ring points (brand 1's
// combined figure). GET /listado-imps: the user's movements, newest first (any user may ask;
// only brand 2 has a screen for it).
import type { FastifyInstance } from 'fastify';
import type { ImpsHistoryResponse, ImpsResponse } from '#contract/points';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { availableBalance, impsHistory } from './ledger.ts';

export async function pointsRoutes(app: FastifyInstance, { db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  app.get('/imps', async (request): Promise<ImpsResponse> => {
    const user = currentUser(request);
    return { imps: await availableBalance(db, user.id, clock()), puntos_ring_ring: user.puntos_ring_ring };
  });

  app.get('/listado-imps', async (request): Promise<ImpsHistoryResponse> => ({ imps: await impsHistory(db, currentUser(request).id) }));
}
