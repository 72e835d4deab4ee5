// Test helpers for the ranking suites: agents placed in a site, activity credits through the
// real earnActivity (so standings move as in production), training steps recorded as the quiz
// and training services record them, and reads of the standings tables. Writers wait until
// every ranking cache on the database has heard of their change. Tests only.
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '#server/db/schema';
import type { Earning } from '#server/modules/points/movements';
import { invalidationsDelivered } from '#server/modules/auth/session-channel';
import { earnActivity, recordTrainingStep } from '#server/modules/rankings/standings';

type Db = Kysely<Database>;

let serial = 0;

export interface Place {
  brandId?: number;
  siteId?: number | null;
  perfil?: string;
  nick?: string | null;
}

/** The seeded sites with their platforms, in id order. */
export async function seededSites(db: Db): Promise<{ id: number; platform_id: number }[]> {
  return db.selectFrom('sites').select(['id', 'platform_id']).orderBy('id').execute();
}

export async function placeAgent(db: Db, place: Place = {}): Promise<UserRow> {
  serial += 1;
  const nick = place.nick === undefined ? `Rk${serial}x${Math.floor(Math.random() * 1e6)}` : place.nick;
  const siteId = place.siteId === undefined ? (await seededSites(db))[0]?.id ?? null : place.siteId;
  const site = siteId === null ? undefined : await db.selectFrom('sites').select('platform_id').where('id', '=', siteId).executeTakeFirst();
  return db.insertInto('users').values({
    email: `ranking-${serial}-${Math.floor(Math.random() * 1e9)}@impecable.demo`, name: `Agente ${nick ?? serial}`, nick_name: nick,
    brand_id: place.brandId ?? 2, site_id: siteId, platform_id: site?.platform_id ?? null, perfil: place.perfil ?? '',
  }).returningAll().executeTakeFirstOrThrow();
}

/** A credit as the services earn one (in its own transaction); createdAt is when it "arrived". */
export async function credit(db: Db, userId: number, amount: number, attributeId: number | null, occurredAt: Date, createdAt: Date = occurredAt, kind: 'activity' | 'prize' = 'activity'): Promise<void> {
  serial += 1;
  const earning: Earning = {
    userId, amount, concept: 'Prueba de ranking', sourceKey: `test-ranking:${serial}`, attributeId, kind, occurredAt, receivedAt: createdAt,
  };
  await db.transaction().execute(async (trx) => {
    await earnActivity(trx, earning);
  });
  // Written behind the API's back: ranking caches hear of it by NOTIFY, as from another instance.
  await invalidationsDelivered(db);
}

/** Marks a video seen (or a quiz completed) at `at` and records the step as the services do. */
export async function seeVideo(db: Db, userId: number, videoId: number, attributeId: number, at: Date, arrivedAt: Date = at): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('video_progress').values({ user_id: userId, video_id: videoId, porcentaje: 100, seen_at: at, updated_at: arrivedAt }).execute();
    await recordTrainingStep(trx, userId, attributeId);
  });
  await invalidationsDelivered(db);
}

export async function completeQuiz(db: Db, userId: number, attributeId: number, quiz: 1 | 2, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('quiz_participations').values({ user_id: userId, attribute_id: attributeId, quiz, issued_at: at, completed_at: at }).execute();
    await recordTrainingStep(trx, userId, attributeId);
  });
  await invalidationsDelivered(db);
}

export async function videosOf(db: Db, attributeId: number): Promise<number[]> {
  return (await db.selectFrom('videos').select('id').where('attribute_id', '=', attributeId).orderBy('position').execute()).map((v) => v.id);
}

/** Both standings tables, in a stable order, for before/after comparisons. */
export async function snapshot(db: Db) {
  const standings = await db.selectFrom('ranking_standings').selectAll().orderBy('attribute_id').orderBy('user_id').execute();
  const counts = await db.selectFrom('ranking_score_counts').selectAll().where('agents', '>', 0)
    .orderBy('attribute_id').orderBy('scope').orderBy('scope_id').orderBy('points').execute();
  return { standings, counts };
}
