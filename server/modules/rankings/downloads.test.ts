import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadResponseSchema } from '#contract/ranking';
import type { UserRow } from '#server/db/schema';
import { readFirstSheet, type Cell } from '#server/spreadsheets/write';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { DOWNLOAD_HEADER, DOWNLOAD_TTL_MS, NO_DOWNLOAD_ACCESS, UNSUPPORTED_DOWNLOAD } from './downloads.ts';
import { credit, placeAgent } from '#test-support/server/rankings';

const NOW = new Date('2025-06-20T10:00:00Z');
const ACCESIBLE = 3;
let ctx: TestContext;
const tokens: Record<string, string> = {};
let plataforma: UserRow;
let platformSites: number[];
let otherSite: number;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  for (const who of ['admin', 'interno', 'plataforma', 'latam', 'ana']) tokens[who] = await tokenFor(ctx, await userByEmail(ctx.db, `${who}@impecable.demo`));
  plataforma = await userByEmail(ctx.db, 'plataforma@impecable.demo');
  const sites = await ctx.db.selectFrom('sites').select(['id', 'platform_id']).orderBy('id').execute();
  platformSites = sites.filter((s) => s.platform_id === plataforma.platform_id).map((s) => s.id);
  otherSite = sites.find((s) => s.platform_id !== plataforma.platform_id)?.id ?? 0;
  const inPlatform = platformSites[0] ?? 0;
  const rows: [string, number, number, number][] = [
    ['=HYPERLINK("http://x")', inPlatform, 2, 70], ['Plata1', inPlatform, 1, 60], ['Plata2', inPlatform, 2, 50],
    ['Fuera1', otherSite, 2, 80], ['Fuera2', otherSite, 1, 40],
  ];
  for (const [nick, siteId, brandId, points] of rows) {
    const agent = await placeAgent(ctx.db, { nick, siteId, brandId });
    await credit(ctx.db, agent.id, points, ACCESIBLE, new Date('2025-06-10T10:00:00Z'));
  }
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, who: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(tokens[who] ?? '') });

async function download(url: string, who: string): Promise<{ fileName: string; rows: Cell[][]; url: string }> {
  const res = await get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  const body = downloadResponseSchema.parse(res.json());
  expect(body.download_url).toMatch(/^\/api\/descargas\/ranking\/[\w-]{40,}$/);
  const file = await get(body.download_url ?? '', who);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toContain('spreadsheetml');
  expect(file.headers['content-disposition']).toBe(`attachment; filename="${body.file_name}"`);
  return { fileName: body.file_name, rows: readFirstSheet(file.rawPayload), url: body.download_url ?? '' };
}

describe('GET /api/descargar-ranking-global', () => {
  it('gives admin every agent of the global ranking, in order, as a real workbook', async () => {
    const { fileName, rows } = await download('/api/descargar-ranking-global', 'admin');
    expect(fileName).toBe('ranking-global.xlsx');
    expect(rows[0]).toEqual(DOWNLOAD_HEADER);
    const ranked = await ctx.db.selectFrom('ranking_standings').select('user_id').where('attribute_id', '=', 0).where('points', '>', 0).execute();
    expect(rows.length - 1).toBe(ranked.length);
    expect(rows.slice(1).map((r) => r[0])).toEqual(ranked.map((_, i) => i + 1));
    const points = rows.slice(1).map((r) => r[7] as number);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    // A nickname that looks like a formula is written as text.
    expect(rows.some((r) => r[1] === '=HYPERLINK("http://x")')).toBe(true);
  });

  it('gives INTERNO the agents of its brand only, at their real positions', async () => {
    const all = (await download('/api/descargar-ranking-global', 'admin')).rows.slice(1);
    const { rows } = await download('/api/descargar-ranking-global', 'interno');
    const brand2 = (await ctx.db.selectFrom('brands').select('name').where('id', '=', 2).executeTakeFirstOrThrow()).name;
    expect(rows.slice(1)).toEqual(all.filter((r) => r[4] === brand2));
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.slice(1).some((r) => r[1] === 'Plata1')).toBe(false);
  });
});

describe('GET /api/descargar-ranking-marca/{atributo}[/{filtro}]', () => {
  it('gives PLATAFORMA its own platform\'s sites with the site prizes ("sede" sent as plataforma)', async () => {
    const { fileName, rows } = await download(`/api/descargar-ranking-marca/${ACCESIBLE}/plataforma`, 'plataforma');
    expect(fileName).toBe('ranking-accesible-sede.xlsx');
    expect(rows[0]).toEqual([...DOWNLOAD_HEADER, 'Premio']);
    const nicks = rows.slice(1).map((r) => r[1]);
    expect(nicks).toEqual(expect.arrayContaining(['=HYPERLINK("http://x")', 'Plata2']));
    expect(nicks).not.toContain('Fuera1');
    // Plata1 works on the platform, but for brand 1: not PLATAFORMA's (brand 2) to see.
    expect(nicks).not.toContain('Plata1');
    const first = rows.find((r) => r[0] === 1);
    expect(first?.[9]).toBe('1er premio');
  });

  it('gives the brand rankings with the brand prize by default and with the marca filter', async () => {
    const { fileName, rows } = await download(`/api/descargar-ranking-marca/${ACCESIBLE}/marca`, 'admin');
    expect(fileName).toBe('ranking-accesible-marca.xlsx');
    const brandFirsts = rows.slice(1).filter((r) => r[0] === 1);
    expect(brandFirsts).toHaveLength(2);
    expect(brandFirsts.every((r) => r[9] === 'Premio de marca')).toBe(true);
    expect(rows.slice(1).filter((r) => r[9] === 'Premio de marca')).toHaveLength(2);
    expect((await download(`/api/descargar-ranking-marca/accesible`, 'interno')).fileName).toBe('ranking-accesible-marca.xlsx');
  });

  it('refuses an unknown filter or attribute', async () => {
    const bad = await get(`/api/descargar-ranking-marca/${ACCESIBLE}/equipo`, 'plataforma');
    expect([bad.statusCode, bad.json().error]).toEqual([400, UNSUPPORTED_DOWNLOAD]);
    expect((await get('/api/descargar-ranking-marca/9', 'admin')).statusCode).toBe(404);
  });
});

describe('who may download', () => {
  it.each(['ana', 'latam'])('refuses %s with 403', async (who) => {
    for (const url of ['/api/descargar-ranking-global', `/api/descargar-ranking-marca/${ACCESIBLE}`, `/api/descargar-ranking-marca/${ACCESIBLE}/plataforma`]) {
      const res = await get(url, who);
      expect([res.statusCode, res.json().error]).toEqual([403, NO_DOWNLOAD_ACCESS]);
    }
  });

  it('serves the file only to the user who asked, only for a short time', async () => {
    const res = await get('/api/descargar-ranking-global', 'plataforma');
    const url = downloadResponseSchema.parse(res.json()).download_url ?? '';
    expect((await get(url, 'admin')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get(url, 'plataforma')).statusCode).toBe(200);
    ctx.clock.advance(DOWNLOAD_TTL_MS);
    const gone = await get(url, 'plataforma');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('La descarga ha caducado o no existe');
    expect((await get('/api/descargas/ranking/not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaa', 'plataforma')).statusCode).toBe(404);
  });
});
