import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoProgressAnswerSchema } from '#contract/training';
import { createAgent, queuedRowHeaders, sessionToken, syncCredential, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
let video: number;
const NOW = new Date('2025-06-20T10:00:00Z');
const SECOND = 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
/** Agents signed in an hour ago: their queued reports may be dated anywhere since then. */
const EARLIER = { signedInAt: ago(3_600 * SECOND) };

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  video = (await ctx.db.selectFrom('videos').select('id').where('attribute_id', '=', 3).where('position', '=', 1).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await ctx.close();
});

const send = (token: string, porcentaje: number, at: Date, options: { key?: string; id?: number } = {}) => ctx.app.inject({
  method: 'POST',
  url: `/api/video/${options.id ?? video}/porcentaje`,
  payload: { porcentaje },
  headers: { ...bearer(token), 'x-occurred-at': at.toISOString(), ...(options.key ? { 'idempotency-key': options.key } : {}) },
});
const answer = async (...args: Parameters<typeof send>) => {
  const res = await send(...args);
  expect(res.statusCode).toBe(200);
  return videoProgressAnswerSchema.parse(res.json());
};
const credits = async (agent: TestAgent) => ctx.db.selectFrom('points_ledger').selectAll()
  .where('user_id', '=', agent.user.id).where('source_key', '=', `video:${video}`).execute();
const progressRow = async (agent: TestAgent) => ctx.db.selectFrom('video_progress').selectAll()
  .where('user_id', '=', agent.user.id).where('video_id', '=', video).executeTakeFirst();

describe('POST /api/video/:id/porcentaje: the high-water mark', () => {
  it('only moves forward; a lower value changes nothing and still answers the current state', async () => {
    const agent = await createAgent(ctx, 'Hugo', EARLIER);
    expect(await answer(agent.token, 30, ago(60 * SECOND))).toEqual({ success: true, porcentaje: 30, visto: false, imps_awarded: 0 });
    expect(await answer(agent.token, 20, ago(50 * SECOND))).toEqual({ success: true, porcentaje: 30, visto: false, imps_awarded: 0 });
    expect(await answer(agent.token, 50, ago(40 * SECOND))).toEqual({ success: true, porcentaje: 50, visto: false, imps_awarded: 0 });
    const row = await progressRow(agent);
    expect([row?.porcentaje, row?.first_partial_at, row?.seen_at]).toEqual([50, ago(60 * SECOND), null]);
  });
});

describe('+5 IMPs for the first plausible 100 %', () => {
  it('pays 10 → … → 100 over enough time, once, dated when it happened', async () => {
    const agent = await createAgent(ctx, 'Irene', EARLIER);
    for (const p of [10, 20, 30, 40, 50, 60, 70, 80, 90]) await answer(agent.token, p, ago((100 - p) * 60));
    const first = await send(agent.token, 100, NOW, { key: 'k-100' });
    expect(videoProgressAnswerSchema.parse(first.json())).toEqual({ success: true, porcentaje: 100, visto: true, imps_awarded: 5 });
    const [credit] = await credits(agent);
    expect(credit).toMatchObject({ amount: 5, kind: 'activity', attribute_id: 3, occurred_at: NOW, expires_at: new Date('2026-06-20T10:00:00Z') });
    expect((await progressRow(agent))?.seen_at).toEqual(NOW);

    // The outbox retries with the same key: the very same answer, nothing written.
    const replay = await send(agent.token, 100, NOW, { key: 'k-100' });
    expect([replay.statusCode, replay.body, replay.headers['idempotent-replayed']]).toEqual([200, first.body, 'true']);
    // Another report of 100 (another key, or none): seen, but nothing more to pay.
    expect(await answer(agent.token, 100, NOW, { key: 'k-100-bis' })).toEqual({ success: true, porcentaje: 100, visto: true, imps_awarded: 0 });
    expect(await answer(agent.token, 100, NOW)).toMatchObject({ imps_awarded: 0 });
    expect(await credits(agent)).toHaveLength(1);
    const imps = await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(agent.token) });
    expect(imps.json()).toMatchObject({ imps: 5 });
  });

  it('pays exactly once under 10 concurrent 100 % reports', async () => {
    const agent = await createAgent(ctx, 'Julia', EARLIER);
    await answer(agent.token, 10, ago(10 * SECOND));
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => answer(agent.token, 100, NOW, { key: `k-race-${i}` })));
    expect(results.map((r) => r.imps_awarded).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 5]);
    expect(results.every((r) => r.visto && r.porcentaje === 100)).toBe(true);
    expect(await credits(agent)).toHaveLength(1);
  });
});

