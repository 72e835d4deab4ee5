import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryResponse, MaintenanceResponse } from '#contract/programme-settings';
import { recordChange } from '#server/modules/programme/audit';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

// Programa › Mantenimiento and Historial de cambios through the real routes: what the admin's
// screen relies on (the caller's IP, the one spelling of each address, the refusal that keeps
// the admin in), and that every refused request leaves the setting and its history as they were.
const ADMIN_IP = '203.0.113.10';
const URL_MAINTENANCE = '/api/programa/mantenimiento';
const URL_HISTORY = '/api/programa/historial';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await ctx.signIn('admin@impecable.demo');
});
afterAll(async () => {
  await ctx.close();
});

const put = (payload: unknown, remoteAddress = ADMIN_IP) =>
  ctx.app.inject({ method: 'PUT', url: URL_MAINTENANCE, payload: payload as object, headers: bearer(admin), remoteAddress });
const get = (url: string, remoteAddress = ADMIN_IP) => ctx.app.inject({ method: 'GET', url, headers: bearer(admin), remoteAddress });

/** The setting and its history rows, to prove a refusal changed nothing. */
async function stored() {
  const settings = await ctx.db.selectFrom('settings').selectAll().execute();
  const changes = await ctx.db.selectFrom('content_changes').select(['id', 'area', 'action']).orderBy('id').execute();
  return { settings, changes };
}

