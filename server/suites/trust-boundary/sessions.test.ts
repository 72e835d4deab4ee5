// Trust boundary, sessions and roles (issue 15, items 9, 10, 11, 12, 14 and 15): each test
// performs the attack as an outside client would, through the HTTP API, and checks the
// refusal (a Spanish 4xx) and that nothing changed in the database. Never reaches into a
// service to provoke a state the API cannot reach, except to place test users.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, importResponseSchema } from '#contract/admin';
import { downloadResponseSchema } from '#contract/ranking';
import { loginResponseSchema } from '#contract/session';
import type { UserRow } from '#server/db/schema';
import { OUT_OF_SCOPE } from '#server/modules/navigation/service';
import { credit } from '#test-support/server/rankings';
import { csvOf, multipart } from '#test-support/server/import-files';
import { IMPERSONATION_EARNS_NOTHING, IMPERSONATION_READ_ONLY, SESSION_INVALID, STAFF_EARNS_NOTHING } from '#server/plugins/auth';
import { readFirstSheet } from '#server/spreadsheets/write';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

const NOW = new Date('2025-06-20T10:00:00Z');
const MINUTE = 60_000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW, env: { AUTH_RATE_LIMIT: '100000' } });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: unknown) => ctx.app.inject({
  method: 'POST', url, payload: payload as object,
  headers: { ...bearer(token), 'idempotency-key': randomUUID(), 'x-occurred-at': ctx.clock.now().toISOString() },
});
const refusal = (res: { statusCode: number; json: () => unknown }) => [res.statusCode, res.json()];
const userBy = (email: string) => ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const count = async (table: 'points_ledger' | 'log_events' | 'idempotency_records' | 'impersonation_audit' | 'sessions' | 'video_progress') =>
  Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

let serial = 0;
/** A new agent with a nickname, placed at a seeded site (its platform follows the site). */
async function placeAgent(brandId: number, siteName: string): Promise<UserRow> {
  serial += 1;
  const site = await ctx.db.selectFrom('sites').select(['id', 'platform_id']).where('name', '=', siteName).executeTakeFirstOrThrow();
  return ctx.db.insertInto('users').values({
    email: `frontera${serial}@cliente.example`, name: `Frontera ${serial}`, nick_name: `Frontera${serial}`,
    brand_id: brandId, site_id: site.id, platform_id: site.platform_id,
  }).returningAll().executeTakeFirstOrThrow();
}

/** POST /auth/login-as-user as the supervisor: the impersonation token. */
async function browseAs(supervisorToken: string, nick: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-as-user', payload: { nick_name: nick }, headers: bearer(supervisorToken) });
  expect(res.statusCode, res.body).toBe(200);
  return loginResponseSchema.parse(res.json()).data?.token ?? '';
}

/** An import by the admin through the real route (how a user's profile or placement changes). */
async function adminImports(rows: (string | number | null)[][]): Promise<void> {
  const { payload, headers } = multipart('cambios.csv', csvOf([[...IMPORT_COLUMNS], ...rows]));
  const res = await ctx.app.inject({ method: 'POST', url: '/api/importar-usuario', payload, headers: { ...headers, ...bearer(await ctx.signIn('admin@impecable.demo')) } });
  expect(res.statusCode, res.body).toBe(200);
  importResponseSchema.parse(res.json());
}

