import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentsResponseSchema, brandsResponseSchema, platformSitesResponseSchema, sitesResponseSchema } from '#contract/admin';
import { loginResponseSchema } from '#contract/session';
import type { UserRow } from '#server/db/schema';
import { IMPERSONATION_EARNS_NOTHING, IMPERSONATION_READ_ONLY } from '#server/plugins/auth';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { NO_ACCESS, NO_SUCH_AGENT, OUT_OF_SCOPE } from './service.ts';

// Demo placement (seedMinimal): Ana (brand 2) at Madrid Castellana and Bruno (brand 1) at
// Madrid Arganzuela, both Plataforma Centro, which is also PLATAFORMA's platform; Nuevo has no
// nickname. Carla (brand 2) and Dani (brand 1) are added at Bilbao, Plataforma Norte.
let ctx: TestContext;
const tokens: Record<string, string> = {};

async function addAgent(nick: string, brandId: number, siteName: string): Promise<UserRow> {
  const site = await ctx.db.selectFrom('sites').select(['id', 'platform_id']).where('name', '=', siteName).executeTakeFirstOrThrow();
  return ctx.db.insertInto('users')
    .values({ email: `${nick.toLowerCase()}@cliente.example`, name: `${nick} Prueba`, nick_name: nick, brand_id: brandId, site_id: site.id, platform_id: site.platform_id })
    .returningAll().executeTakeFirstOrThrow();
}

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  await addAgent('Carla', 2, 'Bilbao');
  await addAgent('Dani', 1, 'Bilbao');
  for (const who of ['admin', 'interno', 'plataforma', 'latam', 'ana']) tokens[who] = await tokenFor(ctx, await userByEmail(ctx.db, `${who}@impecable.demo`));
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, who: string) => ctx.app.inject({ method: 'GET', url: `/api/navegacion-simulada/${url}`, headers: bearer(tokens[who] ?? who) });
const data = async (url: string, who: string) => {
  const res = await get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { data: unknown } }).data.data;
};
const status = async (url: string, who: string) => {
  const res = await get(url, who);
  return [res.statusCode, (res.json() as { error?: string }).error];
};
const loginAs = (nick: unknown, token: string, remoteAddress = '203.0.113.7') => ctx.app.inject({
  method: 'POST', url: '/api/auth/login-as-user', payload: { nick_name: nick }, remoteAddress,
  headers: { ...bearer(token), 'user-agent': 'Kiosco/1.0' },
});
const audits = () => ctx.db.selectFrom('impersonation_audit').selectAll().orderBy('id').execute();

describe('GET navegacion-simulada/marcas', () => {
  it.each([
    ['admin', ['Marca 1', 'Marca 2']],
    ['interno', ['Marca 2']],
    // PLATAFORMA (brand 2): its platform also serves brand 1, whose agents are not its to see.
    ['plataforma', ['Marca 2']],
  ])('%s sees %j, shaped as data.data.marcas', async (who, marcas) => {
    const res = await get('marcas', who);
    expect(brandsResponseSchema.parse(res.json())).toEqual({ success: true, data: { data: { marcas } } });
  });

  it.each(['latam', 'ana'])('%s gets 403 "No tienes acceso a esta sección"', async (who) => {
    expect(await status('marcas', who)).toEqual([403, NO_ACCESS]);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/navegacion-simulada/marcas' })).statusCode).toBe(401);
  });
});

describe('GET navegacion-simulada/sedes/{brand}', () => {
  it('gives admin and INTERNO every site of the brand with its platforms', async () => {
    const expected = { sedes: ['Bilbao', 'Madrid Castellana'], plataformas: ['Plataforma Centro', 'Plataforma Norte'] };
    expect(sitesResponseSchema.parse((await get('sedes/Marca%202', 'admin')).json()).data.data).toEqual(expected);
    expect(await data('sedes/Marca%202', 'interno')).toEqual(expected);
  });

  it('gives PLATAFORMA only the sites of its own platform within its own brand, with that platform', async () => {
    expect(await data('sedes/Marca%202', 'plataforma')).toEqual({ sedes: ['Madrid Castellana'], plataformas: ['Plataforma Centro'] });
    expect(await status('sedes/Marca%201', 'plataforma')).toEqual([403, NO_ACCESS]);
  });

  it('refuses INTERNO another brand, and everyone an unknown brand', async () => {
    expect(await status('sedes/Marca%201', 'interno')).toEqual([403, NO_ACCESS]);
    expect(await status('sedes/Marca%209', 'admin')).toEqual([404, 'No existe esa marca']);
    expect(await status('sedes/Marca%202', 'latam')).toEqual([403, NO_ACCESS]);
  });
});

