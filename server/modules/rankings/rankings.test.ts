import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { differenceResponseSchema, neighboursResponseSchema, pointsResponseSchema, positionResponseSchema, rankingPageSchema, type RankingPage } from '#contract/ranking';
import { prizeTiers } from '#domain/ranking';
import type { UserRow } from '#server/db/schema';
import { sessionToken } from '#test-support/server/agents';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { credit, placeAgent, seededSites } from '#test-support/server/rankings';

const NOW = new Date('2025-06-20T10:00:00Z');
const ACCESIBLE = 3;
const JUNE = (day: number, minute = 0) => new Date(Date.UTC(2025, 5, day, 9, minute));
let ctx: TestContext;
let ana: UserRow;
let anaToken: string;
let otherSite: number;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  ana = await userByEmail(ctx.db, 'ana@impecable.demo');
  anaToken = await tokenFor(ctx, ana);
  otherSite = (await seededSites(ctx.db)).find((s) => s.id !== ana.site_id)?.id ?? 0;
  // 34 agents in Ana's site with Accesible points 100..133 (distinct, above Ana), both brands.
  for (let i = 0; i < 34; i++) {
    const agent = await placeAgent(ctx.db, { siteId: ana.site_id, brandId: i % 2 === 0 ? 2 : 1, nick: `Sede${String(i).padStart(2, '0')}` });
    await credit(ctx.db, agent.id, 100 + i, ACCESIBLE, JUNE(2, i));
  }
  // Twelve whose nick starts with Zorro, for the search.
  for (let i = 0; i < 12; i++) {
    const agent = await placeAgent(ctx.db, { siteId: ana.site_id, nick: `Zorro${i}` });
    await credit(ctx.db, agent.id, 3, ACCESIBLE, JUNE(3, i));
  }
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, token = anaToken) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
async function page(url: string, token = anaToken): Promise<RankingPage> {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return z.strictObject(rankingPageSchema.shape).parse(res.json());
}