describe('maintenance', () => {
  beforeEach(async () => {
    // Back to open, through the route, from an address the list lets in.
    expect((await put({ state: 0, allowlist: [] })).statusCode).toBe(200);
  });

  it('starts open with an empty list and shows the caller its own IP, as the server sees it', async () => {
    const res = await get(URL_MAINTENANCE, '::ffff:203.0.113.10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 0, allowlist: [], yourIp: ADMIN_IP, forcedOff: false });
  });

  it('stores each address once in its one spelling, and records before and after in the history', async () => {
    const res = await put({ state: 1, allowlist: [' 203.0.113.10 ', '2001:DB8:0:0::7', '', '::ffff:10.0.0.1'] });
    expect(res.statusCode).toBe(200);
    const body = res.json() as MaintenanceResponse;
    expect(body).toMatchObject({ state: 1, allowlist: [ADMIN_IP, '2001:db8::7', '10.0.0.1'], yourIp: ADMIN_IP });
    expect(body.updatedAt).toEqual(expect.any(String));
    const history = (await get(`${URL_HISTORY}?area=mantenimiento&limit=1`)).json() as HistoryResponse;
    expect(history.changes[0]).toMatchObject({
      who: { name: 'Admin Impecable', email: 'admin@impecable.demo' }, area: 'mantenimiento', entity: 'setting', entityId: 'maintenance',
      action: 'turned-on', before: { state: 0, allowlist: [] }, after: { state: 1, allowlist: [ADMIN_IP, '2001:db8::7', '10.0.0.1'] },
    });
  });

  it('writes no history for a change that changes nothing', async () => {
    const before = await stored();
    expect((await put({ state: 0, allowlist: [] })).statusCode).toBe(200);
    expect(await stored()).toEqual(before);
  });

  it('refuses turning maintenance on without the caller\'s own IP (409), naming it, and changes nothing', async () => {
    const before = await stored();
    const res = await put({ state: 1, allowlist: ['203.0.113.11'] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, error: 'Añade tu IP (203.0.113.10) a la lista o te quedarás fuera' });
    expect(await stored()).toEqual(before);
    // The same list with maintenance off is fine: it locks nobody out.
    expect((await put({ state: 0, allowlist: ['203.0.113.11'] })).statusCode).toBe(200);
  });

  it.each([
    ['an address that is none', { state: 0, allowlist: ['10.0.0.1', 'mi-casa'] }, 400, /línea 2: «mi-casa» no es una dirección IP válida/],
    ['a repeated address, spelled otherwise', { state: 0, allowlist: ['10.0.0.1', '::ffff:10.0.0.1'] }, 400, /línea 2: La dirección 10.0.0.1 está repetida/],
    ['twelve addresses', { state: 1, allowlist: [ADMIN_IP, ...Array.from({ length: 11 }, (_, i) => `10.0.0.${i}`)] }, 400, /como mucho 11 direcciones \(tiene 12\)/],
    ['a range', { state: 0, allowlist: ['10.0.0.0/8'] }, 400, /no es una dirección IP válida/],
    ['state 2', { state: 2, allowlist: [] }, 400, /Datos no válidos \(state\)/],
    ['state as text', { state: '1', allowlist: [] }, 400, /Datos no válidos \(state\)/],
    ['no list', { state: 0 }, 400, /Datos no válidos \(allowlist\)/],
    ['a list of numbers', { state: 0, allowlist: [10] }, 400, /Datos no válidos \(allowlist.0\)/],
    ['an over-long line', { state: 0, allowlist: ['1'.repeat(101)] }, 400, /Datos no válidos \(allowlist.0\)/],
    ['a hundred and one lines', { state: 0, allowlist: Array.from({ length: 101 }, () => '') }, 400, /Datos no válidos \(allowlist\)/],
    ['a list as text', { state: 0, allowlist: '10.0.0.1' }, 400, /Datos no válidos \(allowlist\)/],
  ])('refuses %s with a clear 400 and changes nothing', async (_name, payload, status, message) => {
    const before = await stored();
    const res = await put(payload);
    expect(res.statusCode).toBe(status);
    expect((res.json() as { error: string }).error).toMatch(message);
    expect(await stored()).toEqual(before);
  });

  it('refuses a body that is not JSON, and changes nothing', async () => {
    const before = await stored();
    const res = await ctx.app.inject({ method: 'PUT', url: URL_MAINTENANCE, payload: '{"state":', headers: { ...bearer(admin), 'content-type': 'application/json' }, remoteAddress: ADMIN_IP });
    expect(res.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('refuses an agent (403) before reading the body, and changes nothing', async () => {
    const before = await stored();
    const agent = await ctx.signIn('ana@impecable.demo');
    const res = await ctx.app.inject({ method: 'PUT', url: URL_MAINTENANCE, payload: { state: 9 }, headers: bearer(agent), remoteAddress: ADMIN_IP });
    expect(res.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
  });
});

describe('history', () => {
  beforeAll(async () => {
    const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', 'admin@impecable.demo').executeTakeFirstOrThrow();
    const editor = { user, ip: ADMIN_IP };
    for (let i = 1; i <= 7; i += 1) {
      await recordChange(ctx.db, editor, { area: 'videos', entity: 'video', entityId: i, action: 'updated', before: { title: `Vídeo ${i}` }, after: { title: `Vídeo ${i}!` } });
    }
    await recordChange(ctx.db, null, { area: 'paquete', entity: 'pack', entityId: 'demo', action: 'imported', before: null, after: { attributes: 8 } });
  });

  it('lists the newest first and pages by cursor without gaps or repeats', async () => {
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const res = await get(`${URL_HISTORY}?area=videos&limit=3${cursor === null ? '' : `&cursor=${cursor}`}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as HistoryResponse;
      seen.push(...page.changes.map((c) => c.id));
      expect(page.changes.every((c) => c.area === 'videos')).toBe(true);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(7);
    expect(seen).toEqual([...seen].sort((x, y) => y - x));
    const first = (await get(`${URL_HISTORY}?area=videos&limit=1`)).json() as HistoryResponse;
    expect(first.changes[0]).toMatchObject({ entity: 'video', entityId: '7', action: 'updated', before: { title: 'Vídeo 7' }, after: { title: 'Vídeo 7!' } });
    expect(Date.parse(first.changes[0]?.when ?? '')).not.toBeNaN();
  });

  it('filters by entity and by who (id, or part of a name or e-mail); the system\'s rows have no one', async () => {
    const system = (await get(`${URL_HISTORY}?entity=pack`)).json() as HistoryResponse;
    expect(system.changes).toEqual([expect.objectContaining({ who: null, area: 'paquete', action: 'imported', before: null, after: { attributes: 8 } })]);
    const byName = (await get(`${URL_HISTORY}?actor=${encodeURIComponent('ADMIN imp')}&area=videos`)).json() as HistoryResponse;
    expect(byName.changes).toHaveLength(7);
    const adminId = byName.changes[0]?.who?.id;
    expect(((await get(`${URL_HISTORY}?actor=${adminId}&area=videos`)).json() as HistoryResponse).changes).toHaveLength(7);
    expect(((await get(`${URL_HISTORY}?actor=${encodeURIComponent('%')}`)).json() as HistoryResponse).changes).toEqual([]);
  });

  it.each([
    ['an unknown area', '?area=nada', /Datos no válidos \(area\)/],
    ['a cursor that is no number', '?cursor=abc', /Datos no válidos \(cursor\)/],
    ['a page too large', '?limit=1000', /Datos no válidos \(limit\)/],
    ['a negative cursor', '?cursor=-1', /Datos no válidos \(cursor\)/],
  ])('refuses %s with a clear 400', async (_name, query, message) => {
    const res = await get(`${URL_HISTORY}${query}`);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toMatch(message);
  });
});
