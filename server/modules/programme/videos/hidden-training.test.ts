// Hiding a video in Programa › Vídeos and the training it is part of (training/repository
// inTraining: a hidden video counts only for the agents who had seen it), over HTTP on real
// PGlite: who had not seen it finishes with the visible ones (ranking_standings.finished_at,
// Seguimiento), who had seen it keeps exactly its tasks and finished moment, the training
// progress follows the same rule, showing it again restores everything, and a step after the
// hiding finishes incrementally exactly as a rebuild from the facts says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachingNudgesSchema, coachingOverviewSchema } from '#contract/coaching';
import type { UserRow } from '#server/db/schema';
import { invalidationsDelivered } from '#server/modules/auth/session-channel';
import { countNewUsers, refreshCoachingProgress } from '#server/modules/coaching/aggregates';
import { rebuildCoaching } from '#server/modules/coaching/aggregates-rebuild';
import { rebuildStandings, recordTrainingStep } from '#server/modules/rankings/standings';
import { createTrainingService } from '#server/modules/training/service';
import { placeAgent, snapshot, videosOf } from '#test-support/server/rankings';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

const NOW = new Date('2025-06-20T10:00:00Z');
// Attribute 3 (Accesible) is June 2025's, with three seeded videos: the last one gets hidden.
const JUNE = 3;
const at = (day: number) => new Date(`2025-06-${String(day).padStart(2, '0')}T09:00:00Z`);

let ctx: TestContext;
let admin: string;
let siteId: number;
let videos: number[];
let hiddenVideo: number;
/** Saw every video but the one to hide, and both quizzes. */
let late: UserRow;
/** Saw every video, the one to hide last, and both quizzes. */
let seen: UserRow;
/** Saw the one to hide but not a visible one, and both quizzes. */
let gap: UserRow;
/** Saw every video but the one to hide, and quiz 1 (quiz 2 comes after the hiding). */
let waiting: UserRow;

/** A step as the training and quiz services record it: the fact, the ranking step, Seguimiento's state. */
async function step(user: UserRow, write: (trx: TestContext['db']) => Promise<unknown>): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await write(trx);
    await recordTrainingStep(trx, user.id, JUNE);
    await refreshCoachingProgress(trx, user.id, JUNE);
  });
  await invalidationsDelivered(ctx.db);
}
const see = (user: UserRow, videoId: number, when: Date) => step(user, (trx) => trx.insertInto('video_progress')
  .values({ user_id: user.id, video_id: videoId, porcentaje: 100, seen_at: when, updated_at: when }).execute());
const quiz = (user: UserRow, n: 1 | 2, when: Date) => step(user, (trx) => trx.insertInto('quiz_participations')
  .values({ user_id: user.id, attribute_id: JUNE, quiz: n, issued_at: when, completed_at: when }).execute());

const setHidden = async (hidden: boolean) => {
  const video = await ctx.db.selectFrom('videos').selectAll().where('id', '=', hiddenVideo).executeTakeFirstOrThrow();
  const res = await ctx.app.inject({
    method: 'PUT', url: `/api/programa/videos/${hiddenVideo}`, headers: bearer(admin),
    payload: { title: video.title, available_from: video.available_from, hidden },
  });
  expect(res.statusCode, res.body).toBe(200);
  await invalidationsDelivered(ctx.db);
};

async function seguimiento<T>(url: string, schema: { parse(v: unknown): T }): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/seguimiento/${url}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

/** Everything the hiding may move for the test's agents: standings, Seguimiento, training progress. */
async function state(users: UserRow[]) {
  const ids = users.map((u) => u.id);
  const training = createTrainingService({ db: ctx.db, config: ctx.config, clock: ctx.clock.now });
  const standings = await ctx.db.selectFrom('ranking_standings').select(['attribute_id', 'user_id', 'points', 'tasks', 'finished_at', 'reached_at'])
    .where('user_id', 'in', ids).where('attribute_id', 'in', [0, JUNE]).orderBy('user_id').orderBy('attribute_id').execute();
  const coaching = await ctx.db.selectFrom('coaching_progress').select(['user_id', 'videos_seen', 'quiz_mask', 'finished', 'last_activity_at'])
    .where('user_id', 'in', ids).where('attribute_id', '=', JUNE).orderBy('user_id').execute();
  const overview = (await seguimiento(`resumen/${JUNE}?sede=${siteId}`, coachingOverviewSchema)).figuras;
  const nudges = (await seguimiento(`rezagados/${JUNE}?sede=${siteId}&dias=1&per_page=100`, coachingNudgesSchema)).data
    .map((r) => ({ user_id: r.user_id, videos_pendientes: r.videos_pendientes, quizzes_pendientes: r.quizzes_pendientes })).sort((a, b) => a.user_id - b.user_id);
  const progreso = Object.fromEntries(await Promise.all(users.map(async (u) => [u.id, await training.attributeProgress(u.id, JUNE)] as const)));
  return { standings, coaching, overview, nudges, progreso };
}
const row = (s: Awaited<ReturnType<typeof state>>, user: UserRow, attributeId: number) =>
  s.standings.find((r) => r.user_id === user.id && r.attribute_id === attributeId);

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  admin = await ctx.signIn('admin@impecable.demo');
  const platform = await ctx.db.selectFrom('platforms').select('id').orderBy('id').executeTakeFirstOrThrow();
  // A site of its own, so Seguimiento's figures of the site are the test's agents only.
  siteId = (await ctx.db.insertInto('sites').values({ name: 'Sede de vídeos ocultos', platform_id: platform.id }).returning('id').executeTakeFirstOrThrow()).id;
  videos = await videosOf(ctx.db, JUNE);
  expect(videos.length).toBe(3);
  const [first, second, third] = videos as [number, number, number];
  hiddenVideo = third;
  late = await placeAgent(ctx.db, { brandId: 2, siteId, nick: 'Tarde' });
  seen = await placeAgent(ctx.db, { brandId: 2, siteId, nick: 'Visto' });
  gap = await placeAgent(ctx.db, { brandId: 2, siteId, nick: 'Hueco' });
  waiting = await placeAgent(ctx.db, { brandId: 2, siteId, nick: 'Espera' });
  await countNewUsers(ctx.db, [late, seen, gap, waiting].map((u) => u.id));
  await see(late, first, at(10));
  await see(late, second, at(11));
  await quiz(late, 1, at(12));
  await quiz(late, 2, at(13));
  await see(seen, first, at(10));
  await see(seen, second, at(11));
  await quiz(seen, 1, at(12));
  await quiz(seen, 2, at(13));
  await see(seen, third, at(14));
  await see(gap, first, at(10));
  await see(gap, third, at(11));
  await quiz(gap, 1, at(12));
  await quiz(gap, 2, at(13));
  await see(waiting, first, at(10));
  await see(waiting, second, at(11));
  await quiz(waiting, 1, at(12));
}, 60_000);
afterAll(async () => {
  await ctx.close();
});