describe('GET ranking-global-plataforma/{atributo}: the site ranking', () => {
  it('pages in tens with dense positions, the site total and its prize tiers', async () => {
    const first = await page(`/api/ranking-global-plataforma/${ACCESIBLE}?page=1&per_page=10`);
    const second = await page(`/api/ranking-global-plataforma/${ACCESIBLE}?page=2&per_page=10`);
    const sizes = await ctx.db.selectFrom('ranking_standings').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('attribute_id', '=', ACCESIBLE).where('site_id', '=', ana.site_id).where('points', '>', 0).executeTakeFirstOrThrow();
    expect(first.total).toBe(Number(sizes.n));
    expect(first.total).toBeGreaterThanOrEqual(46);
    expect(first.numero_ganadores).toEqual(prizeTiers(first.total));
    expect(first.numero_ganadores).toEqual({ premiados1: 2, premiados2: 4, premiados3: 6 });
    expect(first.data.map((r) => r.user_position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(second.data.map((r) => r.user_position)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    const points = [...first.data, ...second.data].map((r) => r.puntos_totales);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(first.data[0]).toMatchObject({ nick_name: 'Sede33', puntos_totales: 133, tareas_completadas: 0 });
    // The slug names the same ranking; the last page is short.
    expect(await page(`/api/ranking-global-plataforma/accesible?page=1&per_page=10`)).toEqual(first);
    const last = await page(`/api/ranking-global-plataforma/${ACCESIBLE}?page=${Math.ceil(first.total / 10)}&per_page=10`);
    expect(last.data.length).toBe(first.total % 10 || 10);
    expect((await page(`/api/ranking-global-plataforma/${ACCESIBLE}?page=99`)).data).toEqual([]);
  });

  it('searches nicknames by prefix, case-insensitively, keeping real positions and paging the matches', async () => {
    const all = await page(`/api/ranking-global-plataforma/${ACCESIBLE}?per_page=100`);
    const zorros = all.data.filter((r) => r.nick_name?.startsWith('Zorro'));
    const found = await page(`/api/ranking-global-plataforma/${ACCESIBLE}?search=zOrRo&page=1&per_page=10`);
    expect(found.total).toBe(12);
    expect(found.data).toEqual(zorros.slice(0, 10));
    expect(found.data[0]?.user_position).toBeGreaterThan(30);
    expect((await page(`/api/ranking-global-plataforma/${ACCESIBLE}?search=zorro&page=2&per_page=10`)).data).toEqual(zorros.slice(10));
    // The tiers are the site's, whatever the search matched.
    expect(found.numero_ganadores).toEqual(all.numero_ganadores);
    expect((await page(`/api/ranking-global-plataforma/${ACCESIBLE}?search=%25`)).total).toBe(0);
    expect((await page(`/api/ranking-global-plataforma/${ACCESIBLE}?search=orro`)).total).toBe(0);
  });

  it('answers the user position, points and difference to the first, matching the page', async () => {
    const agent = await placeAgent(ctx.db, { siteId: ana.site_id, nick: 'Medio' });
    await credit(ctx.db, agent.id, 20, ACCESIBLE, JUNE(4));
    const token = await tokenFor(ctx, agent);
    const all = await page(`/api/ranking-global-plataforma/${ACCESIBLE}?per_page=100`, token);
    const row = all.data.find((r) => r.user_id === agent.id);
    const position = positionResponseSchema.parse((await get(`/api/ranking-posicion-plataforma/${ACCESIBLE}`, token)).json());
    const points = pointsResponseSchema.parse((await get(`/api/ranking-puntos-totales-plataforma/${ACCESIBLE}`, token)).json());
    const difference = differenceResponseSchema.parse((await get(`/api/ranking-diferencia-plataforma/${ACCESIBLE}`, token)).json());
    expect(position).toEqual({ position: row?.user_position });
    expect(points).toEqual({ total_points: 20 });
    expect(difference).toEqual({ points_difference: (all.data[0]?.puntos_totales ?? 0) - 20 });
    const neighbours = neighboursResponseSchema.parse((await get(`/api/ranking-vecinos-plataforma/${ACCESIBLE}`, token)).json());
    const at = all.data.findIndex((r) => r.user_id === agent.id);
    expect(neighbours).toEqual({ position: row?.user_position, data: all.data.slice(at - 5, at + 6) });
  });

  it('keeps positions and neighbours in page order when scores were reached within the same millisecond', async () => {
    // The database keeps microseconds; a JS Date does not. Moments compared in JS would misplace these.
    const tied = [];
    for (let i = 0; i < 3; i++) {
      const agent = await placeAgent(ctx.db, { siteId: ana.site_id, nick: `Micro${i}` });
      await credit(ctx.db, agent.id, 777, ACCESIBLE, JUNE(8));
      tied.push(agent);
    }
    for (const [i, agent] of tied.entries()) {
      await sql`UPDATE ranking_standings SET reached_at = reached_at + ${`${900 - i * 300} microseconds`}::interval
        WHERE user_id = ${agent.id}`.execute(ctx.db);
    }
    const all = await page(`/api/ranking-global-plataforma/${ACCESIBLE}?per_page=100`);
    const rows = all.data.filter((r) => r.nick_name?.startsWith('Micro'));
    expect(rows.map((r) => r.nick_name)).toEqual(['Micro2', 'Micro1', 'Micro0']);
    for (const [i, agent] of tied.entries()) {
      const token = await tokenFor(ctx, agent);
      const expected = rows.find((r) => r.user_id === agent.id)?.user_position;
      expect((await get(`/api/ranking-posicion-plataforma/${ACCESIBLE}`, token)).json(), `Micro${i}`).toEqual({ position: expected });
      const neighbours = neighboursResponseSchema.parse((await get(`/api/ranking-vecinos-plataforma/${ACCESIBLE}`, token)).json());
      expect(neighbours.data.find((r) => r.user_id === agent.id)?.user_position).toBe(expected);
      expect(neighbours.data.map((r) => r.user_position)).toEqual(neighbours.data.map((_, k) => (neighbours.data[0]?.user_position ?? 0) + k));
    }
    const found = await page(`/api/ranking-global-plataforma/${ACCESIBLE}?search=micro`);
    expect(found.data).toEqual(rows);
  });

  it('gives an agent without points in the attribute no position, 0 points and 0 difference', async () => {
    const idle = await placeAgent(ctx.db, { siteId: ana.site_id });
    const token = await tokenFor(ctx, idle);
    expect((await get(`/api/ranking-posicion-plataforma/${ACCESIBLE}`, token)).json()).toEqual({ position: null });
    expect((await get(`/api/ranking-puntos-totales-marca/${ACCESIBLE}`, token)).json()).toEqual({ total_points: 0 });
    expect((await get(`/api/ranking-diferencia-plataforma/${ACCESIBLE}`, token)).json()).toEqual({ points_difference: 0 });
    expect((await get('/api/ranking-vecinos/global', token)).json()).toEqual({ position: null, data: [] });
  });
});

describe('is_marca_top_uno_here', () => {
  it('marks the site whose first is its brand first, and the brand page of the winner\'s site', async () => {
    const star = await placeAgent(ctx.db, { siteId: ana.site_id, brandId: 2, nick: 'Estrella' });
    await credit(ctx.db, star.id, 900, ACCESIBLE, JUNE(5));
    expect((await page(`/api/ranking-global-plataforma/${ACCESIBLE}`)).is_marca_top_uno_here).toBe(true);
    expect((await page(`/api/ranking-global-marca/${ACCESIBLE}`)).is_marca_top_uno_here).toBe(true);

    // A brand-2 agent elsewhere overtakes: Ana's site first is no longer the brand's first.
    const away = await placeAgent(ctx.db, { siteId: otherSite, brandId: 2, nick: 'Lejana' });
    await credit(ctx.db, away.id, 950, ACCESIBLE, JUNE(6));
    expect((await page(`/api/ranking-global-plataforma/${ACCESIBLE}`)).is_marca_top_uno_here).toBe(false);
    expect((await page(`/api/ranking-global-marca/${ACCESIBLE}`)).is_marca_top_uno_here).toBe(false);
    const awayToken = await tokenFor(ctx, away);
    expect((await page(`/api/ranking-global-plataforma/${ACCESIBLE}`, awayToken)).is_marca_top_uno_here).toBe(true);
    const brand = await page(`/api/ranking-global-marca/${ACCESIBLE}`, awayToken);
    expect(brand.is_marca_top_uno_here).toBe(true);
    expect(brand.numero_ganadores).toEqual({ premiados1: 1, premiados2: 1, premiados3: 1 });
    expect(brand.data[0]?.nick_name).toBe('Lejana');
  });
});

describe('GET ranking/global and the global values', () => {
  it('ranks agents only: supervisors with points are never in it', async () => {
    const boss = await placeAgent(ctx.db, { perfil: 'INTERNO', siteId: ana.site_id, nick: 'JefaConPuntos' });
    await credit(ctx.db, boss.id, 5000, ACCESIBLE, JUNE(7));
    const global = await page('/api/ranking/global?per_page=100');
    expect(global.data.some((r) => r.user_id === boss.id)).toBe(false);
    expect(global.numero_ganadores).toEqual({ premiados1: 0, premiados2: 0, premiados3: 0 });
    expect(global.is_marca_top_uno_here).toBe(false);
    const bossToken = await tokenFor(ctx, boss);
    expect((await get('/api/ranking/your-position', bossToken)).json()).toEqual({ position: null });
    expect((await get('/api/ranking/your-points', bossToken)).json()).toEqual({ total_points: 0 });
    // The supervisor still reads the ranking (it is not theirs to be in).
    expect((await page('/api/ranking/global', bossToken)).total).toBe(global.total);
  });

  it('answers Ana\'s global position, points and difference ("difference-frist")', async () => {
    const global = await page('/api/ranking/global?per_page=100');
    const row = global.data.find((r) => r.user_id === ana.id);
    const ledger = await ctx.db.selectFrom('points_ledger').select((eb) => eb.fn.sum<number>('amount').as('n'))
      .where('user_id', '=', ana.id).where('kind', '=', 'activity').executeTakeFirstOrThrow();
    expect((await get('/api/ranking/your-points')).json()).toEqual({ total_points: Number(ledger.n) });
    expect((await get('/api/ranking/your-position')).json()).toEqual({ position: row?.user_position });
    expect((await get('/api/ranking-global/difference-frist')).json()).toEqual({ points_difference: (global.data[0]?.puntos_totales ?? 0) - Number(ledger.n) });
  });

  it('moves as soon as a video is seen through the real endpoint', async () => {
    const agent = await placeAgent(ctx.db, { siteId: ana.site_id, nick: 'Videoadicta' });
    // Signed in before the viewing it reports (a report cannot predate its session).
    const token = await sessionToken(ctx, agent, { signedInAt: new Date(NOW.getTime() - 3_600_000) });
    const video = await ctx.db.selectFrom('videos').select('id').where('attribute_id', '=', ACCESIBLE).where('position', '=', 0).executeTakeFirstOrThrow();
    const report = (porcentaje: number, at: Date) => ctx.app.inject({
      method: 'POST', url: `/api/video/${video.id}/porcentaje`, payload: { porcentaje },
      headers: { ...bearer(token), 'x-occurred-at': at.toISOString() },
    });
    expect((await report(50, new Date(NOW.getTime() - 60_000))).statusCode).toBe(200);
    expect((await report(100, NOW)).json()).toMatchObject({ imps_awarded: 5 });
    expect((await get('/api/ranking/your-points', token)).json()).toEqual({ total_points: 5 });
    expect((await get(`/api/ranking-puntos-totales-marca/${ACCESIBLE}`, token)).json()).toEqual({ total_points: 5 });
    const row = (await page(`/api/ranking-global-plataforma/${ACCESIBLE}?search=videoadicta`, token)).data[0];
    expect(row).toMatchObject({ nick_name: 'Videoadicta', puntos_totales: 5, tareas_completadas: 1 });
  });
});

describe('refusals', () => {
  it.each([
    ['/api/ranking-global-plataforma/9', 404],
    ['/api/ranking-global-marca/nada', 404],
    ['/api/ranking-posicion-marca/4', 404],
    ['/api/ranking-global-plataforma/3?per_page=0', 400],
    ['/api/ranking-global-plataforma/3?per_page=500', 400],
    ['/api/ranking/global?page=-1', 400],
    [`/api/ranking/global?search=${'x'.repeat(60)}`, 400],
  ])('%s answers %i with a Spanish message', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(typeof res.json().error).toBe('string');
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ranking/global' });
    expect(res.statusCode).toBe(401);
  });
});
