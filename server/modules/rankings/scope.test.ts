import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { rankingOptionsResponseSchema, rankingPageSchema, type RankingOptions, type RankingPage } from '#contract/ranking';
import type { UserRow } from '#server/db/schema';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { credit, placeAgent } from '#test-support/server/rankings';

// Who reads which brand and site ranking (issue 19): staff choose within their scope (admin
// all, INTERNO its brand's sites, PLATAFORMA its platform's), refused outside it whatever
// they send; agents see exactly their own, as before.
const NOW = new Date('2025-06-20T10:00:00Z');
const ACCESIBLE = 3;
const JUNE = (day: number, minute = 0) => new Date(Date.UTC(2025, 5, day, 9, minute));

let ctx: TestContext;
const tokens: Record<'ana' | 'interno' | 'plataforma' | 'admin' | 'latam', string> = { ana: '', interno: '', plataforma: '', admin: '', latam: '' };
let ana: UserRow;
/** Site ids by name: Madrid Castellana (Centro: Ana, brand 2), Madrid Arganzuela (Centro: Bruno, brand 1 only), Bilbao (Norte), Sevilla (Sur, brand 1 only). */
const site: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  ana = await userByEmail(ctx.db, 'ana@impecable.demo');
  for (const who of ['interno', 'plataforma', 'admin', 'latam'] as const) tokens[who] = await tokenFor(ctx, await userByEmail(ctx.db, `${who}@impecable.demo`));
  tokens.ana = await tokenFor(ctx, ana);
  for (const s of await ctx.db.selectFrom('sites').select(['id', 'name']).execute()) site[s.name] = s.id;

  const placed = [
    { siteId: site['Madrid Castellana'], brandId: 2, nick: 'CentroDos', points: 40 },
    { siteId: site['Madrid Castellana'], brandId: 1, nick: 'CentroUno', points: 30 },
    { siteId: site.Bilbao, brandId: 2, nick: 'NorteDos', points: 50 },
    { siteId: site.Sevilla, brandId: 1, nick: 'SurUno', points: 60 },
  ];
  for (const [i, p] of placed.entries()) {
    const agent = await placeAgent(ctx.db, { siteId: p.siteId ?? null, brandId: p.brandId, nick: p.nick });
    await credit(ctx.db, agent.id, p.points, ACCESIBLE, JUNE(2, i));
  }
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
async function page(url: string, token: string): Promise<RankingPage> {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return z.strictObject(rankingPageSchema.shape).parse(res.json());
}
const nicks = (p: RankingPage) => p.data.map((r) => r.nick_name);
const sitePage = (query: string) => `/api/ranking-global-plataforma/${ACCESIBLE}?per_page=100&${query}`;
const brandPage = (query: string) => `/api/ranking-global-marca/${ACCESIBLE}?per_page=100&${query}`;
async function options(token: string): Promise<RankingOptions> {
  const res = await get('/api/ranking-ambitos', token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return z.strictObject(rankingOptionsResponseSchema.shape).parse(res.json());
}
const siteNames = (o: RankingOptions) => o.sedes.map((s) => s.nombre);

describe('GET ranking-ambitos: what each caller may look at', () => {
  it('lists each profile\'s brands and sites, and the ones shown first', async () => {
    const interno = await options(tokens.interno);
    expect(interno.marcas).toEqual([{ id: 2, nombre: 'Marca 2' }]);
    expect(siteNames(interno)).toEqual(expect.arrayContaining(['Madrid Castellana', 'Bilbao']));
    expect(siteNames(interno)).not.toContain('Sevilla');
    expect(siteNames(interno)).not.toContain('Madrid Arganzuela');
    expect(interno.marca).toBe(2);
    expect(interno.sede).toBe(interno.sedes[0]?.id);

    const plataforma = await options(tokens.plataforma);
    expect(plataforma.marcas).toEqual([{ id: 2, nombre: 'Marca 2' }]);
    expect(plataforma.sedes).toEqual([{ id: site['Madrid Castellana'], nombre: 'Madrid Castellana', plataforma: 'Plataforma Centro' }]);

    const admin = await options(tokens.admin);
    expect(admin.marcas.map((b) => b.id)).toEqual([1, 2]);
    expect(siteNames(admin)).toEqual(expect.arrayContaining(['Madrid Castellana', 'Madrid Arganzuela', 'Bilbao', 'Sevilla']));
    expect(siteNames(admin)).not.toContain('Toledo');

    const own = await options(tokens.ana);
    expect(own).toEqual({
      marcas: [{ id: 2, nombre: 'Marca 2' }], sedes: [{ id: ana.site_id, nombre: 'Madrid Castellana', plataforma: 'Plataforma Centro' }], marca: 2, sede: ana.site_id,
    });
  });
});

describe('staff read the rankings of their scope, without a row of their own', () => {
  it('INTERNO reads its brand\'s sites and brand, and is refused another brand\'s', async () => {
    expect(nicks(await page(sitePage(`sede=${site.Bilbao}`), tokens.interno))).toEqual(['NorteDos']);
    // Its own brand's site, with every agent working there (the site ranking is the site's).
    expect(nicks(await page(sitePage(`sede=${site['Madrid Castellana']}`), tokens.interno))).toEqual(expect.arrayContaining(['CentroDos', 'CentroUno']));
    expect(nicks(await page(brandPage('marca=2'), tokens.interno))).toEqual(expect.arrayContaining(['CentroDos', 'NorteDos']));
    // Without a choice: its brand, and the first site of its scope (not an empty table).
    expect(await page(brandPage(''), tokens.interno)).toEqual(await page(brandPage('marca=2'), tokens.interno));
    const first = (await options(tokens.interno)).sedes[0]?.id;
    expect((await page(sitePage(''), tokens.interno)).data).toEqual((await page(sitePage(`sede=${first}`), tokens.interno)).data);

    for (const url of [sitePage(`sede=${site.Sevilla}`), sitePage(`sede=${site['Madrid Arganzuela']}`), brandPage('marca=1')]) {
      const res = await get(url, tokens.interno);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('No puedes ver rankings fuera de tu ámbito');
    }
    // Not in the ranking it reads.
    expect((await get(`/api/ranking-posicion-plataforma/${ACCESIBLE}`, tokens.interno)).json()).toEqual({ position: null });
  });

  it('PLATAFORMA reads only its platform\'s sites', async () => {
    expect(nicks(await page(sitePage(`sede=${site['Madrid Castellana']}`), tokens.plataforma))).toContain('CentroDos');
    expect(nicks(await page(sitePage(''), tokens.plataforma))).toContain('CentroDos');
    expect(nicks(await page(brandPage('marca=2'), tokens.plataforma))).toContain('NorteDos');
    for (const url of [sitePage(`sede=${site.Bilbao}`), sitePage(`sede=${site.Sevilla}`), brandPage('marca=1')]) {
      expect((await get(url, tokens.plataforma)).statusCode, url).toBe(403);
    }
  });

  it('admin reads any site and brand; an unknown one is 404', async () => {
    expect(nicks(await page(sitePage(`sede=${site.Sevilla}`), tokens.admin))).toEqual(['SurUno']);
    expect(nicks(await page(brandPage('marca=1'), tokens.admin))).toEqual(expect.arrayContaining(['SurUno', 'CentroUno']));
    expect(nicks(await page(brandPage('marca=1'), tokens.admin))).not.toContain('NorteDos');
    expect((await get(sitePage('sede=9999'), tokens.admin)).statusCode).toBe(404);
    expect((await get(brandPage('marca=9'), tokens.admin)).statusCode).toBe(404);
  });

  it('a profile outside both (LATAM) may not choose', async () => {
    expect((await get(sitePage(`sede=${site['Madrid Castellana']}`), tokens.latam)).statusCode).toBe(403);
    expect((await get(brandPage('marca=2'), tokens.latam)).statusCode).toBe(403);
  });
});

describe('agents keep their own rankings', () => {
  it('sees its own site and brand whether or not it names them, and is refused any other', async () => {
    const own = await page(sitePage(''), tokens.ana);
    expect(nicks(own)).toEqual(expect.arrayContaining(['CentroDos', 'CentroUno']));
    expect(nicks(own)).not.toContain('NorteDos');
    expect(await page(sitePage(`sede=${ana.site_id}`), tokens.ana)).toEqual(own);
    expect(nicks(await page(brandPage(''), tokens.ana))).toEqual(expect.arrayContaining(['CentroDos', 'NorteDos']));
    expect(await page(brandPage('marca=2'), tokens.ana)).toEqual(await page(brandPage(''), tokens.ana));
    for (const url of [sitePage(`sede=${site.Bilbao}`), brandPage('marca=1')]) {
      expect((await get(url, tokens.ana)).statusCode, url).toBe(403);
    }
  });
});
