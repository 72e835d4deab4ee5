// Programa › Premios over HTTP with real PGlite: the rows by month, which row each calendar month
// takes, hostile input refused with a Spanish 4xx and the database unchanged, a frozen month's
// row locked (past payouts never change), and month-end paying from prize_tiers, nothing at all
// (with a warning) for a month no row covers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prizesResponseSchema, type PrizesResponse } from '#contract/programme-prizes';
import { runMonthEnd } from '#server/modules/rankings/month-end';
import { credit, placeAgent, seededSites } from '#test-support/server/rankings';
import { agentWith, tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { BAD_MONTH } from './routes.ts';

// The demo calendar around 2 June 2025: De Valor = April (frozen and paid by the seed),
// Resolutivo = May (grace until 3 June 24:00 Madrid, payday Monday 9 June), Accesible = June.
const NOW = new Date('2025-06-02T10:00:00Z');
const GRACE_END = new Date('2025-06-03T22:00:00Z');
const PAYDAY = new Date('2025-06-08T22:00:00Z');
const RESOLUTIVO = 2;
const BASE = '/api/programa/premios';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  admin = await tokenFor(ctx, await userByEmail(ctx.db, 'admin@impecable.demo'));
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

const view = async (): Promise<PrizesResponse> => prizesResponseSchema.parse((await call('GET', BASE)).json());

async function prizeState() {
  const [tiers, changes] = await Promise.all([
    ctx.db.selectFrom('prize_tiers').select(['applies_from', 'tier1', 'tier2', 'tier3', 'brand']).orderBy('applies_from').execute(),
    ctx.db.selectFrom('content_changes').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { tiers, changes: Number(changes.n) };
}

describe('GET /api/programa/premios', () => {
  it('lists the demo row and, per calendar month, the row that applies and its state', async () => {
    const { tiers, months } = await view();
    expect(tiers).toEqual([{ applies_from: '2025-04', tier1: 300, tier2: 200, tier3: 100, brand: 100, locked: true }]);
    const byMonth = months.filter((m) => ['2025-04', '2025-05', '2025-06'].includes(m.month)).map((m) => [m.month, m.applies_from, m.state]);
    expect(byMonth).toEqual([['2025-04', '2025-04', 'paid'], ['2025-05', '2025-04', 'open'], ['2025-06', '2025-04', 'open']]);
    expect(months.find((m) => m.month === '2025-04')?.paid_at).not.toBeNull();
  });

  it('the app config carries the current month\'s prizes for the rules screen (public: amounts only)', async () => {
    const config = (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.premios).toEqual({ mes: '2025-06', tier1: 300, tier2: 200, tier3: 100, brand: 100 });
  });

  it('is for an admin signed in as themselves only', async () => {
    const { token } = await agentWith(ctx, 0);
    expect((await call('GET', BASE, undefined, token)).statusCode).toBe(403);
    const impersonating = await tokenFor(ctx, await userByEmail(ctx.db, 'ana@impecable.demo'), (await userByEmail(ctx.db, 'admin@impecable.demo')).id);
    expect((await call('GET', BASE, undefined, impersonating)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/programa/premios/:mes', () => {
  it('creates a row from May on, replaces it, and records both changes', async () => {
    const before = await prizeState();
    const created = await call('PUT', `${BASE}/2025-05`, { tier1: 500, tier2: 300, tier3: 100, brand: 150 });
    expect(created.statusCode, created.body).toBe(200);
    const { months } = prizesResponseSchema.parse(created.json());
    expect(months.filter((m) => m.month >= '2025-05' && m.month <= '2025-06').map((m) => [m.month, m.applies_from, m.amounts?.tier1])).toEqual([
      ['2025-05', '2025-05', 500], ['2025-06', '2025-05', 500],
    ]);
    expect((await call('PUT', `${BASE}/2025-05`, { tier1: 400, tier2: 300, tier3: 100, brand: 150 })).statusCode).toBe(200);
    const changes = await ctx.db.selectFrom('content_changes').selectAll().where('area', '=', 'premios').orderBy('id').execute();
    expect(changes.map((c) => [c.entity_id, c.action])).toEqual([['2025-05', 'created'], ['2025-05', 'updated']]);
    expect(changes[1]?.before).toMatchObject({ tier1: 500 });
    expect(changes[1]?.after).toMatchObject({ tier1: 400 });
    expect((await prizeState()).changes).toBe(before.changes + 2);
    // Agents read the amounts in force through the app config.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json().premios).toEqual({ mes: '2025-06', tier1: 400, tier2: 300, tier3: 100, brand: 150 });
  });

  it.each<[string, string, unknown, RegExp | string]>([
    ['a month 13', '2025-13', { tier1: 3, tier2: 2, tier3: 1, brand: 1 }, BAD_MONTH],
    ['a month in words', 'junio', { tier1: 3, tier2: 2, tier3: 1, brand: 1 }, BAD_MONTH],
    ['a day instead of a month', '2025-07-01', { tier1: 3, tier2: 2, tier3: 1, brand: 1 }, BAD_MONTH],
    ['a second tier above the first', '2025-07', { tier1: 100, tier2: 200, tier3: 50, brand: 10 }, /no puede ser menor que el 2/],
    ['a third tier above the second', '2025-07', { tier1: 300, tier2: 100, tier3: 200, brand: 10 }, /no puede ser menor que el 3/],
    ['a negative brand prize', '2025-07', { tier1: 300, tier2: 200, tier3: 100, brand: -1 }, /premio de marca/],
    ['more than a million', '2025-07', { tier1: 1_000_001, tier2: 200, tier3: 100, brand: 1 }, /entre 0 y 1\.000\.000/],
    ['a fractional amount', '2025-07', { tier1: 300.5, tier2: 200, tier3: 100, brand: 1 }, /entero/],
    ['an amount as text', '2025-07', { tier1: '300', tier2: 200, tier3: 100, brand: 1 }, /Datos no válidos/],
    ['a missing amount', '2025-07', { tier1: 300, tier2: 200, tier3: 100 }, /Datos no válidos/],
    ['no body', '2025-07', undefined, /Datos no válidos/],
  ])('refuses %s with a Spanish 400 and changes nothing', async (_name, month, payload, message) => {
    const before = await prizeState();
    const res = await call('PUT', `${BASE}/${month}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
    expect(await prizeState()).toEqual(before);
  });

  it('refuses to change or delete the row a paid month used (409), and a row that would take its place', async () => {
    const before = await prizeState();
    for (const [method, url, payload] of [
      ['PUT', `${BASE}/2025-04`, { tier1: 1, tier2: 1, tier3: 1, brand: 1 }],
      ['DELETE', `${BASE}/2025-04`, undefined],
      // Replacing April's row from April on, through a row of the same month, or of an earlier
      // month that would not take April's place, are the only cases; a row of March is harmless.
    ] as const) {
      const res = await call(method, url, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/ya se aplicaron a abril de 2025.*los pagos pasados no cambian/);
    }
    expect(await prizeState()).toEqual(before);
    expect((await call('PUT', `${BASE}/2025-03`, { tier1: 9, tier2: 9, tier3: 9, brand: 9 })).statusCode).toBe(200);
    expect((await call('DELETE', `${BASE}/2025-03`)).statusCode).toBe(200);
  });

  it('refuses a non-admin (403), an unknown row (404) and a bad month (400) on DELETE, changing nothing', async () => {
    const before = await prizeState();
    const { token } = await agentWith(ctx, 0);
    expect((await call('PUT', `${BASE}/2025-07`, { tier1: 3, tier2: 2, tier3: 1, brand: 1 }, token)).statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}/2025-05`, undefined, token)).statusCode).toBe(403);
    const missing = await call('DELETE', `${BASE}/2030-01`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatch(/No hay premios configurados desde ese mes \(enero de 2030\)/);
    expect((await call('DELETE', `${BASE}/2030-1`)).statusCode).toBe(400);
    expect(await prizeState()).toEqual(before);
  });
});

describe('month-end reads the tiers from prize_tiers', () => {
  it('freezes May with May\'s row, then locks that row; deleting a row for an open month works', async () => {
    const siteId = (await seededSites(ctx.db))[2]?.id ?? 0;
    const agent = await placeAgent(ctx.db, { siteId, brandId: 2, nick: 'PremiosMayo' });
    await credit(ctx.db, agent.id, 5000, RESOLUTIVO, new Date('2025-05-10T09:00:00Z'));
    expect(await runMonthEnd(ctx.db, GRACE_END)).toEqual({ frozen: [RESOLUTIVO], paid: [] });
    const winners = await ctx.db.selectFrom('ranking_winners').selectAll().where('attribute_id', '=', RESOLUTIVO).where('user_id', '=', agent.id).orderBy('scope').execute();
    expect(winners.map((w) => [w.scope, w.tier, w.amount])).toEqual([['marca', 1, 150], ['plataforma', 1, 400]]);

    const { tiers, months } = await view();
    expect(tiers.find((t) => t.applies_from === '2025-05')?.locked).toBe(true);
    expect(months.find((m) => m.month === '2025-05')?.state).toBe('frozen');
    const before = await prizeState();
    const res = await call('PUT', `${BASE}/2025-05`, { tier1: 1000, tier2: 300, tier3: 100, brand: 150 });
    expect([res.statusCode, res.json().error]).toEqual([409, expect.stringMatching(/mayo de 2025/)]);
    expect(await prizeState()).toEqual(before);
    // June is still open: a row from June on can be added and removed.
    expect((await call('PUT', `${BASE}/2025-06`, { tier1: 50, tier2: 40, tier3: 30, brand: 20 })).statusCode).toBe(200);
    expect((await call('DELETE', `${BASE}/2025-06`)).statusCode).toBe(200);

    expect(await runMonthEnd(ctx.db, PAYDAY)).toEqual({ frozen: [], paid: [RESOLUTIVO] });
    const paid = await ctx.db.selectFrom('points_ledger').select(['amount', 'source_key']).where('user_id', '=', agent.id).where('kind', '=', 'prize').orderBy('source_key').execute();
    expect(paid.map((p) => p.amount)).toEqual([150, 400]);
  });

  it('with no row for a month, month-end pays nothing for it and warns', async () => {
    const bare = await createTestApp({ now: NOW });
    try {
      await bare.db.deleteFrom('prize_tiers').execute();
      const siteId = (await seededSites(bare.db))[2]?.id ?? 0;
      const agent = await placeAgent(bare.db, { siteId, brandId: 2, nick: 'SinPremio' });
      await credit(bare.db, agent.id, 5000, RESOLUTIVO, new Date('2025-05-10T09:00:00Z'));
      const warnings: string[] = [];
      const log = { warn: (_details: object, message: string) => warnings.push(message) };
      expect(await runMonthEnd(bare.db, GRACE_END, log)).toEqual({ frozen: [RESOLUTIVO], paid: [] });
      expect(warnings).toEqual([expect.stringMatching(/no prize tiers apply to Resolutivo \(2025-05\)/)]);
      const winners = await bare.db.selectFrom('ranking_winners').select('amount').where('attribute_id', '=', RESOLUTIVO).execute();
      expect(winners.length).toBeGreaterThan(0);
      expect(winners.every((w) => w.amount === 0)).toBe(true);
      await runMonthEnd(bare.db, PAYDAY, log);
      const prizes = await bare.db.selectFrom('points_ledger').select('id').where('kind', '=', 'prize').where('attribute_id', '=', RESOLUTIVO).execute();
      expect(prizes).toEqual([]);
      const bareAdmin = await tokenFor(bare, await userByEmail(bare.db, 'admin@impecable.demo'));
      const months = prizesResponseSchema.parse((await bare.app.inject({ method: 'GET', url: BASE, headers: bearer(bareAdmin) })).json()).months;
      expect(months.find((m) => m.month === '2025-05')).toMatchObject({ applies_from: null, amounts: null, state: 'paid' });
    } finally {
      await bare.close();
    }
  });
});
