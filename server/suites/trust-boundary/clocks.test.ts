// Trust boundary, issue 15 items 7 and 8: a client's clock may only place a fact inside a
// window the server itself observed, and an answer without client timing is timed by the
// server. Each test performs the attack as an outside client would (HTTP only) and checks that
// nothing changed; the offline cases the product relies on still count, in their real order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerResponseSchema, questionBundleResponseSchema, startResponseSchema, type Question } from '#contract/quiz';
import type { LoginData } from '#contract/session';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { createAgent, queuedRowHeaders, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
const NOW = new Date('2025-06-20T10:00:00Z');
const ACCESIBLE = 3;
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

const at = (ms: number) => new Date(ctx.clock.now().getTime() + ms);

async function videoOf(position: number): Promise<{ id: number; duration_seconds: number }> {
  return ctx.db.selectFrom('videos').select(['id', 'duration_seconds']).where('attribute_id', '=', ACCESIBLE).where('position', '=', position).executeTakeFirstOrThrow();
}

/** A signed-in user through the real SSO route: its full token, sync token and action key. */
async function signIn(email: string): Promise<LoginData> {
  const sso = await signSsoToken(ctx.config.ssoSecret, email, ctx.clock.now());
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-sso', headers: bearer(sso) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: LoginData }).data;
}

const report = (token: string, videoId: number, porcentaje: number, occurredAt: Date) => ctx.app.inject({
  method: 'POST', url: `/api/video/${videoId}/porcentaje`, payload: { porcentaje }, headers: { ...bearer(token), 'x-occurred-at': occurredAt.toISOString() },
});

const videoCredits = (userId: number) => ctx.db.selectFrom('points_ledger').select(['amount', 'occurred_at'])
  .where('user_id', '=', userId).where('source_key', 'like', 'video:%').execute();

async function startQuiz(agent: TestAgent): Promise<{ id: number; questions: Question[] }> {
  const presentation = await videoOf(0);
  expect((await report(agent.token, presentation.id, 100, ctx.clock.now())).statusCode).toBe(200);
  const started = await ctx.app.inject({ method: 'POST', url: `/api/start/${ACCESIBLE}/quizz/1`, headers: bearer(agent.token) });
  const id = startResponseSchema.parse(started.json()).data.id_participacion;
  const bundle = await ctx.app.inject({ method: 'GET', url: `/api/${id}/preguntas`, headers: bearer(agent.token) });
  return { id, questions: questionBundleResponseSchema.parse(bundle.json()).data.preguntas };
}

async function correctOf(question: Question): Promise<number> {
  return (await ctx.db.selectFrom('quiz_options').select('id').where('question_id', '=', question.id).where('correct', '=', true).executeTakeFirstOrThrow()).id;
}

describe('15.7 the sync credential delivers only what was queued while its user was signed in', () => {
  it('the next person on a kiosk cannot rename the previous user, answer their quiz or report their videos with a backdated header', async () => {
    const user = await ctx.db.insertInto('users').values({ email: 'kiosco@impecable.demo', name: 'Kiosco', nick_name: 'Kiosco', brand_id: 2 })
      .returningAll().executeTakeFirstOrThrow();
    const login = await signIn(user.email);
    const agent = { user, token: login.token };
    const { id, questions } = await startQuiz(agent);
    const [q1] = questions as [Question];
    const whileSignedIn = ctx.clock.now();
    ctx.clock.advance(MINUTE);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(login.token) })).statusCode).toBe(200);
    ctx.clock.advance(5 * MINUTE);

    // The next person finds the sync token on the device and dates every request inside the session.
    const backdated = { ...bearer(login.sync_token!), 'x-occurred-at': whileSignedIn.toISOString() };
    const video = await videoOf(1);
    const attempts = [
      { url: '/api/crear-nickname', payload: { nick_name: 'Suplantado' } },
      { url: `/api/${id}/${q1.id}/${ACCESIBLE}/answer`, payload: { respuesta_id: await correctOf(q1), elapsed_ms: 2_000 } },
      { url: `/api/video/${video.id}/porcentaje`, payload: { porcentaje: 100 } },
      { url: '/api/log/register', payload: { action: 'Clic banner home accesible' } },
    ];
    for (const [n, attempt] of attempts.entries()) {
      const res = await ctx.app.inject({ method: 'POST', ...attempt, headers: { ...backdated, 'idempotency-key': `kiosco-${n}` } });
      expect([attempt.url, res.statusCode, res.json()]).toEqual([
        attempt.url, 401, { success: false, error: 'Esta acción no se guardó con tu sesión abierta: inicia sesión para enviarla.' },
      ]);
    }
    const after = await ctx.db.selectFrom('users').select('nick_name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(after.nick_name).toBe('Kiosco');
    expect(await ctx.db.selectFrom('quiz_answers').selectAll().where('participation_id', '=', id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('video_progress').selectAll().where('user_id', '=', user.id).where('video_id', '=', video.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('log_events').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('still delivers, after sign-out, the rows the user queued while signed in (offline kiosk)', async () => {
    const user = await ctx.db.insertInto('users').values({ email: 'kiosco2@impecable.demo', name: 'Kiosco Dos', nick_name: 'KioscoDos', brand_id: 2 })
      .returningAll().executeTakeFirstOrThrow();
    const login = await signIn(user.email);
    const queuedAt = at(30 * SECOND);
    const payload = { action: 'Fin video 2 Accesible' };
    const headers = await queuedRowHeaders(login.sync_token!, login.action_key!, { url: '/api/log/register', body: payload, occurredAt: queuedAt });
    ctx.clock.advance(MINUTE);
    await ctx.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(login.token) });
    ctx.clock.advance(HOUR);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/log/register', headers, payload });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.selectFrom('log_events').select(['action', 'occurred_at']).where('user_id', '=', user.id).execute())
      .toEqual([{ action: 'Fin video 2 Accesible', occurred_at: queuedAt }]);
  });
});

describe('15.7 a video viewing cannot start before the session that reports it', () => {
  it('a 10 % report backdated an hour, then 100 %, pays nothing', async () => {
    const agent = await createAgent(ctx, 'Prisas');
    const video = await videoOf(1);
    expect((await report(agent.token, video.id, 10, at(-HOUR))).statusCode).toBe(200);
    const completed = await report(agent.token, video.id, 100, ctx.clock.now());
    expect(completed.json()).toMatchObject({ visto: true, imps_awarded: 0 });
    expect(await videoCredits(agent.user.id)).toEqual([]);
  });

  it('a viewing done offline inside the session still pays, dated when it happened', async () => {
    const signedIn = ctx.clock.now();
    const agent = await createAgent(ctx, 'Paciente', { signedInAt: signedIn });
    const video = await videoOf(1);
    const started = new Date(signedIn.getTime() + MINUTE);
    const finished = new Date(started.getTime() + video.duration_seconds * SECOND);
    // Both reports queued offline and delivered an hour later, in order.
    ctx.clock.advance(HOUR);
    expect((await report(agent.token, video.id, 10, started)).statusCode).toBe(200);
    expect((await report(agent.token, video.id, 100, finished)).json()).toMatchObject({ imps_awarded: 5 });
    expect(await videoCredits(agent.user.id)).toEqual([{ amount: 5, occurred_at: finished }]);
  });
});

describe('15.7 "reached the score first" cannot be earlier than the session that queued it', () => {
  it('a credit dated 29 days back does not lift an equal-score agent above one who reached the score first', async () => {
    const video = await videoOf(1);
    const watchFrom = async (agent: TestAgent, from: Date) => {
      expect((await report(agent.token, video.id, 10, from)).statusCode).toBe(200);
      return report(agent.token, video.id, 100, new Date(from.getTime() + video.duration_seconds * SECOND));
    };
    const first = await createAgent(ctx, 'Madrugadora');
    ctx.clock.advance(video.duration_seconds * SECOND);
    expect((await watchFrom(first, at(-video.duration_seconds * SECOND))).json()).toMatchObject({ imps_awarded: 5 });
    ctx.clock.advance(2 * HOUR);
    const signedIn = ctx.clock.now();
    const late = await createAgent(ctx, 'Tramposo');
    // The whole viewing claimed 29 days back: it collapses onto the sign-in and proves nothing.
    await watchFrom(late, at(-29 * DAY));
    // Then a real viewing reaches the same score, after the first agent did.
    ctx.clock.advance(video.duration_seconds * SECOND);
    await report(late.token, video.id, 100, ctx.clock.now());
    const credits = await videoCredits(late.user.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.occurred_at.getTime()).toBeGreaterThanOrEqual(signedIn.getTime());
    const position = async (agent: TestAgent) => (await ctx.app.inject({ method: 'GET', url: '/api/ranking/your-position', headers: bearer(agent.token) })).json().position as number;
    expect(await position(first)).toBeLessThan(await position(late));
  });
});

describe('15.8 an answer with the spec’s body alone is timed by the server', () => {
  it('accepts {respuesta_id} without elapsed_ms and scores the seconds since the question was served', async () => {
    const agent = await createAgent(ctx, 'Clasica');
    const { id } = await startQuiz(agent);
    const served = await ctx.app.inject({ method: 'GET', url: `/api/${id}/pregunta`, headers: bearer(agent.token) });
    const question = (served.json() as { data: { pregunta: Question } }).data.pregunta;
    ctx.clock.advance(15 * SECOND);
    // Asking for the question again (a reload) does not restart its clock.
    await ctx.app.inject({ method: 'GET', url: `/api/${id}/pregunta`, headers: bearer(agent.token) });
    ctx.clock.advance(10 * SECOND);
    const res = await ctx.app.inject({
      method: 'POST', url: `/api/${id}/${question.id}/${ACCESIBLE}/answer`, headers: bearer(agent.token), payload: { respuesta_id: await correctOf(question) },
    });
    expect(res.statusCode).toBe(200);
    expect(answerResponseSchema.parse(res.json()).data).toMatchObject({ correcta: true, puntos: 4 });
    const stored = await ctx.db.selectFrom('quiz_answers').select(['elapsed_ms', 'occurred_at']).where('participation_id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ elapsed_ms: 25 * SECOND, occurred_at: ctx.clock.now() });
  });

  it('a backdated X-Occurred-At cannot shorten a server-timed answer', async () => {
    const agent = await createAgent(ctx, 'Atajos');
    const { id } = await startQuiz(agent);
    const served = await ctx.app.inject({ method: 'GET', url: `/api/${id}/pregunta`, headers: bearer(agent.token) });
    const question = (served.json() as { data: { pregunta: Question } }).data.pregunta;
    ctx.clock.advance(55 * SECOND);
    const res = await ctx.app.inject({
      method: 'POST', url: `/api/${id}/${question.id}/${ACCESIBLE}/answer`,
      headers: { ...bearer(agent.token), 'x-occurred-at': at(-50 * SECOND).toISOString() }, payload: { respuesta_id: await correctOf(question) },
    });
    expect(answerResponseSchema.parse(res.json()).data.puntos).toBe(1);
  });
});
