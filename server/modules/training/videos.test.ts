import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeProgressResponseSchema, videosResponseSchema } from '#contract/training';
import { createAgent, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
let agent: TestAgent;
let other: TestAgent;
const NOW = new Date('2025-06-20T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  agent = await createAgent(ctx, 'Vera');
  other = await createAgent(ctx, 'Otto');
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, token = agent.token) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const report = (videoId: number, porcentaje: number, at: Date, token = agent.token) => ctx.app.inject({
  method: 'POST', url: `/api/video/${videoId}/porcentaje`, payload: { porcentaje }, headers: { ...bearer(token), 'x-occurred-at': at.toISOString() },
});
const videoId = async (attributeId: number, position: number) =>
  (await ctx.db.selectFrom('videos').select('id').where('attribute_id', '=', attributeId).where('position', '=', position).executeTakeFirstOrThrow()).id;

/** A media-store URL of this type (the demo's files are in the store: issue 36). */
const stored = (ext: string) => expect.stringMatching(new RegExp(`^/media/u/[0-9a-f]{64}\\.${ext}$`));

describe('GET /api/video/atributo/:id', () => {
  it('lists the attribute videos by position with this user\'s progress', async () => {
    const res = await get('/api/video/atributo/3');
    expect(res.statusCode).toBe(200);
    const { videos } = videosResponseSchema.parse(res.json());
    expect(videos.map((v) => [v.position, v.atributo_id, v.url, v.captions_url, v.duration_seconds, v.is_hable, v.visto, v.porcentaje])).toEqual([
      [0, 3, stored('mp4'), stored('vtt'), 6, true, false, 0],
      [1, 3, stored('mp4'), stored('vtt'), 6, true, false, 0],
      [2, 3, stored('mp4'), stored('vtt'), 6, true, false, 0],
    ]);
    expect(videos[0]?.title).toBe('Presentación Accesible');
  });

  it('gives a processed video its stream (the player streams it online) and a legacy one null (its MP4 plays)', async () => {
    const id = await videoId(3, 1);
    const stream = `/media/u/${'c'.repeat(64)}.m3u8`;
    await ctx.db.updateTable('videos').set({ stream_url: stream }).where('id', '=', id).execute();
    try {
      const { videos } = videosResponseSchema.parse((await get('/api/video/atributo/3')).json());
      expect(videos.map((v) => [v.position, v.stream_url])).toEqual([[0, null], [1, stream], [2, null]]);
    } finally {
      await ctx.db.updateTable('videos').set({ stream_url: null }).where('id', '=', id).execute();
    }
  });

  it('opens the formative videos at midnight in Madrid on quiz-2 day', async () => {
    const hable = async () => videosResponseSchema.parse((await get('/api/video/atributo/3')).json()).videos.map((v) => v.is_hable);
    try {
      ctx.clock.set(new Date('2025-06-14T21:59:59Z'));
      expect(await hable()).toEqual([true, false, false]);
      ctx.clock.set(new Date('2025-06-14T22:00:00Z'));
      expect(await hable()).toEqual([true, true, true]);
    } finally {
      ctx.clock.set(NOW);
    }
  });

  it('shows Ana\'s seeded mix of seen, in-progress and unstarted videos', async () => {
    const ana = await ctx.signIn('ana@impecable.demo');
    const state = async (id: number) => videosResponseSchema.parse((await get(`/api/video/atributo/${id}`, ana)).json()).videos.map((v) => [v.visto, v.porcentaje]);
    expect(await state(1)).toEqual([[true, 100], [true, 100], [true, 100]]);
    expect(await state(2)).toEqual([[true, 100], [false, 40], [true, 100]]);
    expect(await state(3)).toEqual([[true, 100], [false, 0], [false, 0]]);
  });

  it.each([
    ['an unknown attribute', '99', 404],
    ['a disabled attribute', '4', 404],
    ['a non-numeric id', 'accesible', 400],
  ])('refuses %s', async (_name, id, status) => {
    const res = await get(`/api/video/atributo/${id}`);
    expect(res.statusCode).toBe(status);
    if (status === 404) expect(res.json()).toEqual({ success: false, error: 'No existe ese atributo' });
  });
});

describe('GET /api/video/:id/visto and /progreso', () => {
  it('starts at 0 and follows this user\'s reports only', async () => {
    const id = await videoId(3, 1);
    expect((await get(`/api/video/${id}/visto`)).json()).toEqual({ visto: false });
    expect((await get(`/api/video/${id}/progreso`)).json()).toEqual({ porcentaje: 0 });
    expect((await report(id, 30, NOW)).statusCode).toBe(200);
    expect((await get(`/api/video/${id}/progreso`)).json()).toEqual({ porcentaje: 30 });
    expect((await get(`/api/video/${id}/visto`)).json()).toEqual({ visto: false });
    expect((await get(`/api/video/${id}/progreso`, other.token)).json()).toEqual({ porcentaje: 0 });
  });

  it('never shows another user\'s progress', async () => {
    const id = await videoId(1, 0);
    expect((await report(id, 100, NOW, other.token)).json()).toMatchObject({ visto: true });
    expect((await get(`/api/video/${id}/visto`, other.token)).json()).toEqual({ visto: true });
    expect((await get(`/api/video/${id}/visto`)).json()).toEqual({ visto: false });
    const mine = videosResponseSchema.parse((await get('/api/video/atributo/1')).json()).videos;
    expect(mine.every((v) => !v.visto && v.porcentaje === 0)).toBe(true);
  });

  it('answers 404 for an unknown video', async () => {
    const res = await get('/api/video/999999/visto');
    expect([res.statusCode, res.json()]).toEqual([404, { success: false, error: 'No existe ese vídeo' }]);
    expect((await get('/api/video/999999/progreso')).statusCode).toBe(404);
  });
});

describe('GET /api/progreso/:id', () => {
  const progreso = async (id: number, token = agent.token) => attributeProgressResponseSchema.parse((await get(`/api/progreso/${id}`, token)).json()).progreso;

  it('is videos seen plus quizzes done over videos plus two quizzes', async () => {
    const ana = await ctx.signIn('ana@impecable.demo');
    // De Valor: 3 videos + 2 quizzes; Resolutivo: 2 of 3 videos + 2 quizzes; Accesible: 1 video, Quiz 1 unfinished.
    expect([await progreso(1, ana), await progreso(2, ana), await progreso(3, ana)]).toEqual([100, 80, 20]);
    const fresh = await createAgent(ctx, 'Nadia');
    expect(await progreso(2, fresh.token)).toBe(0);
    await report(await videoId(2, 0), 100, NOW, fresh.token);
    await report(await videoId(2, 1), 50, NOW, fresh.token);
    expect(await progreso(2, fresh.token)).toBe(20);
  });

  it('answers 404 for an unknown or disabled attribute', async () => {
    expect((await get('/api/progreso/7')).json()).toEqual({ success: false, error: 'No existe ese atributo' });
    expect((await get('/api/progreso/0')).statusCode).toBe(400);
  });
});

describe('authentication', () => {
  it.each([
    ['GET', '/api/video/atributo/1'],
    ['GET', '/api/video/1/visto'],
    ['GET', '/api/video/1/progreso'],
    ['POST', '/api/video/1/porcentaje'],
    ['GET', '/api/progreso/1'],
    ['POST', '/api/log/register'],
  ])('%s %s answers 401 without a token', async (method, url) => {
    const res = await ctx.app.inject({ method: method as 'GET' | 'POST', url, payload: method === 'POST' ? { porcentaje: 10, action: 'x' } : undefined });
    expect([res.statusCode, res.json()]).toEqual([401, { success: false, error: 'Sesión no válida o caducada' }]);
  });
});
