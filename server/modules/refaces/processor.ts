// The reface job: pending → processing → completed or failed. The provider renders outside
// any transaction; the portrait, the completed state and the first-time +10 IMPs are written
// in ONE transaction, so a failure leaves the state failed with nothing half-written and the
// points can never be paid without the portrait (or twice: the ledger's source key).
// Work for an upload that a newer one replaced (another request id) is dropped.
import { REFACE_POINTS, sourceKeys } from '#domain/points';
import type { AppDeps } from '#server/deps';
import type { JobHandler } from '#server/jobs/runner';
import type { Earning } from '#server/modules/points/movements';
import { refreshCoachingProgress } from '#server/modules/coaching/aggregates';
import { earnActivity } from '#server/modules/rankings/standings';
import type { RefaceProvider } from './provider.ts';
import { createRefacesRepository, type RefaceAttributeRow } from './repository.ts';
import { newImagePath, REFACE_JOB, type RefaceJobPayload } from './service.ts';

export { REFACE_JOB };

export type ProcessOutcome = 'completed' | 'failed' | 'skipped';

interface Logger {
  warn(obj: object, msg: string): void;
}

interface Claimed {
  photo: Uint8Array;
  attribute: RefaceAttributeRow;
}

export function createRefaceProcessor({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, provider: RefaceProvider, logger?: Logger) {
  /** Marks the upload processing and hands back its photo; null when superseded or already settled. */
  async function claim(refaceId: number, requestId: string): Promise<Claimed | null> {
    return db.transaction().execute(async (trx) => {
      const repo = createRefacesRepository(trx);
      const row = await repo.lockInFlight(refaceId, requestId);
      if (!row?.photo) return null;
      const attribute = await repo.findAttribute(row.attribute_id);
      if (!attribute) return null;
      if (row.status === 'pending') await repo.markProcessing(row.id, clock());
      return { photo: row.photo, attribute };
    });
  }

  async function store(refaceId: number, requestId: string, portrait: Buffer): Promise<ProcessOutcome> {
    return db.transaction().execute(async (trx) => {
      const repo = createRefacesRepository(trx);
      const row = await repo.lockInFlight(refaceId, requestId);
      if (!row) return 'skipped';
      const now = clock();
      const imageId = await repo.insertImage(portrait);
      await repo.complete(row.id, { id: imageId, path: newImagePath(row.user_id) }, now);
      if (row.image_id !== null) await repo.deleteImageIfUnused(row.image_id);
      // The first completed reface of an attribute pays; "Repetir Reface" finds the key taken.
      const attribute = await repo.findAttribute(row.attribute_id);
      const credit: Earning = {
        userId: row.user_id, amount: REFACE_POINTS, concept: `Reface ${attribute?.nombre ?? row.attribute_id}`,
        sourceKey: sourceKeys.reface(row.attribute_id), attributeId: row.attribute_id, kind: 'activity',
        // Earned when the agent uploaded: a queue delay must not move it out of the month.
        occurredAt: row.requested_at, receivedAt: now,
      };
      await earnActivity(trx, credit);
      await refreshCoachingProgress(trx, row.user_id, row.attribute_id);
      return 'completed';
    });
  }

  return {
    async process({ refaceId, requestId }: RefaceJobPayload): Promise<ProcessOutcome> {
      const claimed = await claim(refaceId, requestId);
      if (!claimed) return 'skipped';
      try {
        const portrait = await provider.render(claimed);
        return await store(refaceId, requestId, portrait);
      } catch (error) {
        logger?.warn({ err: error, refaceId }, 'reface failed');
        await createRefacesRepository(db).markFailed(refaceId, requestId, error instanceof Error ? error.message : String(error), clock());
        return 'failed';
      }
    },
  };
}

function payloadOf(payload: unknown): RefaceJobPayload {
  const { refaceId, requestId } = (payload ?? {}) as Partial<RefaceJobPayload>;
  if (typeof refaceId !== 'number' || typeof requestId !== 'string') throw new Error('reface job without refaceId/requestId');
  return { refaceId, requestId };
}

/** The job runner's handler for REFACE_JOB (registered in server/server.ts). */
export function refaceJobHandler(deps: Pick<AppDeps, 'db' | 'clock'>, provider: RefaceProvider, logger?: Logger): JobHandler {
  const processor = createRefaceProcessor(deps, provider, logger);
  return async (payload) => {
    await processor.process(payloadOf(payload));
  };
}