describe('plausibility', () => {
  it('a jump straight to 100 pays nothing but marks the video seen', async () => {
    const agent = await createAgent(ctx, 'Karim', EARLIER);
    expect(await answer(agent.token, 100, NOW)).toEqual({ success: true, porcentaje: 100, visto: true, imps_awarded: 0 });
    expect(await credits(agent)).toHaveLength(0);
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/video/${video}/visto`, headers: bearer(agent.token) });
    expect(seen.json()).toEqual({ visto: true });
  });

  it('100 too soon after the first partial pays nothing (6 s clip: 1.2 s needed)', async () => {
    const agent = await createAgent(ctx, 'Laia', EARLIER);
    await answer(agent.token, 10, ago(1_199));
    expect(await answer(agent.token, 100, NOW)).toMatchObject({ visto: true, imps_awarded: 0 });
    const exact = await createAgent(ctx, 'Marco', EARLIER);
    await answer(exact.token, 10, ago(1_200));
    expect(await answer(exact.token, 100, NOW)).toMatchObject({ visto: true, imps_awarded: 5 });
  });

  it('a later real viewing still pays once after an unpaid jump', async () => {
    const agent = await createAgent(ctx, 'Noel', EARLIER);
    await answer(agent.token, 100, ago(120 * SECOND));
    await answer(agent.token, 10, ago(6 * SECOND));
    expect(await answer(agent.token, 100, NOW)).toEqual({ success: true, porcentaje: 100, visto: true, imps_awarded: 5 });
    expect((await progressRow(agent))?.seen_at).toEqual(ago(120 * SECOND));
  });
});

describe('refusals', () => {
  it('answers 409 for a video that is not open yet, and writes nothing', async () => {
    const agent = await createAgent(ctx, 'Olga', EARLIER);
    const future = await ctx.db.insertInto('videos').values({
      attribute_id: 3, position: 9, title: 'Futuro', url: '/media/futuro.mp4', available_from: '2099-01-01', duration_seconds: 6,
    }).returning('id').executeTakeFirstOrThrow();
    const res = await send(agent.token, 100, NOW, { id: future.id });
    expect([res.statusCode, res.json()]).toEqual([409, { success: false, error: 'Este vídeo todavía no está disponible.' }]);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM video_progress WHERE user_id = ${agent.user.id}`.execute(ctx.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('answers 404 for an unknown video', async () => {
    const agent = await createAgent(ctx, 'Pau', EARLIER);
    expect((await send(agent.token, 10, NOW, { id: 999_999 })).json()).toEqual({ success: false, error: 'No existe ese vídeo' });
  });

  it.each([[101], [-1], [12.5], ['50']])('answers 400 for porcentaje %j', async (porcentaje) => {
    const agent = await createAgent(ctx, `Quim${String(porcentaje).replace(/\W/g, '')}`, EARLIER);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/video/${video}/porcentaje`, payload: { porcentaje }, headers: bearer(agent.token) });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an impersonation session (403) but lets it read', async () => {
    const agent = await createAgent(ctx, 'Rita', EARLIER);
    const admin = await ctx.db.selectFrom('users').select('id').where('email', '=', 'admin@impecable.demo').executeTakeFirstOrThrow();
    const token = await sessionToken(ctx, agent.user, { impersonatorUserId: admin.id });
    await answer(agent.token, 10, ago(10 * SECOND));
    const res = await send(token, 100, NOW, { key: 'k-impersonated' });
    expect([res.statusCode, res.json()]).toEqual([403, { success: false, error: 'Estás en navegación simulada: esta acción no suma IMPs.' }]);
    expect((await progressRow(agent))?.porcentaje).toBe(10);
    expect(await credits(agent)).toHaveLength(0);
    const read = await ctx.app.inject({ method: 'GET', url: `/api/video/${video}/progreso`, headers: bearer(token) });
    expect(read.json()).toEqual({ porcentaje: 10 });
  });

  it('accepts the write-only sync credential (queued work after sign-out, signed when queued)', async () => {
    const agent = await createAgent(ctx, 'Sara', EARLIER);
    const sync = await syncCredential(ctx, agent.user);
    const url = `/api/video/${video}/porcentaje`;
    const payload = { porcentaje: 40 };
    const res = await ctx.app.inject({ method: 'POST', url, payload, headers: await queuedRowHeaders(sync.token, sync.actionKey, { url, body: payload, occurredAt: NOW }) });
    expect(res.json()).toMatchObject({ porcentaje: 40 });
    const read = await ctx.app.inject({ method: 'GET', url: `/api/video/${video}/progreso`, headers: bearer(sync.token) });
    expect(read.statusCode).toBe(401);
  });
});