describe('GET navegacion-simulada/plataformas/{brand}/{platform}', () => {
  it('lists the sites of a platform for INTERNO and admin', async () => {
    const res = await get('plataformas/Marca%202/Plataforma%20Norte', 'interno');
    expect(platformSitesResponseSchema.parse(res.json()).data.data).toEqual({ plataformas: ['Bilbao'] });
    expect(await data('plataformas/Marca%201/Plataforma%20Norte', 'admin')).toEqual({ plataformas: ['Bilbao'] });
  });

  it('refuses PLATAFORMA another platform and INTERNO another brand', async () => {
    expect(await status('plataformas/Marca%202/Plataforma%20Norte', 'plataforma')).toEqual([403, NO_ACCESS]);
    expect(await data('plataformas/Marca%202/Plataforma%20Centro', 'plataforma')).toEqual({ plataformas: ['Madrid Castellana'] });
    expect(await status('plataformas/Marca%201/Plataforma%20Norte', 'interno')).toEqual([403, NO_ACCESS]);
    expect(await status('plataformas/Marca%202/Plataforma%20Nada', 'admin')).toEqual([404, 'No existe esa plataforma']);
  });
});

describe('GET navegacion-simulada/agentes/{brand}/{site}', () => {
  it('lists the agents with a nickname (value) and name (label); supervisors and agents without nickname are left out', async () => {
    const res = await get('agentes/Marca%202/Madrid%20Castellana', 'interno');
    expect(agentsResponseSchema.parse(res.json()).data.data).toEqual({ agentes: [{ nick_name: 'AnaImpecable', name: 'Ana García Romero' }] });
  });

  it('keeps each profile inside its scope', async () => {
    expect(await data('agentes/Marca%202/Madrid%20Castellana', 'plataforma')).toEqual({ agentes: [{ nick_name: 'AnaImpecable', name: 'Ana García Romero' }] });
    expect(await status('agentes/Marca%201/Madrid%20Arganzuela', 'plataforma')).toEqual([403, NO_ACCESS]);
    expect(await status('agentes/Marca%202/Bilbao', 'plataforma')).toEqual([403, NO_ACCESS]);
    expect(await status('agentes/Marca%201/Madrid%20Arganzuela', 'interno')).toEqual([403, NO_ACCESS]);
    expect(await data('agentes/Marca%201/Bilbao', 'admin')).toEqual({ agentes: [{ nick_name: 'Dani', name: 'Dani Prueba' }] });
    expect(await status('agentes/Marca%202/Atlantis', 'admin')).toEqual([404, 'No existe esa sede']);
    expect(await status('agentes/Marca%202/Madrid%20Castellana', 'ana')).toEqual([403, NO_ACCESS]);
  });
});

