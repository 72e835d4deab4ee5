import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAdminResponseSchema, nicknameResponseSchema } from '#contract/session';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
let nuevo: string;

beforeAll(async () => {
  ctx = await createTestApp();
  nuevo = await ctx.signIn('nuevo@impecable.demo');
});
afterAll(async () => {
  await ctx.close();
});

const setNick = (payload: unknown, token = nuevo) => ctx.app.inject({ method: 'POST', url: '/api/crear-nickname', headers: bearer(token), payload: payload as object });

describe('POST /api/crear-nickname', () => {
  it.each<[string, unknown, number, string]>([
    ['empty', { nick_name: '' }, 400, 'El Nick Name es obligatorio.'],
    ['only spaces', { nick_name: '   ' }, 400, 'El Nick Name es obligatorio.'],
    ['missing field', {}, 400, 'El Nick Name es obligatorio.'],
    ['too long', { nick_name: 'n'.repeat(31) }, 400, 'El Nick Name no puede tener más de 30 caracteres.'],
    ['taken by Ana, other case', { nick_name: 'anaimpecable' }, 409, 'Ese Nick Name ya está en uso.'],
  ])('refuses %s', async (_name, payload, status, error) => {
    const res = await setNick(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, error });
  });

  it('saves a trimmed nickname and the session user shows it', async () => {
    const res = await setNick({ nick_name: '  Nuevo Crack ' });
    expect(res.statusCode).toBe(200);
    expect(nicknameResponseSchema.parse(res.json())).toEqual({ success: true, data: { nick_name: 'Nuevo Crack' } });
    const row = await ctx.db.selectFrom('users').select('nick_name').where('email', '=', 'nuevo@impecable.demo').executeTakeFirstOrThrow();
    expect(row.nick_name).toBe('Nuevo Crack');
  });

  it('lets a user save their own nickname again in another case', async () => {
    expect((await setNick({ nick_name: 'NUEVO CRACK' })).statusCode).toBe(200);
  });
});

describe('idempotent nickname writes (Idempotency-Key)', () => {
  const withKey = (key: string, payload: object, token = nuevo) => ctx.app.inject({
    method: 'POST', url: '/api/crear-nickname', payload, headers: { ...bearer(token), 'idempotency-key': key },
  });

  it('replays the first response verbatim and writes once', async () => {
    const first = await withKey('5b0c6a9e-0000-4000-8000-000000000001', { nick_name: 'Replayer' });
    // Someone else changes the nickname meanwhile: a replay must not write again.
    await ctx.db.updateTable('users').set({ nick_name: 'CambiadoEntreMedias' }).where('email', '=', 'nuevo@impecable.demo').execute();
    const replay = await withKey('5b0c6a9e-0000-4000-8000-000000000001', { nick_name: 'Replayer' });
    expect(replay.statusCode).toBe(first.statusCode);
    expect(replay.body).toBe(first.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const row = await ctx.db.selectFrom('users').select('nick_name').where('email', '=', 'nuevo@impecable.demo').executeTakeFirstOrThrow();
    expect(row.nick_name).toBe('CambiadoEntreMedias');
  });

  it('replays a stored 4xx too (the first answer is the answer)', async () => {
    const first = await withKey('k-409', { nick_name: 'AnaImpecable' });
    expect(first.statusCode).toBe(409);
    const replay = await withKey('k-409', { nick_name: 'AnaImpecable' });
    expect([replay.statusCode, replay.body]).toEqual([409, first.body]);
  });

  it('answers 422 when the same key comes with another body', async () => {
    expect((await withKey('k-422', { nick_name: 'Primero' })).statusCode).toBe(200);
    const res = await withKey('k-422', { nick_name: 'Segundo' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, error: 'La clave de idempotencia ya se usó con otra petición' });
  });

  it('keeps keys per user: the same key from another user is a new request', async () => {
    const bruno = await ctx.signIn('bruno@impecable.demo');
    const res = await withKey('k-422', { nick_name: 'BrunoNuevo' }, bruno);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { nick_name: 'BrunoNuevo' } });
  });

  it('answers 409 while the first request with that key is still in flight', async () => {
    const user = await ctx.db.selectFrom('users').select('id').where('email', '=', 'nuevo@impecable.demo').executeTakeFirstOrThrow();
    const { requestHash } = await import('#server/plugins/idempotency-store');
    await ctx.db.insertInto('idempotency_records').values({
      user_id: user.id, key: 'k-flight', request_hash: requestHash('POST', '/api/crear-nickname', { nick_name: 'Vuelo' }), created_at: ctx.clock.now(),
    }).execute();
    const res = await withKey('k-flight', { nick_name: 'Vuelo' });
    expect(res.statusCode).toBe(409);
    ctx.clock.advance(61_000); // the first request died: its claim is taken over
    expect((await withKey('k-flight', { nick_name: 'Vuelo' })).statusCode).toBe(200);
  });

  it('refuses a malformed key', async () => {
    expect((await withKey('con espacios y ñ', { nick_name: 'X' })).statusCode).toBe(400);
  });
});

describe('GET /api/ceck-admin', () => {
  it.each([
    ['ana@impecable.demo', false],
    ['latam@impecable.demo', false],
    ['interno@impecable.demo', true],
    ['plataforma@impecable.demo', true],
    ['admin@impecable.demo', true],
  ])('%s → isAdmin %s', async (email, isAdmin) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ceck-admin', headers: bearer(await ctx.signIn(email)) });
    expect(checkAdminResponseSchema.parse(res.json())).toEqual({ isAdmin });
  });
});