describe('15.9 ending the supervisor session ends the impersonation sessions it opened', () => {
  it('a supervisor signing out revokes the agent tokens it opened: they answer 401 and are revoked in the database', async () => {
    const agent = await placeAgent(2, 'Madrid Castellana');
    const supervisor = await ctx.signIn('interno@impecable.demo');
    const asAgent = await browseAs(supervisor, agent.nick_name ?? '');
    expect((await get('/api/imps', asAgent)).statusCode).toBe(200);

    expect((await get('/api/auth/logout', supervisor)).statusCode).toBe(200);

    expect(refusal(await get('/api/imps', asAgent))).toEqual([401, { success: false, error: SESSION_INVALID }]);
    const audit = await ctx.db.selectFrom('impersonation_audit').select('session_id').where('target_user_id', '=', agent.id).executeTakeFirstOrThrow();
    const session = await ctx.db.selectFrom('sessions').select('revoked_at').where('id', '=', audit.session_id ?? 0).executeTakeFirstOrThrow();
    expect(session.revoked_at).toEqual(ctx.clock.now());
  });

  it('browsing as an agent keeps the supervisor session alive; when both go idle, both end', async () => {
    const agent = await placeAgent(2, 'Madrid Castellana');
    const supervisor = await ctx.signIn('interno@impecable.demo');
    const asAgent = await browseAs(supervisor, agent.nick_name ?? '');
    // A quarter of an hour of simulated navigation, longer than the supervisor idle limit.
    for (let minute = 0; minute < 15; minute += 2) {
      ctx.clock.advance(2 * MINUTE);
      expect((await get('/api/imps', asAgent)).statusCode).toBe(200);
    }
    // "salir": back to the supervisor, who is still signed in.
    expect((await get('/api/navegacion-simulada/marcas', supervisor)).statusCode).toBe(200);

    ctx.clock.advance(ctx.config.supervisorIdleMinutes * MINUTE + MINUTE);
    expect(refusal(await get('/api/imps', asAgent))).toEqual([401, { success: false, error: SESSION_INVALID }]);
    expect((await get('/api/navegacion-simulada/marcas', supervisor)).statusCode).toBe(401);
  });

  it('the scope is checked on every call: an agent moved out of the supervisor\'s platform can no longer be browsed', async () => {
    const agent = await placeAgent(2, 'Madrid Castellana');
    const supervisor = await ctx.signIn('plataforma@impecable.demo');
    const asAgent = await browseAs(supervisor, agent.nick_name ?? '');
    expect((await get('/api/imps', asAgent)).statusCode).toBe(200);

    await adminImports([[agent.name, agent.email, null, null, null, null, 2, 'Plataforma Norte', 'Bilbao', null]]);

    expect(refusal(await get('/api/imps', asAgent))).toEqual([401, { success: false, error: SESSION_INVALID }]);
    expect((await get('/api/navegacion-simulada/marcas', supervisor)).statusCode).toBe(200);
  });

  it('the scope is checked on every call: a supervisor who lost the profile can no longer browse', async () => {
    const agent = await placeAgent(2, 'Madrid Castellana');
    await ctx.db.insertInto('users').values({ email: 'supervisora@impecable.demo', name: 'Supervisora Temporal', nick_name: 'SupervisoraTemporal', perfil: 'INTERNO', brand_id: 2 }).execute();
    const supervisor = await ctx.signIn('supervisora@impecable.demo');
    const asAgent = await browseAs(supervisor, agent.nick_name ?? '');
    expect((await get('/api/imps', asAgent)).statusCode).toBe(200);

    await adminImports([['Supervisora Temporal', 'supervisora@impecable.demo', null, null, 'LATAM', null, 2, null, null, null]]);

    expect(refusal(await get('/api/imps', asAgent))).toEqual([401, { success: false, error: SESSION_INVALID }]);
  });
});

describe('15.10 an impersonation session only looks', () => {
  let agent: UserRow;
  let asAgent: string;
  beforeAll(async () => {
    agent = await placeAgent(2, 'Madrid Castellana');
    asAgent = await browseAs(await ctx.signIn('admin@impecable.demo'), agent.nick_name ?? '');
  });

  it('cannot rename the agent (the nickname shows in the rankings)', async () => {
    const before = await count('idempotency_records');
    const res = await post('/api/crear-nickname', asAgent, { nick_name: 'Renombrada' });
    expect(refusal(res)).toEqual([403, { success: false, error: IMPERSONATION_READ_ONLY }]);
    expect((await userBy(agent.email)).nick_name).toBe(agent.nick_name);
    expect(await count('idempotency_records')).toBe(before);
  });

  it('cannot write log events as the agent', async () => {
    const before = await count('log_events');
    const res = await post('/api/log/register', asAgent, { action: 'Clic banner home accesible' });
    expect(refusal(res)).toEqual([403, { success: false, error: IMPERSONATION_READ_ONLY }]);
    expect(await count('log_events')).toBe(before);
  });

  it('cannot open another impersonation from inside one', async () => {
    const before = await count('impersonation_audit');
    const res = await post('/api/auth/login-as-user', asAgent, { nick_name: 'AnaImpecable' });
    expect(refusal(res)).toEqual([403, { success: false, error: IMPERSONATION_READ_ONLY }]);
    expect(await count('impersonation_audit')).toBe(before);
  });

  it('earning routes keep their own message', async () => {
    const res = await post('/api/video/7/porcentaje', asAgent, { porcentaje: 100 });
    expect(refusal(res)).toEqual([403, { success: false, error: IMPERSONATION_EARNS_NOTHING }]);
  });

  it('reads still work, and GET /auth/logout ends it', async () => {
    expect((await get('/api/imps', asAgent)).statusCode).toBe(200);
    expect((await get('/api/album', asAgent)).statusCode).toBe(200);
    expect((await get('/api/auth/logout', asAgent)).statusCode).toBe(200);
    expect((await get('/api/imps', asAgent)).statusCode).toBe(401);
  });
});

describe('15.11 only agents earn', () => {
  const EARNING: [string, string, unknown][] = [
    ['video progress', '/api/video/7/porcentaje', { porcentaje: 100 }],
    ['starting a quiz', '/api/start/3/quizz/1', {}],
    ['a quiz answer', '/api/1/1/3/answer', { respuesta_id: 1 }],
    ['a reface upload', '/api/refaces/upload', {}],
    ['redeeming a prize', '/api/cheque-motiva/cangear', { product: 1, value: 1 }],
  ];
  it.each(['admin', 'interno', 'plataforma', 'latam'])('%s is refused on every earning route, and nothing is recorded', async (who) => {
    const token = await ctx.signIn(`${who}@impecable.demo`);
    const before = { ledger: await count('points_ledger'), progress: await count('video_progress'), claims: await count('idempotency_records') };
    for (const [name, url, payload] of EARNING) {
      expect(refusal(await post(url, token, payload)), name).toEqual([403, { success: false, error: STAFF_EARNS_NOTHING }]);
    }
    expect({ ledger: await count('points_ledger'), progress: await count('video_progress'), claims: await count('idempotency_records') }).toEqual(before);
  });
});

