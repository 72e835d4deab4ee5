// Time accommodation (issue 39) on the server: an admin grants an agent ×1.5 or ×2 from the
// back-office (audited, refused to anyone else and to bad factors), and the agent's answers are
// scored with the bands scaled by it (#domain/scoring), from the same checked time as everyone's.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerResponseSchema, questionBundleResponseSchema, startResponseSchema, type Question } from '#contract/quiz';
import { loginResponseSchema } from '#contract/session';
import { createAgent, sessionToken, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
let adminToken: string;
const NOW = new Date('2025-06-20T10:00:00Z');
const ACCESIBLE = 3;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  const admin = await ctx.db.insertInto('users')
    .values({ email: 'tiempo.admin@impecable.demo', name: 'Admin Tiempo', nick_name: 'AdminTiempo', brand_id: 2, perfil: 'admin' })
    .returningAll().executeTakeFirstOrThrow();
  adminToken = await sessionToken(ctx, admin);
});
afterAll(async () => {
  await ctx.close();
});

const inject = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, options: { payload?: object; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({ method, url: `/api${url}`, payload: options.payload, headers: { ...bearer(token), ...options.headers } });

const grant = (nick: string, payload: object, token = adminToken) => inject(token, 'PUT', `/tiempo-adaptado/${encodeURIComponent(nick)}`, { payload });
const factorOf = async (userId: number) => Number((await ctx.db.selectFrom('users').select('time_factor').where('id', '=', userId).executeTakeFirstOrThrow()).time_factor);

/** A fresh agent with the Accesible presentation seen and Quiz 1 started, and its bundle. */
async function started(nick: string) {
  const agent = await createAgent(ctx, nick);
  const video = await ctx.db.selectFrom('videos').select('id').where('attribute_id', '=', ACCESIBLE).where('position', '=', 0).executeTakeFirstOrThrow();
  expect((await inject(agent.token, 'POST', `/video/${video.id}/porcentaje`, { payload: { porcentaje: 100 } })).statusCode).toBe(200);
  const start = await inject(agent.token, 'POST', `/start/${ACCESIBLE}/quizz/1`);
  const id = startResponseSchema.parse(start.json()).data.id_participacion;
  return { agent, id };
}

async function bundleOf(agent: TestAgent, id: number) {
  return questionBundleResponseSchema.parse((await inject(agent.token, 'GET', `/${id}/preguntas`)).json()).data;
}

async function correctOf(question: Question): Promise<number> {
  return (await ctx.db.selectFrom('quiz_options').select('id').where('question_id', '=', question.id).where('correct', '=', true).executeTakeFirstOrThrow()).id;
}

/** Answers the first question right, 35 s after it was shown, 35 s after the quiz was issued. */
async function answerIn35s(agent: TestAgent, id: number) {
  const { preguntas } = await bundleOf(agent, id);
  const question = preguntas[0] as Question;
  ctx.clock.advance(36_000);
  const res = await inject(agent.token, 'POST', `/${id}/${question.id}/${ACCESIBLE}/answer`, {
    payload: { respuesta_id: await correctOf(question), elapsed_ms: 35_000 },
    headers: { 'x-occurred-at': ctx.clock.now().toISOString() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return answerResponseSchema.parse(res.json()).data.puntos;
}

describe('time accommodation: scoring', () => {
  it.each([
    ['no accommodation', 1, 3],
    ['×1.5', 1.5, 4],
    ['×2', 2, 5],
  ])("a right answer in 35 s with %s scores as the rule says", async (_name, factor, points) => {
    const { agent, id } = await started(`Tiempo${String(factor).replace('.', '')}`);
    expect((await grant(agent.user.nick_name ?? '', { factor_tiempo: factor })).statusCode).toBe(200);
    // The bundle tells the agent's own timer which bands to show.
    expect((await bundleOf(agent, id)).factor_tiempo).toBe(factor);
    expect(await answerIn35s(agent, id)).toBe(points);
    const credit = await ctx.db.selectFrom('points_ledger').select('amount').where('user_id', '=', agent.user.id).where('source_key', 'like', 'quiz-answer:%').execute();
    expect(credit).toEqual([{ amount: points }]);
  });

  it('still refuses an impossible claimed time: the factor scales bands, never what the server observed', async () => {
    const { agent, id } = await started('TiempoImposible');
    await grant(agent.user.nick_name ?? '', { factor_tiempo: 2 });
    const question = (await bundleOf(agent, id)).preguntas[0] as Question;
    ctx.clock.advance(5_000);
    const res = await inject(agent.token, 'POST', `/${id}/${question.id}/${ACCESIBLE}/answer`, {
      payload: { respuesta_id: await correctOf(question), elapsed_ms: 35_000 },
      headers: { 'x-occurred-at': ctx.clock.now().toISOString() },
    });
    expect(res.statusCode).toBe(422);
    expect(await ctx.db.selectFrom('points_ledger').select('id').where('user_id', '=', agent.user.id).where('source_key', 'like', 'quiz-answer:%').execute()).toEqual([]);
  });

  it('tells only the agent: the own session says it, another agent\'s does not', async () => {
    const { agent } = await started('TiempoSesion');
    await grant(agent.user.nick_name ?? '', { factor_tiempo: 1.5 });
    const other = await createAgent(ctx, 'TiempoOtro');
    const login = async (email: string) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-as-user', headers: bearer(adminToken), payload: { nick_name: email } });
      return loginResponseSchema.parse(res.json()).data?.user;
    };
    expect((await login(agent.user.nick_name ?? ''))?.factor_tiempo).toBe(1.5);
    expect((await login(other.user.nick_name ?? ''))).not.toHaveProperty('factor_tiempo');
  });
});

describe('time accommodation: the back-office control', () => {
  it('reads and sets an agent\'s factor, and each change is one row of the Historial de cambios', async () => {
    const agent = await createAgent(ctx, 'TiempoAudit');
    const read = await inject(adminToken, 'GET', '/tiempo-adaptado/tiempoaudit');
    expect(read.json()).toEqual({ success: true, data: { nick_name: 'TiempoAudit', name: 'TiempoAudit', factor_tiempo: 1 } });
    const set = await grant('TiempoAudit', { factor_tiempo: 2 });
    expect(set.json()).toEqual({ success: true, data: { nick_name: 'TiempoAudit', name: 'TiempoAudit', factor_tiempo: 2 } });
    await grant('TiempoAudit', { factor_tiempo: 2 });
    expect(await factorOf(agent.user.id)).toBe(2);
    const audit = await ctx.db.selectFrom('content_changes').select(['area', 'entity', 'entity_id', 'action', 'before', 'after'])
      .where('entity_id', '=', String(agent.user.id)).where('area', '=', 'usuarios').execute();
    expect(audit).toEqual([{
      area: 'usuarios', entity: 'user', entity_id: String(agent.user.id), action: 'time-accommodation',
      before: { nick_name: 'TiempoAudit', factor_tiempo: 1 }, after: { nick_name: 'TiempoAudit', factor_tiempo: 2 },
    }]);
  });

  it.each([
    [{ factor_tiempo: 3 }, 'El tiempo ampliado solo puede ser 1 (sin ampliar), 1,5 o 2'],
    [{ factor_tiempo: 1.25 }, 'El tiempo ampliado solo puede ser 1 (sin ampliar), 1,5 o 2'],
    [{ factor_tiempo: 0 }, 'El tiempo ampliado solo puede ser 1 (sin ampliar), 1,5 o 2'],
  ])('refuses %j in Spanish and changes nothing', async (payload, error) => {
    const agent = await createAgent(ctx, `TiempoMal${String(payload.factor_tiempo).replace('.', '')}`);
    const res = await grant(agent.user.nick_name ?? '', payload);
    expect([res.statusCode, res.json()]).toEqual([400, { success: false, error }]);
    expect(await factorOf(agent.user.id)).toBe(1);
  });

  it('refuses a body that is no number, and an unknown or staff nickname', async () => {
    const agent = await createAgent(ctx, 'TiempoTexto');
    const text = await grant('TiempoTexto', { factor_tiempo: 'doble' });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatch(/factor_tiempo/);
    expect(await factorOf(agent.user.id)).toBe(1);
    const nobody = await grant('NadieAsi', { factor_tiempo: 2 });
    expect([nobody.statusCode, nobody.json()]).toEqual([404, { success: false, error: 'No existe ese agente' }]);
    const staff = await grant('AdminTiempo', { factor_tiempo: 2 });
    expect(staff.statusCode).toBe(404);
  });

  it('refuses an agent, and an admin browsing as an agent (403), changing nothing', async () => {
    const agent = await createAgent(ctx, 'TiempoSolo');
    const own = await grant('TiempoSolo', { factor_tiempo: 2 }, agent.token);
    expect([own.statusCode, own.json().error]).toEqual([403, 'Solo un administrador puede ampliar el tiempo de un agente']);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-as-user', headers: bearer(adminToken), payload: { nick_name: 'TiempoSolo' } });
    const impersonating = loginResponseSchema.parse(login.json()).data?.token ?? '';
    const browsing = await grant('TiempoSolo', { factor_tiempo: 2 }, impersonating);
    expect(browsing.statusCode).toBe(403);
    expect(await factorOf(agent.user.id)).toBe(1);
  });
});
