// GET /imps: the IMPs balance (the ledger less lapsed credits) and the Ring Ring points (brand 1's
// combined figure). GET /listado-imps: the user's movements, newest first (any user may ask;
// only brand 2 has a screen for it). GET /imps/caducidades: what lapses next (issue 39).
import type { FastifyInstance } from 'fastify';
import { impsHistoryResponseSchema, impsLapsesResponseSchema, impsResponseSchema, POINTS_PATHS } from '#contract/points';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import type { ReadCache } from '#server/read-cache';
import { lapsesOf } from './lapse-notices.ts';
import { availableBalance, impsHistory } from './ledger.ts';

export async function pointsRoutes(app: FastifyInstance, { db, clock, cache }: Pick<AppDeps, 'db' | 'clock'> & { cache?: ReadCache }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(POINTS_PATHS.balance, { schema: { response: replies(impsResponseSchema) } }, async (request) => {
    const user = currentUser(request);
    return { imps: await availableBalance(db, user.id, clock(), cache), puntos_ring_ring: user.puntos_ring_ring };
  });

  api.get(POINTS_PATHS.history, { schema: { response: replies(impsHistoryResponseSchema) } }, async (request) => ({
    imps: await impsHistory(db, currentUser(request).id),
  }));

  // Issue 39: what lapses next, per batch, from the FIFO state of the caller's own ledger.
  api.get(POINTS_PATHS.lapses, { schema: { response: replies(impsLapsesResponseSchema) } }, async (request) => ({
    caducidades: await lapsesOf(db, currentUser(request).id, clock()),
  }));
}