describe('POST /auth/login-as-user', () => {
  it.each([
    ['admin', 'Dani'],
    ['admin', 'anaimpecable'],
    ['interno', 'AnaImpecable'],
    ['interno', 'Carla'],
    ['plataforma', 'AnaImpecable'],
  ])('%s may browse as %s: a session as the agent and an audit row', async (who, nick) => {
    const before = (await audits()).length;
    const res = await loginAs(nick, tokens[who] ?? '');
    expect(res.statusCode, res.body).toBe(200);
    const body = loginResponseSchema.parse(res.json());
    expect(body.data?.user.nick_name?.toLowerCase()).toBe(nick.toLowerCase());
    expect(body.data?.sync_token).toBeUndefined();

    const supervisor = await userByEmail(ctx.db, `${who}@impecable.demo`);
    const rows = await audits();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ impersonator_user_id: supervisor.id, target_user_id: body.data?.user.id, ip: '203.0.113.7', user_agent: 'Kiosco/1.0' });
    const session = await ctx.db.selectFrom('sessions').selectAll().where('id', '=', rows.at(-1)?.session_id ?? 0).executeTakeFirstOrThrow();
    expect([session.user_id, session.impersonator_user_id, session.revoked_at]).toEqual([body.data?.user.id, supervisor.id, null]);

    const me = await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(body.data?.token ?? '') });
    expect(me.statusCode).toBe(200);
  });

  it.each([
    ['interno', 'BrunoRing', 403, OUT_OF_SCOPE],
    ['interno', 'Dani', 403, OUT_OF_SCOPE],
    ['plataforma', 'Carla', 403, OUT_OF_SCOPE],
    // Bruno works on PLATAFORMA's platform, but for brand 1.
    ['plataforma', 'BrunoRing', 403, OUT_OF_SCOPE],
    ['admin', 'InesInterno', 403, OUT_OF_SCOPE],
    ['admin', 'NadieConEseNick', 404, NO_SUCH_AGENT],
    ['latam', 'AnaImpecable', 403, NO_ACCESS],
    ['ana', 'BrunoRing', 403, NO_ACCESS],
    ['admin', '  ', 400, expect.stringContaining('Tienes que elegir un agente')],
  ])('%s → %j is refused with %i and no audit row', async (who, nick, code, error) => {
    const before = (await audits()).length;
    const res = await loginAs(nick, tokens[who] ?? '');
    expect([res.statusCode, res.json()]).toEqual([code, expect.objectContaining({ success: false, error })]);
    expect(await audits()).toHaveLength(before);
  });

  it('cannot be chained from an impersonation session, nor open simulated navigation in it', async () => {
    const agentToken = loginResponseSchema.parse((await loginAs('AnaImpecable', tokens.admin ?? '')).json()).data?.token ?? '';
    const res = await loginAs('BrunoRing', agentToken);
    expect([res.statusCode, res.json().error]).toEqual([403, IMPERSONATION_READ_ONLY]);
    expect(await status('marcas', agentToken)).toEqual([403, NO_ACCESS]);
  });

  it('"salir" revokes the agent token only; the supervisor carries on and the audit row shows when it ended', async () => {
    const answer = loginResponseSchema.parse((await loginAs('Carla', tokens.interno ?? '')).json());
    const agentToken = answer.data?.token ?? '';
    ctx.clock.advance(60_000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(agentToken) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(agentToken) })).statusCode).toBe(401);
    expect((await get('marcas', 'interno')).statusCode).toBe(200);
    const row = (await audits()).at(-1);
    const session = await ctx.db.selectFrom('sessions').select('revoked_at').where('id', '=', row?.session_id ?? 0).executeTakeFirstOrThrow();
    expect(session.revoked_at).toEqual(ctx.clock.now());
  });
});

describe('an impersonation session earns and spends nothing', () => {
  let agentToken: string;
  beforeAll(async () => {
    agentToken = loginResponseSchema.parse((await loginAs('AnaImpecable', tokens.interno ?? '')).json()).data?.token ?? '';
  });

  it.each([
    ['video progress', 'POST', '/api/video/1/porcentaje', { porcentaje: 100 }],
    ['redeeming a prize', 'POST', '/api/cheque-motiva/cangear', { product: 1, value: 1 }],
    ['a quiz answer', 'POST', '/api/1/1/3/answer', { respuesta_id: 1 }],
    ['a reface upload', 'POST', '/api/refaces/upload', {}],
  ] as const)('%s is refused with the simulated-navigation message', async (_name, method, url, payload) => {
    const ledger = await ctx.db.selectFrom('points_ledger').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await ctx.app.inject({ method, url, payload, headers: { ...bearer(agentToken), 'x-occurred-at': ctx.clock.now().toISOString(), 'idempotency-key': crypto.randomUUID() } });
    expect([res.statusCode, res.json()]).toEqual([403, { success: false, error: IMPERSONATION_EARNS_NOTHING }]);
    const after = await ctx.db.selectFrom('points_ledger').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(ledger.n));
  });

  it('reading is allowed: the agent balance and catalogue', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(agentToken) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cheque-motiva/products', headers: bearer(agentToken) })).statusCode).toBe(200);
  });
});
