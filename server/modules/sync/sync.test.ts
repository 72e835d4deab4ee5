import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAction } from '#contract/action-signature';
import { ADMIN_PATHS } from '#contract/admin';
import { API_BASE } from '#contract/common';
import { buildPath } from '#contract/paths';
import { QUIZ_PATHS } from '#contract/quiz';
import { REWARDS_PATHS } from '#contract/rewards';
import { AUTH_PATHS } from '#contract/session';
import { SYNC_PATHS, syncAnswerSchema, type SyncAction } from '#contract/sync';
import { TRAINING_PATHS } from '#contract/training';
import { createAgent, syncCredential } from '#test-support/server/agents';
import { requestHash } from '#server/plugins/idempotency-store';
import { agentWith, ledgerOf, optionOf, ordersOf, tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { NOT_BATCHABLE } from './gate.ts';

let ctx: TestContext;
const NOW = new Date('2025-06-20T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

function action(path: string, body: unknown, extra: Partial<SyncAction> = {}): SyncAction {
  return { id: randomUUID(), method: 'POST', path, occurredAt: NOW.toISOString(), signature: null, body, ...extra };
}
const logEvent = (text: string, extra: Partial<SyncAction> = {}) => action(TRAINING_PATHS.logEvent, { action: text }, extra);

/** The action as the outbox signs it when queued with the session's action key. */
async function signed(actionKey: string, unsigned: SyncAction): Promise<SyncAction> {
  const signature = await signAction(actionKey, {
    method: unsigned.method, url: `${API_BASE}${unsigned.path}`, idempotencyKey: unsigned.id,
    occurredAt: unsigned.occurredAt, bodyJson: JSON.stringify(unsigned.body),
  });
  return { ...unsigned, signature };
}

const sync = (token: string, acciones: unknown) =>
  ctx.app.inject({ method: 'POST', url: `${API_BASE}${SYNC_PATHS.batch}`, headers: bearer(token), payload: { acciones } });

async function results(token: string, acciones: SyncAction[]) {
  const res = await sync(token, acciones);
  expect(res.statusCode, res.body).toBe(200);
  return syncAnswerSchema.parse(res.json()).resultados;
}
const statuses = (list: { status: number }[]) => list.map((r) => r.status);

const events = (userId: number) => ctx.db.selectFrom('log_events').select('action').where('user_id', '=', userId).orderBy('id').execute()
  .then((rows) => rows.map((row) => row.action));
const records = (userId: number) => ctx.db.selectFrom('idempotency_records').select('key').where('user_id', '=', userId).execute()
  .then((rows) => rows.map((row) => row.key).sort());

describe('POST /api/sync', () => {
  it('runs the actions in order, each with its own result, as their own routes would', async () => {
    const fresh = await createAgent(ctx, 'Orden');
    const batch = ['uno', 'dos', 'tres'].map((text) => logEvent(`Evento ${text}`));
    const answered = await results(fresh.token, batch);
    expect(answered).toEqual(batch.map((a) => ({ id: a.id, status: 200, body: { success: true } })));
    expect(await events(fresh.user.id)).toEqual(['Evento uno', 'Evento dos', 'Evento tres']);
    expect(await records(fresh.user.id)).toEqual(batch.map((a) => a.id).sort());
  });

  it('changes nothing when the batch is replayed: same results, ledger and orders unchanged', async () => {
    const { user, token } = await agentWith(ctx, 500);
    const option = await optionOf(ctx.db, 'Tarjeta regalo Librería Alba', 1);
    const batch = [
      logEvent('Antes del canje'),
      action(REWARDS_PATHS.redeem, { product: option.id, value: option.valor_rings }),
      action(REWARDS_PATHS.redeem, { product: option.id, value: option.valor_rings }),
    ];
    const first = await results(token, batch);
    expect(first.map((r) => [r.status, (r.body as { status?: string }).status])).toEqual([[200, undefined], [200, 'ok'], [422, 'error']]);
    const ledger = await ledgerOf(ctx.db, user.id);
    expect(ledger.map((row) => row.amount)).toEqual([500, -500]);

    expect(await results(token, batch)).toEqual(first);
    expect(await ledgerOf(ctx.db, user.id)).toEqual(ledger);
    expect(await ordersOf(ctx.db, user.id)).toHaveLength(1);
    expect(await events(user.id)).toEqual(['Antes del canje']);
  });

  it('replays the answer an action already got on its own route (same Idempotency-Key)', async () => {
    const fresh = await createAgent(ctx, 'Suelta');
    const alone = logEvent('Enviado solo');
    const single = await ctx.app.inject({
      method: 'POST', url: `${API_BASE}${alone.path}`, payload: alone.body as object,
      headers: { ...bearer(fresh.token), 'idempotency-key': alone.id, 'x-occurred-at': alone.occurredAt },
    });
    expect(single.statusCode).toBe(200);
    expect(await results(fresh.token, [alone])).toEqual([{ id: alone.id, status: 200, body: { success: true } }]);
    expect(await events(fresh.user.id)).toEqual(['Enviado solo']);
  });

  it('goes on after a refused action (4xx), which keeps its own answer', async () => {
    const fresh = await createAgent(ctx, 'Rechazo');
    const batch = [logEvent('Primero'), action(TRAINING_PATHS.logEvent, { accion: 'mal escrito' }), logEvent('Último')];
    const answered = await results(fresh.token, batch);
    expect(statuses(answered)).toEqual([200, 400, 200]);
    expect(answered[1]!.body).toMatchObject({ success: false, error: expect.stringContaining('action') });
    expect(await events(fresh.user.id)).toEqual(['Primero', 'Último']);
  });

  it('stops at an action still in flight elsewhere (409): later ones get no result and do not run', async () => {
    const fresh = await createAgent(ctx, 'Carrera');
    const busy = logEvent('En curso');
    // Another request holds the key: claimed a moment ago, no answer stored yet.
    const hash = requestHash(busy.method, `${API_BASE}${busy.path}`, busy.body);
    await ctx.db.insertInto('idempotency_records').values({ user_id: fresh.user.id, key: busy.id, request_hash: hash, created_at: NOW }).execute();
    const before = logEvent('Antes');
    const after = logEvent('Después');
    const answered = await results(fresh.token, [before, busy, after]);
    expect(statuses(answered)).toEqual([200, 409]);
    expect(await events(fresh.user.id)).toEqual(['Antes']);
    // The batch claimed every key up front: the one it never ran holds nothing afterwards.
    expect(await records(fresh.user.id)).toEqual([before.id, busy.id].sort());
    expect(statuses(await results(fresh.token, [after]))).toEqual([200]);
  });

  it('stops at a server error (5xx), stores nothing for it, and the same batch succeeds later', async () => {
    const fresh = await createAgent(ctx, 'Caida');
    const batch = [action(AUTH_PATHS.nickname, { nick_name: 'CaidaNueva' }), logEvent('Tras el fallo'), logEvent('Al final')];
    let failed;
    // The events table is gone for a moment: its route fails as on a database outage.
    await sql`ALTER TABLE log_events RENAME TO log_events_fuera`.execute(ctx.db);
    try {
      failed = await results(fresh.token, batch);
    } finally {
      await sql`ALTER TABLE log_events_fuera RENAME TO log_events`.execute(ctx.db);
    }
    expect(statuses(failed)).toEqual([200, 500]);
    expect(JSON.stringify(failed[1]!.body)).not.toMatch(/log_events|relation|select|insert/i);
    const retried = await results(fresh.token, batch);
    expect(statuses(retried)).toEqual([200, 200, 200]);
    expect(retried[0]).toEqual(failed[0]);
    expect(await events(fresh.user.id)).toEqual(['Tras el fallo', 'Al final']);
  });

  it('lets a sync credential deliver its signed actions, and stops at an unsigned one (401)', async () => {
    const fresh = await createAgent(ctx, 'Firmas');
    const credential = await syncCredential(ctx, fresh.user);
    const good = await Promise.all([logEvent('Firmado 1'), logEvent('Firmado 2')].map((a) => signed(credential.actionKey, a)));
    expect(statuses(await results(credential.token, good))).toEqual([200, 200]);

    const forged = { ...(await signed(credential.actionKey, logEvent('Firmado 3'))), body: { action: 'Cambiado' } };
    const later = await signed(credential.actionKey, logEvent('Firmado 4'));
    const answered = await results(credential.token, [logEvent('Sin firma'), later]);
    expect(statuses(answered)).toEqual([401]);
    expect(statuses(await results(credential.token, [forged, later]))).toEqual([401]);
    expect(await events(fresh.user.id)).toEqual(['Firmado 1', 'Firmado 2']);
  });

  it('refuses an impersonation session (403) before running anything', async () => {
    const target = await createAgent(ctx, 'Mirada');
    const admin = await tokenFor(ctx, await userByEmail(ctx.db, 'admin@impecable.demo'));
    const opened = await ctx.app.inject({ method: 'POST', url: `${API_BASE}${ADMIN_PATHS.loginAsUser}`, headers: bearer(admin), payload: { nick_name: 'Mirada' } });
    const token = (opened.json() as { data: { token: string } }).data.token;
    const res = await sync(token, [logEvent('Como el agente')]);
    expect(res.statusCode).toBe(403);
    expect(await events(target.user.id)).toEqual([]);
    expect(await records(target.user.id)).toEqual([]);
  });

  it('gives staff the earning route’s own 403 for that action, and runs the rest', async () => {
    const staff = await userByEmail(ctx.db, 'interno@impecable.demo');
    const token = await tokenFor(ctx, staff);
    const option = await optionOf(ctx.db, 'Tarjeta regalo Librería Alba', 1);
    const answered = await results(token, [action(REWARDS_PATHS.redeem, { product: option.id, value: option.valor_rings }), logEvent('Del staff')]);
    expect(statuses(answered)).toEqual([403, 200]);
    const alone = await ctx.app.inject({ method: 'POST', url: `${API_BASE}${REWARDS_PATHS.redeem}`, headers: bearer(token), payload: { product: option.id, value: option.valor_rings } });
    expect(answered[0]!.body).toEqual(alone.json());
    expect(await events(staff.id)).toEqual(['Del staff']);
  });

  it('answers 404 to an action no idempotent route takes, for that action alone', async () => {
    const fresh = await createAgent(ctx, 'Rutas');
    const notBatchable = [
      action(buildPath(QUIZ_PATHS.start, { atributo: 3, quizz: 1 }), null),
      action(AUTH_PATHS.logout, null, { method: 'DELETE' }),
      action(SYNC_PATHS.batch, { acciones: [logEvent('Anidado')] }),
      action('/no-existe', {}),
      action(`/..${API_BASE}${TRAINING_PATHS.logEvent}`, { action: 'Escapado' }),
      action(`/%2e%2e${TRAINING_PATHS.logEvent}`, { action: 'Escapado' }),
      action(`${TRAINING_PATHS.logEvent}#x`, { action: 'Escapado' }),
    ];
    const answered = await results(fresh.token, [...notBatchable, logEvent('Sí vale')]);
    expect(statuses(answered)).toEqual([...notBatchable.map(() => 404), 200]);
    expect(answered[0]!.body).toEqual({ success: false, error: NOT_BATCHABLE });
    expect(await events(fresh.user.id)).toEqual(['Sí vale']);
    // Refused before their route answered: their keys were claimed with the batch, and let go.
    expect(await records(fresh.user.id)).toEqual([answered.at(-1)!.id]);
    expect(await ctx.db.selectFrom('quiz_participations').select('id').where('user_id', '=', fresh.user.id).execute()).toEqual([]);
  });

  it.each([
    ['no actions', []],
    ['101 actions', Array.from({ length: 101 }, (_, i) => logEvent(`Evento ${i}`))],
    ['not a list', { 0: logEvent('Objeto') }],
    ['a bad id', [logEvent('Bien'), logEvent('Mal', { id: 'con espacios' })]],
    ['a repeated id', [logEvent('Uno', { id: 'mismo-id' }), logEvent('Dos', { id: 'mismo-id' })]],
    ['an unknown method', [logEvent('Bien'), logEvent('GET', { method: 'GET' as never })]],
    ['a path outside API_BASE', [logEvent('Bien'), logEvent('Fuera', { path: 'api/log/register' })]],
  ])('refuses %s with 400 and writes nothing', async (_name, acciones) => {
    const fresh = await createAgent(ctx, `Malo${Math.random().toString(36).slice(2, 8)}`);
    const res = await sync(fresh.token, acciones);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
    expect(await events(fresh.user.id)).toEqual([]);
    expect(await records(fresh.user.id)).toEqual([]);
  });

  it('runs every action as the caller: another user’s participation stays out of reach', async () => {
    const ana = await userByEmail(ctx.db, 'ana@impecable.demo');
    const bruno = await userByEmail(ctx.db, 'bruno@impecable.demo');
    const participation = await ctx.db.selectFrom('quiz_participations').select('id').where('user_id', '=', ana.id).executeTakeFirstOrThrow();
    const answersBefore = await ctx.db.selectFrom('quiz_answers').select('question_id').where('participation_id', '=', participation.id).execute();
    const path = buildPath(QUIZ_PATHS.answer, { participacion: participation.id, pregunta: 1, atributo: 3 });
    const shared = logEvent('Con la misma clave');
    const answered = await results(await tokenFor(ctx, bruno), [action(path, { respuesta_id: 1, elapsed_ms: 4_000 }), shared]);
    expect(statuses(answered)).toEqual([404, 200]);
    expect(await ctx.db.selectFrom('quiz_answers').select('question_id').where('participation_id', '=', participation.id).execute()).toEqual(answersBefore);
    // The same key is Ana's own: her action runs as hers, not as a replay of Bruno's.
    const anaEvents = await events(ana.id);
    expect(statuses(await results(await tokenFor(ctx, ana), [shared]))).toEqual([200]);
    expect(await events(ana.id)).toEqual([...anaEvents, 'Con la misma clave']);
    expect(await events(bruno.id)).toContain('Con la misma clave');
  });

  it('asks for a session: no token, 401', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `${API_BASE}${SYNC_PATHS.batch}`, payload: { acciones: [logEvent('Anónimo')] } });
    expect(res.statusCode).toBe(401);
  });
});