describe('hiding a video someone has not seen', () => {
  it('finishes those who had done the rest, leaves those who had seen it as they were, and showing it again restores everything', async () => {
    const agents = [late, seen, gap];
    const before = await state(agents);
    expect(row(before, late, JUNE)).toMatchObject({ tasks: 4, finished_at: null });
    expect(row(before, seen, JUNE)).toMatchObject({ tasks: 5, finished_at: at(14) });
    expect(before.coaching.find((c) => c.user_id === late.id)?.finished).toBe(false);
    expect(before.nudges.map((n) => n.user_id)).toContain(late.id);

    await setHidden(true);
    const hidden = await state(agents);
    // Seen every visible video and both quizzes: finished at its last step, in the ranking and in Seguimiento.
    expect(row(hidden, late, JUNE)).toMatchObject({ tasks: 4, finished_at: at(13) });
    expect(hidden.coaching.find((c) => c.user_id === late.id)).toMatchObject({ finished: true, videos_seen: 2 });
    expect(hidden.overview.terminaron).toBe(before.overview.terminaron + 1);
    expect(hidden.overview).toEqual({ ...before.overview, terminaron: before.overview.terminaron + 1 });
    expect(hidden.nudges.map((n) => n.user_id)).not.toContain(late.id);
    expect(hidden.progreso[late.id]).toBe(100);
    // Whoever had seen it keeps it in its training: the same tasks and finished moment, everywhere.
    for (const user of [seen, gap]) {
      expect(hidden.standings.filter((r) => r.user_id === user.id)).toEqual(before.standings.filter((r) => r.user_id === user.id));
      expect(hidden.coaching.filter((c) => c.user_id === user.id)).toEqual(before.coaching.filter((c) => c.user_id === user.id));
      expect(hidden.progreso[user.id]).toBe(before.progreso[user.id]);
    }
    // The one who saw the hidden video but not a visible one: 2 of its 3 videos and both quizzes, one video left.
    expect(hidden.progreso[gap.id]).toBe(80);
    expect(hidden.nudges.find((n) => n.user_id === gap.id)).toEqual({ user_id: gap.id, videos_pendientes: 1, quizzes_pendientes: [] });

    await setHidden(false);
    expect(await state(agents)).toEqual(before);
  });

  it('a step after the hiding finishes incrementally as a rebuild from the facts does, and showing the video undoes it', async () => {
    await setHidden(true);
    const waitingBefore = await state([waiting]);
    expect(row(waitingBefore, waiting, JUNE)).toMatchObject({ tasks: 3, finished_at: null });
    // The last quiz, through the incremental path: every visible video and both quizzes done.
    await quiz(waiting, 2, at(16));
    const done = await state([waiting]);
    expect(row(done, waiting, JUNE)).toMatchObject({ tasks: 4, finished_at: at(16) });
    expect(done.coaching[0]).toMatchObject({ finished: true });
    expect(done.overview.terminaron).toBe(waitingBefore.overview.terminaron + 1);
    expect(done.progreso[waiting.id]).toBe(100);

    const incremental = await snapshot(ctx.db);
    const coaching = await ctx.db.selectFrom('coaching_progress').selectAll().orderBy('attribute_id').orderBy('user_id').execute();
    const counts = await ctx.db.selectFrom('coaching_counts').selectAll().where('started', '<>', 0)
      .orderBy('attribute_id').orderBy('brand_id').orderBy('platform_id').orderBy('site_id').execute();
    await rebuildStandings(ctx.db);
    await rebuildCoaching(ctx.db);
    expect(await snapshot(ctx.db)).toEqual(incremental);
    expect(await ctx.db.selectFrom('coaching_progress').selectAll().orderBy('attribute_id').orderBy('user_id').execute()).toEqual(coaching);
    expect(await ctx.db.selectFrom('coaching_counts').selectAll().where('started', '<>', 0)
      .orderBy('attribute_id').orderBy('brand_id').orderBy('platform_id').orderBy('site_id').execute()).toEqual(counts);

    // Shown again, it is part of its training once more: the tasks stay, the finish goes.
    await setHidden(false);
    const shown = await state([waiting]);
    expect(row(shown, waiting, JUNE)).toMatchObject({ tasks: 4, finished_at: null });
    expect(shown.coaching[0]).toMatchObject({ finished: false });
  });
});
