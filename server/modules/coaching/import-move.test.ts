import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '#contract/admin';
import { coachingBySiteSchema, coachingOverviewSchema, type CoachingBySite } from '#contract/coaching';
import { multipart, xlsxOf } from '#test-support/server/import-files';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { rebuildCoaching } from './aggregates-rebuild.ts';

// A user import that moves an agent (Ana, who has activity) to another site, creates a new
// agent and turns an agent into staff: the counters follow in the import's transaction, so
// the figures by site count Ana in her new site, and equal a rebuild from the facts.

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  admin = await tokenFor(ctx, await userByEmail(ctx.db, 'admin@impecable.demo'));
});
afterAll(async () => {
  await ctx.close();
});

const bySite = async (): Promise<CoachingBySite> => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/seguimiento/sedes/3', headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return coachingBySiteSchema.parse(res.json());
};
const site = (answer: CoachingBySite, name: string) => answer.sedes.find((s) => s.nombre === name);

describe('an import moves the figures with the agents', () => {
  it('counts a moved agent in the new site, a new agent, and never a demoted one', async () => {
    const before = await bySite();
    const castellana = site(before, 'Madrid Castellana');
    expect(castellana?.iniciaron).toBeGreaterThan(0);
    const rows = [
      [...IMPORT_COLUMNS],
      ['Ana García Romero', 'ana@impecable.demo', null, null, null, null, 2, 'Plataforma Norte', 'Bilbao', null],
      ['Eva Ruiz Prieto', 'eva@cliente.example', 'EvaPrieto', 'agente', '', 'Ventas', 2, 'Plataforma Norte', 'Bilbao', null],
      ['Bruno Martín Sáez', 'bruno@impecable.demo', null, null, 'interno', null, 1, null, null, null],
    ];
    const { payload, headers } = multipart('usuarios.xlsx', xlsxOf(rows));
    const res = await ctx.app.inject({ method: 'POST', url: '/api/importar-usuario', payload, headers: { ...headers, ...bearer(admin) } });
    expect(res.statusCode, res.body).toBe(200);

    const after = await bySite();
    const bilbao = site(after, 'Bilbao');
    expect(site(after, 'Madrid Castellana')).toMatchObject({ agentes: (castellana?.agentes ?? 0) - 1, iniciaron: (castellana?.iniciaron ?? 0) - 1 });
    expect(bilbao).toMatchObject({ agentes: (site(before, 'Bilbao')?.agentes ?? 0) + 2, iniciaron: (site(before, 'Bilbao')?.iniciaron ?? 0) + 1 });
    expect(bilbao?.puntos).toBeGreaterThan(site(before, 'Bilbao')?.puntos ?? 0);
    const arganzuela = site(after, 'Madrid Arganzuela');
    expect(arganzuela?.agentes ?? 0).toBe((site(before, 'Madrid Arganzuela')?.agentes ?? 0) - 1);

    const overview = coachingOverviewSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/seguimiento/resumen/3', headers: bearer(admin) })).json());
    await rebuildCoaching(ctx.db);
    expect(await bySite()).toEqual(after);
    expect(coachingOverviewSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/seguimiento/resumen/3', headers: bearer(admin) })).json())).toEqual(overview);
  });
});