describe('15.12 PLATAFORMA reaches its platforms within its own brand', () => {
  let intruder: UserRow;
  let plataforma: string;
  beforeAll(async () => {
    // A brand-1 agent on Plataforma Centro, the (brand-2) PLATAFORMA user's platform, with points.
    intruder = await placeAgent(1, 'Madrid Arganzuela');
    await credit(ctx.db, intruder.id, 90, 3, new Date('2025-06-10T10:00:00Z'));
    plataforma = await ctx.signIn('plataforma@impecable.demo');
  });

  it('does not list the other brand, its sites or its agents', async () => {
    const brands = await get('/api/navegacion-simulada/marcas', plataforma);
    expect(brands.json()).toEqual({ success: true, data: { data: { marcas: ['Marca 2'] } } });
    for (const url of ['sedes/Marca%201', 'plataformas/Marca%201/Plataforma%20Centro', 'agentes/Marca%201/Madrid%20Arganzuela']) {
      const res = await get(`/api/navegacion-simulada/${url}`, plataforma);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ success: false, error: expect.stringMatching(/acceso/) });
    }
  });

  it('cannot browse as a brand-1 agent of its platform: no session, no audit row', async () => {
    const before = { audit: await count('impersonation_audit'), sessions: await count('sessions') };
    const res = await post('/api/auth/login-as-user', plataforma, { nick_name: intruder.nick_name });
    expect(refusal(res)).toEqual([403, { success: false, error: OUT_OF_SCOPE }]);
    expect({ audit: await count('impersonation_audit'), sessions: await count('sessions') }).toEqual(before);
  });

  it.each(['/api/descargar-ranking-global', '/api/descargar-ranking-marca/3', '/api/descargar-ranking-marca/3/sede'])(
    'does not download brand-1 e-mails (%s)', async (url) => {
      const answer = downloadResponseSchema.parse((await get(url, plataforma)).json());
      const rows = readFirstSheet((await get(answer.download_url ?? '', plataforma)).rawPayload);
      const emails = rows.slice(1).map((r) => r[3]);
      expect(emails.length).toBeGreaterThan(0);
      expect(emails).not.toContain(intruder.email);
      expect(emails).not.toContain('bruno@impecable.demo');
      expect(rows.slice(1).every((r) => r[4] === 'Marca 2')).toBe(true);
    },
  );
});

describe('15.14 activity keeps a session, whatever the idle limit', () => {
  it('SUPERVISOR_IDLE_MINUTES=1: requests every 20 s for 5 minutes stay signed in; 61 s of nothing signs out', async () => {
    const short = await createTestApp({ now: NOW, env: { AUTH_RATE_LIMIT: '100000', SUPERVISOR_IDLE_MINUTES: '1' } });
    try {
      const token = await short.signIn('interno@impecable.demo');
      // The app's first call comes a moment after sign-in, as in a browser.
      short.clock.advance(1_000);
      const statuses: number[] = [];
      for (let elapsed = 0; elapsed <= 5 * MINUTE; elapsed += 20_000) {
        statuses.push((await short.app.inject({ method: 'GET', url: '/api/ceck-admin', headers: bearer(token) })).statusCode);
        short.clock.advance(20_000);
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
      short.clock.advance(61_000 - 20_000);
      const idle = await short.app.inject({ method: 'GET', url: '/api/ceck-admin', headers: bearer(token) });
      expect(refusal(idle)).toEqual([401, { success: false, error: SESSION_INVALID }]);
    } finally {
      await short.close();
    }
  });
});

describe('15.15 personal answers are never stored by a cache', () => {
  it('every authenticated answer says Cache-Control: no-store; stricter route values are kept', async () => {
    const ana = await ctx.signIn('ana@impecable.demo');
    for (const url of ['/api/imps', '/api/listado-imps', '/api/album', '/api/cheque-motiva/ordenes/user', '/api/atributos', '/api/ceck-admin', '/api/ranking/global', '/api/refaces/status/3']) {
      const res = await get(url, ana);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/^(private, )?no-store$/);
    }
    // A refusal to a signed-in caller is personal too.
    expect((await get('/api/listado-peru', ana)).headers['cache-control']).toBe('no-store');
    const portrait = await ctx.db.selectFrom('refaces').innerJoin('users', 'users.id', 'refaces.user_id')
      .select('refaces.image_path').where('users.email', '=', 'ana@impecable.demo').where('refaces.image_path', 'is not', null).executeTakeFirstOrThrow();
    const image = await get(`/api/download-image?path=${encodeURIComponent(portrait.image_path ?? '')}`, ana);
    expect([image.statusCode, image.headers['cache-control']]).toEqual([200, 'private, no-store']);
  });

  it('public answers are left alone', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).headers['cache-control']).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/importar-usuario/plantilla' })).headers['cache-control']).toBe('public, max-age=3600');
  });
});
