// What a device's clock (X-Occurred-At) can and cannot decide, through the real HTTP API:
// it places a fact inside the time the server saw pass, in the device's own order, never
// before a fact the server already placed from that device, and a quiz answer never before
// the quiz's issue plus the answering times the device itself claims. An honest offline
// device keeps its real moments: the same points, and the ranking place it earned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerResponseSchema, questionBundleResponseSchema, startResponseSchema, type Question } from '#contract/quiz';
import { videoProgressAnswerSchema } from '#contract/training';
import type { UserRow } from '#server/db/schema';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { createAgent, queuedRowHeaders, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
const NOW = new Date('2025-06-20T10:00:00Z');
const ACCESIBLE = 3;
const SECOND = 1000;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600 * SECOND;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

const videoOf = async (position: number) => (await ctx.db.selectFrom('videos').select('id')
  .where('attribute_id', '=', ACCESIBLE).where('position', '=', position).executeTakeFirstOrThrow()).id;

async function report(token: string, videoId: number, porcentaje: number, occurredAt: Date) {
  const res = await ctx.app.inject({
    method: 'POST', url: `/api/video/${videoId}/porcentaje`, payload: { porcentaje },
    headers: { ...bearer(token), 'x-occurred-at': occurredAt.toISOString() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return videoProgressAnswerSchema.parse(res.json());
}

const balance = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/api/imps', headers: bearer(token) })).json() as { imps: number };
const position = async (token: string) =>
  ((await ctx.app.inject({ method: 'GET', url: '/api/ranking/your-position', headers: bearer(token) })).json() as { position: number | null }).position;
const videoCredit = async (user: UserRow, videoId: number) => ctx.db.selectFrom('points_ledger').select(['amount', 'occurred_at'])
  .where('user_id', '=', user.id).where('source_key', '=', `video:${videoId}`).execute();

/** A sign-in (POST /api/auth/login-sso) at `signedInAt`, as a device gets it: its token and its sync credential. */
async function signInAt(user: UserRow, signedInAt: Date): Promise<{ token: string; sync_token: string; action_key: string }> {
  const before = ctx.clock.now();
  ctx.clock.set(signedInAt);
  const sso = await signSsoToken(ctx.config.ssoSecret, user.email, signedInAt);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-sso', headers: bearer(sso) });
  ctx.clock.set(before);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { token: string; sync_token: string; action_key: string } }).data;
}

describe('video progress: a device cannot date a credit in time it already accounted for', () => {
  it('dates the +5 of 10 % and 100 % sent at once, "an hour ago", no earlier than the device\'s last accepted fact', async () => {
    const agent = await createAgent(ctx, 'Reloj', { signedInAt: at(-HOUR) });
    const [presentation, formative] = [await videoOf(0), await videoOf(1)];
    ctx.clock.set(NOW);
    // Watched live: the server saw this device busy with the presentation until now.
    await report(agent.token, presentation, 10, NOW);
    ctx.clock.set(at(6 * SECOND));
    expect(await report(agent.token, presentation, 100, at(6 * SECOND))).toMatchObject({ imps_awarded: 5 });
    // Then, at once, a whole viewing of another video "an hour ago": a queue is delivered in
    // order, so those reports would have arrived before the presentation's.
    ctx.clock.set(at(7 * SECOND));
    expect(await report(agent.token, formative, 10, at(-50 * 60 * SECOND))).toMatchObject({ porcentaje: 10 });
    expect(await report(agent.token, formative, 100, at(-40 * 60 * SECOND))).toEqual({ success: true, porcentaje: 100, visto: true, imps_awarded: 5 });
    expect(await videoCredit(agent.user, formative)).toEqual([{ amount: 5, occurred_at: at(6 * SECOND) }]);
    expect(await balance(agent.token)).toMatchObject({ imps: 10 });
    ctx.clock.set(NOW);
  });

  it('the sync credential of the same sign-in cannot go back either', async () => {
    const user = (await createAgent(ctx, 'Relojsync')).user;
    const login = await signInAt(user, at(-HOUR));
    const [presentation, formative] = [await videoOf(0), await videoOf(1)];
    ctx.clock.set(NOW);
    await report(login.token, presentation, 10, NOW);
    ctx.clock.set(at(6 * SECOND));
    await report(login.token, presentation, 100, at(6 * SECOND));
    ctx.clock.set(at(7 * SECOND));
    const send = async (porcentaje: number, occurredAt: Date) => {
      const url = `/api/video/${formative}/porcentaje`;
      const headers = await queuedRowHeaders(login.sync_token, login.action_key, { url, body: { porcentaje }, occurredAt });
      return ctx.app.inject({ method: 'POST', url, payload: { porcentaje }, headers });
    };
    expect((await send(10, at(-50 * 60 * SECOND))).statusCode).toBe(200);
    expect((await send(100, at(-40 * 60 * SECOND))).json()).toMatchObject({ visto: true, imps_awarded: 5 });
    expect(await videoCredit(user, formative)).toEqual([{ amount: 5, occurred_at: at(6 * SECOND) }]);
    ctx.clock.set(NOW);
  });

  it('pays an honest offline viewing delivered hours later, dated when it happened, even while another device of the user was busy', async () => {
    const user = (await createAgent(ctx, 'Kiosko')).user;
    const kiosk = await signInAt(user, at(-5 * HOUR));
    const phone = await signInAt(user, at(-5 * HOUR));
    const [presentation, formative] = [await videoOf(0), await videoOf(1)];
    // The phone watches the presentation online, now.
    ctx.clock.set(NOW);
    await report(phone.token, presentation, 10, NOW);
    ctx.clock.set(at(6 * SECOND));
    expect(await report(phone.token, presentation, 100, at(6 * SECOND))).toMatchObject({ imps_awarded: 5 });
    // The kiosk watched the formative video four hours ago without network; its queue arrives now.
    ctx.clock.set(at(60 * SECOND));
    const watched = at(-4 * HOUR);
    let last = { imps_awarded: 0 };
    for (const p of [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]) last = await report(kiosk.token, formative, p, new Date(watched.getTime() + p * 60));
    expect(last).toEqual({ success: true, porcentaje: 100, visto: true, imps_awarded: 5 });
    expect(await videoCredit(user, formative)).toEqual([{ amount: 5, occurred_at: new Date(watched.getTime() + 6_000) }]);
    ctx.clock.set(NOW);
  });
});

describe('ranking tie-break: who reached the score first', () => {
  const inject = (token: string, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url: `/api${url}`, payload, headers: { ...bearer(token), ...headers } });

  /** Sees the presentation (a jump: seen, pays nothing), starts Quiz 1 now and gets its first question. */
  async function startQuiz(agent: TestAgent): Promise<{ id: number; first: Question }> {
    expect((await report(agent.token, await videoOf(0), 100, ctx.clock.now())).visto).toBe(true);
    const started = startResponseSchema.parse((await inject(agent.token, 'POST', `/start/${ACCESIBLE}/quizz/1`)).json()).data;
    const bundle = questionBundleResponseSchema.parse((await inject(agent.token, 'GET', `/${started.id_participacion}/preguntas`)).json()).data;
    return { id: started.id_participacion, first: bundle.preguntas[0] as Question };
  }

  async function answerRight(agent: TestAgent, quiz: { id: number; first: Question }, elapsedMs: number, occurredAt: Date) {
    const option = await ctx.db.selectFrom('quiz_options').select('id').where('question_id', '=', quiz.first.id).where('correct', '=', true).executeTakeFirstOrThrow();
    const res = await inject(agent.token, 'POST', `/${quiz.id}/${quiz.first.id}/${ACCESIBLE}/answer`,
      { respuesta_id: option.id, elapsed_ms: elapsedMs }, { 'x-occurred-at': occurredAt.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    return answerResponseSchema.parse(res.json()).data;
  }

  it('a quiz answer dated before its quiz was issued does not reach the score first', async () => {
    const honest = await createAgent(ctx, 'Primera', { signedInAt: at(-HOUR) });
    const backdater = await createAgent(ctx, 'Antedata', { signedInAt: at(-HOUR) });
    ctx.clock.set(at(10 * HOUR));
    const first = await startQuiz(honest);
    ctx.clock.set(at(10 * HOUR + 5 * SECOND));
    expect((await answerRight(honest, first, 5_000, ctx.clock.now())).puntos).toBe(5);
    // Half a minute later the other agent starts and answers as fast, but dates the answer 20 s
    // before the honest one (within the clock tolerance of the issue, and inside its session).
    ctx.clock.set(at(10 * HOUR + 30 * SECOND));
    const second = await startQuiz(backdater);
    ctx.clock.set(at(10 * HOUR + 35 * SECOND));
    expect((await answerRight(backdater, second, 5_000, at(10 * HOUR - 15 * SECOND))).puntos).toBe(5);
    const [h, b] = [await position(honest.token), await position(backdater.token)];
    expect(h).not.toBeNull();
    expect(b).toBe((h ?? 0) + 1);
    ctx.clock.set(NOW);
  });

  it('an honest offline answer keeps the place it earned when it arrives later', async () => {
    const offline = await createAgent(ctx, 'Sinred', { signedInAt: at(19 * HOUR) });
    const online = await createAgent(ctx, 'Conred', { signedInAt: at(19 * HOUR) });
    ctx.clock.set(at(20 * HOUR));
    const quiz = await startQuiz(offline);
    // The offline agent answered 5 s after the issue; its answer arrives ten minutes later.
    ctx.clock.set(at(20 * HOUR + 60 * SECOND));
    const other = await startQuiz(online);
    ctx.clock.set(at(20 * HOUR + 65 * SECOND));
    expect((await answerRight(online, other, 5_000, ctx.clock.now())).puntos).toBe(5);
    ctx.clock.set(at(20 * HOUR + 600 * SECOND));
    expect((await answerRight(offline, quiz, 5_000, at(20 * HOUR + 5 * SECOND))).puntos).toBe(5);
    const [off, on] = [await position(offline.token), await position(online.token)];
    expect(off).not.toBeNull();
    expect(on).toBe((off ?? 0) + 1);
    ctx.clock.set(NOW);
  });
});
