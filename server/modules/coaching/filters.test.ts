import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coachingNudgesSchema, coachingOptionsSchema, coachingOverviewSchema, type CoachingNudges } from '#contract/coaching';
import { readFirstSheet } from '#server/spreadsheets/write';
import { placeAgent, seededSites } from '#test-support/server/rankings';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { rebuildCoaching } from './aggregates-rebuild.ts';

// Issue 38 item 3: admin narrows Seguimiento to one brand and one site; "Agentes que necesitan
// un empujón" and its .xlsx hold that brand's agents only, the ones the figures count, never an
// agent of another brand working in the same site. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  token = await tokenFor(ctx, await userByEmail(ctx.db, 'admin@impecable.demo'));
  // One floor shared by both brands (as the demo's Madrid Castellana): none has started.
  const site = (await seededSites(ctx.db))[0];
  for (let i = 0; i < 6; i++) await placeAgent(ctx.db, { brandId: i % 2 === 0 ? 1 : 2, siteId: site?.id ?? null, nick: `Mix${i}` });
  // Users written directly (as by the seed): the rebuild counts them in.
  await rebuildCoaching(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/seguimiento/${url}`, headers: bearer(token) });

/** A site where agents of both demo brands work, and the brand ids of the users named. */
async function sharedSite() {
  const agents = await ctx.db.selectFrom('users').select(['id', 'brand_id', 'site_id']).where('perfil', '=', '').execute();
  const brandsBySite = new Map<number, Set<number>>();
  for (const a of agents) if (a.site_id !== null) brandsBySite.set(a.site_id, (brandsBySite.get(a.site_id) ?? new Set()).add(a.brand_id));
  const site = [...brandsBySite].find(([, brands]) => brands.has(1) && brands.has(2))?.[0];
  expect(site, 'a demo site with agents of brands 1 and 2').toBeDefined();
  return { site: site ?? 0, brandOf: new Map(agents.map((a) => [a.id, a.brand_id])) };
}

describe('admin narrows to a brand and a site', () => {
  it('lists only that brand\'s agents, as many as the site\'s figures count at most', async () => {
    const { site, brandOf } = await sharedSite();
    const all = coachingNudgesSchema.parse((await get(`rezagados/3?sede=${site}&dias=1&per_page=100`)).json());
    expect(new Set(all.data.map((n) => brandOf.get(n.user_id)))).toEqual(new Set([1, 2]));

    const res = await get(`rezagados/3?sede=${site}&marca=2&dias=1&per_page=100`);
    expect(res.statusCode, res.body).toBe(200);
    const brandTwo: CoachingNudges = coachingNudgesSchema.parse(res.json());
    expect(brandTwo.total).toBeGreaterThan(0);
    expect(brandTwo.data.map((n) => brandOf.get(n.user_id))).toEqual(brandTwo.data.map(() => 2));
    expect(brandTwo.total).toBe(all.data.filter((n) => brandOf.get(n.user_id) === 2).length);
    const figures = coachingOverviewSchema.parse((await get(`resumen/3?sede=${site}&marca=2`)).json()).figuras;
    expect(brandTwo.total).toBeLessThanOrEqual(figures.agentes);
  });

  it('downloads the same rows as the list shows', async () => {
    const { site } = await sharedSite();
    const list = coachingNudgesSchema.parse((await get(`rezagados/3?sede=${site}&marca=2&dias=1&per_page=100`)).json());
    const res = await get(`descargar/rezagados/3?sede=${site}&marca=2&dias=1`);
    expect(res.statusCode, res.body).toBe(200);
    const [, ...rows] = await readFirstSheet(res.rawPayload);
    expect(rows.map((r) => [r[0] ?? null, r[1]])).toEqual(list.data.map((n) => [n.nick_name, n.name]));
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const filters = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Filtros ?? {}, { header: 1 });
    expect(filters).toContainEqual(['Marca', 'Marca 2']);
  });

  it('refuses a brand that does not exist, for the list and the download', async () => {
    const { site } = await sharedSite();
    expect((await get(`rezagados/3?sede=${site}&marca=999`)).statusCode).toBe(404);
    expect((await get(`descargar/rezagados/3?sede=${site}&marca=999`)).statusCode).toBe(404);
  });
});

describe('the options hold both brands for admin', () => {
  it('offers Marca 1 and Marca 2', async () => {
    const options = coachingOptionsSchema.parse((await get('ambito')).json());
    expect(options.marcas.map((m) => m.id)).toEqual(expect.arrayContaining([1, 2]));
  });
});
