import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerResponseSchema,
  checkStartResponseSchema,
  questionBundleResponseSchema,
  resultsResponseSchema,
  startResponseSchema,
  type Question,
} from '#contract/quiz';
import { createAgent, queuedRowHeaders, sessionToken, syncCredential, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
const NOW = new Date('2025-06-20T10:00:00Z');
const ACCESIBLE = 3;
const SECOND = 1000;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

const inject = (token: string, method: 'GET' | 'POST', url: string, options: { payload?: object; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({ method, url: `/api${url}`, payload: options.payload, headers: { ...bearer(token), ...options.headers } });

async function videoOf(attributeId: number, position: number): Promise<number> {
  const row = await ctx.db.selectFrom('videos').select('id').where('attribute_id', '=', attributeId).where('position', '=', position).executeTakeFirstOrThrow();
  return row.id;
}

/** Marks a video seen through the API (a jump to 100 % is seen, even if it pays nothing). */
async function see(agent: TestAgent, attributeId: number, position: number) {
  const res = await inject(agent.token, 'POST', `/video/${await videoOf(attributeId, position)}/porcentaje`, { payload: { porcentaje: 100 } });
  expect(res.statusCode).toBe(200);
}

async function start(agent: TestAgent, attributeId = ACCESIBLE, quiz = 1) {
  const res = await inject(agent.token, 'POST', `/start/${attributeId}/quizz/${quiz}`);
  expect(res.statusCode, res.body).toBe(200);
  return startResponseSchema.parse(res.json()).data;
}

async function bundle(agent: TestAgent, participationId: number) {
  const res = await inject(agent.token, 'GET', `/${participationId}/preguntas`);
  expect(res.statusCode).toBe(200);
  return questionBundleResponseSchema.parse(res.json()).data;
}

/** The correct option of a question, read from the database (the API never tells before answering). */
async function correctOf(question: Question): Promise<number> {
  const row = await ctx.db.selectFrom('quiz_options').select('id').where('question_id', '=', question.id).where('correct', '=', true).executeTakeFirstOrThrow();
  return row.id;
}
const wrongOf = async (question: Question) => {
  const right = await correctOf(question);
  return question.respuestas.find((r) => r.id_respuesta !== right)?.id_respuesta ?? 0;
};

interface AnswerOptions {
  elapsedMs: number;
  optionId: number;
  occurredAt?: Date;
  key?: string;
  token?: string;
  attributeId?: number;
}

const send = (agent: TestAgent, participationId: number, question: Question, o: AnswerOptions) =>
  inject(o.token ?? agent.token, 'POST', `/${participationId}/${question.id}/${o.attributeId ?? ACCESIBLE}/answer`, {
    payload: { respuesta_id: o.optionId, elapsed_ms: o.elapsedMs },
    headers: { 'x-occurred-at': (o.occurredAt ?? ctx.clock.now()).toISOString(), ...(o.key ? { 'idempotency-key': o.key } : {}) },
  });

async function answer(agent: TestAgent, participationId: number, question: Question, o: AnswerOptions) {
  const res = await send(agent, participationId, question, o);
  expect(res.statusCode, res.body).toBe(200);
  return answerResponseSchema.parse(res.json()).data;
}

const credits = (agent: TestAgent) => ctx.db.selectFrom('points_ledger').select(['amount', 'source_key', 'attribute_id', 'occurred_at', 'kind'])
  .where('user_id', '=', agent.user.id).where('source_key', 'like', 'quiz-answer:%').orderBy('id').execute();
const answersOf = (participationId: number) => ctx.db.selectFrom('quiz_answers').selectAll().where('participation_id', '=', participationId).execute();

/** A fresh agent who has seen the Accesible presentation, with Quiz 1 started and its questions. */
async function started(name: string, options: { signedInAt?: Date } = {}) {
  const agent = await createAgent(ctx, name, options);
  await see(agent, ACCESIBLE, 0);
  const participation = await start(agent);
  const { preguntas } = await bundle(agent, participation.id_participacion);
  return { agent, id: participation.id_participacion, questions: preguntas };
}

describe('starting a quiz', () => {
  it('is refused until its video is seen, then gives one participation with ten questions', async () => {
    const agent = await createAgent(ctx, 'Abel');
    const before = await inject(agent.token, 'GET', `/check-start/${ACCESIBLE}/quizz/1`);
    expect(checkStartResponseSchema.parse(before.json())).toEqual({ success: false, data: null });

    const locked = await inject(agent.token, 'POST', `/start/${ACCESIBLE}/quizz/1`);
    expect([locked.statusCode, locked.json()]).toEqual([403, { success: false, error: 'Tienes que completar el video de formación para poder acceder al cuestionario.' }]);
    expect(await ctx.db.selectFrom('quiz_participations').select('id').where('user_id', '=', agent.user.id).execute()).toEqual([]);

    await see(agent, ACCESIBLE, 0);
    const participation = await start(agent);
    expect(participation.estado).toEqual({ preguntas_totales: 10, preguntas_respondidas: 0, preguntas_no_respondidas: 10, numero_aciertos: 0, numero_fallos: 0 });
    const check = checkStartResponseSchema.parse((await inject(agent.token, 'GET', `/check-start/${ACCESIBLE}/quizz/1`)).json());
    expect(check).toEqual({ success: true, data: participation });
  });

  it('hands out every question at once with the issue time, and never which option is correct', async () => {
    const { agent, id } = await started('Berta');
    const res = await inject(agent.token, 'GET', `/${id}/preguntas`);
    expect(res.body).not.toMatch(/correct/i);
    const data = questionBundleResponseSchema.parse(res.json()).data;
    expect(data).toMatchObject({ id_participacion: id, atributo_id: ACCESIBLE, quizz: 1, issued_at: ctx.clock.now().toISOString() });
    expect(data.preguntas.map((q) => q.numero)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const question of data.preguntas) {
      expect(question.pregunta.length).toBeGreaterThan(10);
      expect(question.respuestas.length).toBeGreaterThanOrEqual(3);
      expect(question.respuestas.length).toBeLessThanOrEqual(4);
    }
    const next = await inject(agent.token, 'GET', `/${id}/pregunta`);
    expect(next.json()).toEqual({ success: true, data: { pregunta: data.preguntas[0] } });
  });

  it('allows one attempt: starting again, even concurrently, gives the same participation', async () => {
    const { agent, id } = await started('Carla');
    const again = await Promise.all([start(agent), start(agent), start(agent)]);
    expect(again.map((p) => p.id_participacion)).toEqual([id, id, id]);
    const rows = await ctx.db.selectFrom('quiz_participations').select('id').where('user_id', '=', agent.user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('opens Quiz 2 on its mid-month day and only after its video (the last formative one) is seen', async () => {
    const early = await createTestApp({ now: new Date('2025-06-10T10:00:00Z') });
    try {
      const agent = await createAgent(early, 'Dario');
      const video = await early.db.selectFrom('videos').select('id').where('attribute_id', '=', ACCESIBLE).where('position', '=', 2).executeTakeFirstOrThrow();
      const startQuiz2 = (token = agent.token) => early.app.inject({ method: 'POST', url: `/api/start/${ACCESIBLE}/quizz/2`, headers: bearer(token) });
      // Seen already (a real viewing cannot happen before the day, so the row is written directly): the calendar still says no.
      await early.db.insertInto('video_progress').values({ user_id: agent.user.id, video_id: video.id, porcentaje: 100, seen_at: new Date('2025-06-09T10:00:00Z') }).execute();
      const closed = await startQuiz2();
      expect([closed.statusCode, closed.json()]).toEqual([409, { success: false, error: 'Este cuestionario todavía no está disponible.' }]);
      early.clock.set(new Date('2025-06-15T06:00:00Z'));
      // Five days later the session has expired: sign in again.
      expect((await startQuiz2(await sessionToken(early, agent.user))).statusCode).toBe(200);

      const other = await createAgent(early, 'Elsa');
      expect((await early.app.inject({ method: 'POST', url: `/api/start/${ACCESIBLE}/quizz/2`, headers: bearer(other.token) })).statusCode).toBe(403);
    } finally {
      await early.close();
    }
  });

  it.each([
    ['POST', `/start/7/quizz/1`, 404],
    ['POST', `/start/${ACCESIBLE}/quizz/3`, 400],
    ['GET', `/check-start/${ACCESIBLE}/quizz/0`, 400],
  ] as const)('%s %s answers %i', async (method, url, status) => {
    const agent = await createAgent(ctx, `Fede${status}${url.length}`);
    const res = await inject(agent.token, method, url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: expect.any(String) });
  });

  it('refuses an impersonation session, so a supervisor never uses up an agent’s attempt', async () => {
    const agent = await createAgent(ctx, 'Gala');
    await see(agent, ACCESIBLE, 0);
    const admin = await ctx.db.selectFrom('users').selectAll().where('email', '=', 'admin@impecable.demo').executeTakeFirstOrThrow();
    const token = await sessionToken(ctx, agent.user, { impersonatorUserId: admin.id });
    expect((await inject(token, 'POST', `/start/${ACCESIBLE}/quizz/1`)).statusCode).toBe(403);
    expect((await inject(token, 'GET', `/check-start/${ACCESIBLE}/quizz/1`)).statusCode).toBe(200);
  });
});

describe('answering', () => {
  it('scores a correct answer by its claimed seconds, credits it once, and a wrong one earns nothing', async () => {
    const { agent, id, questions } = await started('Hector');
    const [q1, q2] = questions as [Question, Question];
    ctx.clock.advance(60 * SECOND);
    const right = await answer(agent, id, q1, { optionId: await correctOf(q1), elapsedMs: 19_900 });
    expect(right).toMatchObject({ id_respuesta_correcta: await correctOf(q1), correcta: true, puntos: 5 });
    const wrong = await answer(agent, id, q2, { optionId: await wrongOf(q2), elapsedMs: 20_000 });
    expect(wrong).toMatchObject({ id_respuesta_correcta: await correctOf(q2), correcta: false, puntos: 0 });
    expect(wrong.estado).toMatchObject({ preguntas_respondidas: 2, numero_aciertos: 1, numero_fallos: 1 });
    expect(await credits(agent)).toEqual([
      { amount: 5, source_key: `quiz-answer:${id}:${q1.id}`, attribute_id: ACCESIBLE, occurred_at: ctx.clock.now(), kind: 'activity' },
    ]);
    expect((await inject(agent.token, 'GET', '/imps')).json()).toMatchObject({ imps: 5 });
  });

  it('keeps the first answer: a second one (another key) changes nothing and says what counted', async () => {
    const { agent, id, questions } = await started('Ines');
    const [q1] = questions as [Question];
    ctx.clock.advance(40 * SECOND);
    const first = await answer(agent, id, q1, { optionId: await correctOf(q1), elapsedMs: 25_000, key: 'first' });
    expect(first.puntos).toBe(4);
    const second = await answer(agent, id, q1, { optionId: await wrongOf(q1), elapsedMs: 1_000, key: 'second' });
    expect(second).toEqual(first);
    expect(await answersOf(id)).toHaveLength(1);
    expect(await credits(agent)).toHaveLength(1);
  });

  it('answers a replay (same Idempotency-Key) with the first response, writing nothing', async () => {
    const { agent, id, questions } = await started('Jorge');
    const [q1] = questions as [Question];
    ctx.clock.advance(40 * SECOND);
    const options = { optionId: await correctOf(q1), elapsedMs: 31_000, key: 'k-replay' };
    const first = await send(agent, id, q1, options);
    const replay = await send(agent, id, q1, options);
    expect([replay.statusCode, replay.body, replay.headers['idempotent-replayed']]).toEqual([200, first.body, 'true']);
    expect(answerResponseSchema.parse(first.json()).data.puntos).toBe(3);
    expect(await credits(agent)).toHaveLength(1);
  });

  it('credits exactly once under concurrent answers to one question', async () => {
    const { agent, id, questions } = await started('Karen');
    const [q1] = questions as [Question];
    ctx.clock.advance(60 * SECOND);
    const optionId = await correctOf(q1);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => answer(agent, id, q1, { optionId, elapsedMs: (41 + i) * SECOND, key: `race-${i}` })));
    expect(new Set(results.map((r) => r.puntos)).size).toBe(1);
    expect(await answersOf(id)).toHaveLength(1);
    expect(await credits(agent)).toHaveLength(1);
  });

  describe('impossible timings (422, nothing stored)', () => {
    it('an answer claimed before the quiz was issued', async () => {
      // Signed in two hours ago, so the claim (an hour ago) is inside the session but before the issue.
      const { agent, id, questions } = await started('Luis', { signedInAt: new Date(ctx.clock.now().getTime() - 7_200 * SECOND) });
      const [q1] = questions as [Question];
      ctx.clock.advance(30 * SECOND);
      const res = await send(agent, id, q1, { optionId: await correctOf(q1), elapsedMs: 5_000, occurredAt: new Date(NOW.getTime() - 3_600 * SECOND) });
      expect([res.statusCode, res.json()]).toEqual([422, { success: false, error: 'El tiempo de respuesta indicado no es posible. Vuelve a responder la pregunta.' }]);
      expect(await answersOf(id)).toEqual([]);
      expect(await credits(agent)).toEqual([]);
    });

    it('times adding up to more than the time since the issue', async () => {
      const { agent, id, questions } = await started('Marta');
      const [q1, q2] = questions as [Question, Question];
      const issued = ctx.clock.now().getTime();
      ctx.clock.advance(50 * SECOND);
      await answer(agent, id, q1, { optionId: await correctOf(q1), elapsedMs: 30_000 });
      const res = await send(agent, id, q2, { optionId: await correctOf(q2), elapsedMs: 20_001 });
      expect(res.statusCode).toBe(422);
      expect(await answersOf(id)).toHaveLength(1);
      // The same answer is possible a moment later: the question can be answered again.
      ctx.clock.set(new Date(issued + 50_001));
      expect((await answer(agent, id, q2, { optionId: await correctOf(q2), elapsedMs: 20_001 })).puntos).toBe(4);
    });
  });

  it('completes on the 10th answer: results, stat, progress and the moment it finished', async () => {
    const { agent, id, questions } = await started('Nora');
    const seen = await inject(agent.token, 'GET', `/progreso/${ACCESIBLE}`);
    expect(seen.json()).toEqual({ progreso: 20 });
    const plan = [5_000, 25_000, 35_000, 45_000, 55_000, 10_000, 10_000, 10_000, 10_000, 10_000];
    let expected = 0;
    for (const [i, question] of questions.entries()) {
      const elapsedMs = plan[i] ?? 0;
      ctx.clock.advance(elapsedMs + 2 * SECOND);
      const correct = i !== 5;
      const result = await answer(agent, id, question, { optionId: correct ? await correctOf(question) : await wrongOf(question), elapsedMs });
      expected += result.puntos;
    }
    expect(expected).toBe(5 + 4 + 3 + 2 + 1 + 0 + 5 * 4);
    const last = ctx.clock.now();

    const results = resultsResponseSchema.parse((await inject(agent.token, 'GET', `/${id}/respuestas`)).json()).data;
    expect(results.puntos_totales).toBe(expected);
    expect(results.estado).toEqual({ preguntas_totales: 10, preguntas_respondidas: 10, preguntas_no_respondidas: 0, numero_aciertos: 9, numero_fallos: 1 });
    expect(results.resultados.map((r) => [r.numero, r.correcta, r.puntos, r.segundos])).toEqual([
      [1, true, 5, 5], [2, true, 4, 25], [3, true, 3, 35], [4, true, 2, 45], [5, true, 1, 55],
      [6, false, 0, 10], [7, true, 5, 10], [8, true, 5, 10], [9, true, 5, 10], [10, true, 5, 10],
    ]);
    const sixth = results.resultados[5];
    expect(sixth?.respuesta_usuario).not.toBe(sixth?.respuesta_correcta);

    expect((await inject(agent.token, 'GET', `/${id}/pregunta`)).json()).toEqual({ success: true, data: { pregunta: null } });
    expect((await inject(agent.token, 'GET', `/${id}/pregunta/stat`)).json()).toEqual({ success: true, data: results.estado });
    expect((await bundle(agent, id)).preguntas).toEqual([]);
    const participation = await ctx.db.selectFrom('quiz_participations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(participation.completed_at).toEqual(last);
    // 1 of 3 videos + 1 of 2 quizzes = 2 of 5 contents.
    expect((await inject(agent.token, 'GET', `/progreso/${ACCESIBLE}`)).json()).toEqual({ progreso: 40 });
    const total = await sql<{ n: number }>`SELECT coalesce(sum(amount), 0)::int AS n FROM points_ledger WHERE user_id = ${agent.user.id}`.execute(ctx.db);
    expect(total.rows[0]?.n).toBe(expected);
  });

  it('accepts the write-only sync credential (answers queued before signing out)', async () => {
    const { agent, id, questions } = await started('Olivia');
    const [q1] = questions as [Question];
    ctx.clock.advance(20 * SECOND);
    const sync = await syncCredential(ctx, agent.user);
    const url = `/api/${id}/${q1.id}/${ACCESIBLE}/answer`;
    const payload = { respuesta_id: await correctOf(q1), elapsed_ms: 10_000 };
    const res = await ctx.app.inject({ method: 'POST', url, payload, headers: await queuedRowHeaders(sync.token, sync.actionKey, { url, body: payload, occurredAt: ctx.clock.now() }) });
    expect(answerResponseSchema.parse(res.json()).data.puntos).toBe(5);
    expect((await inject(sync.token, 'GET', `/${id}/respuestas`)).statusCode).toBe(401);
  });
});

describe('refusals', () => {
  it('hides another user’s participation (404) from every call', async () => {
    const { id, questions } = await started('Pablo');
    const [q1] = questions as [Question];
    const other = await createAgent(ctx, 'Quique');
    for (const url of [`/${id}/pregunta`, `/${id}/pregunta/stat`, `/${id}/preguntas`, `/${id}/respuestas`]) {
      const res = await inject(other.token, 'GET', url);
      expect([res.statusCode, res.json()]).toEqual([404, { success: false, error: 'No existe ese cuestionario' }]);
    }
    const res = await send(other, id, q1, { optionId: await correctOf(q1), elapsedMs: 1_000 });
    expect(res.statusCode).toBe(404);
    expect(await answersOf(id)).toEqual([]);
  });

  it.each([
    ['an option of another question', 'option', 400, 'Esa respuesta no es de esta pregunta'],
    ['a question of another quiz', 'question', 404, 'Esa pregunta no es de este cuestionario'],
    ['another attribute in the path', 'attribute', 400, 'Ese atributo no es el de este cuestionario'],
  ] as const)('refuses %s', async (_name, what, status, error) => {
    const { agent, id, questions } = await started(`Rosa${what}`);
    const [q1, q2] = questions as [Question, Question];
    const foreign = await ctx.db.selectFrom('quiz_questions').select('id').where('attribute_id', '=', 1).where('quiz', '=', 1).executeTakeFirstOrThrow();
    ctx.clock.advance(10 * SECOND);
    const target = what === 'question' ? { ...q1, id: foreign.id } : q1;
    const res = await send(agent, id, target, {
      optionId: what === 'option' ? (q2.respuestas[0]?.id_respuesta ?? 0) : await correctOf(q1), elapsedMs: 1_000, attributeId: what === 'attribute' ? 1 : ACCESIBLE,
    });
    expect([res.statusCode, res.json()]).toEqual([status, { success: false, error }]);
    expect(await answersOf(id)).toEqual([]);
  });

  it.each([
    [{ elapsed_ms: 1000 }],
    [{ respuesta_id: 1, elapsed_ms: -1 }],
    [{ respuesta_id: 1, elapsed_ms: 1.5 }],
    [{ respuesta_id: '1', elapsed_ms: 1000 }],
  ])('answers 400 for body %j', async (payload) => {
    const { agent, id, questions } = await started(`Sergio${JSON.stringify(payload).length}`);
    const res = await inject(agent.token, 'POST', `/${id}/${questions[0]?.id}/${ACCESIBLE}/answer`, { payload });
    expect(res.statusCode).toBe(400);
  });

  it('keeps its routes to numeric ids: other /api paths are untouched', async () => {
    const agent = await createAgent(ctx, 'Tomas');
    expect((await inject(agent.token, 'GET', '/abc/pregunta')).statusCode).toBe(404);
    expect((await inject(agent.token, 'GET', '/imps')).statusCode).toBe(200);
    expect((await inject(agent.token, 'GET', '/video/atributo/3')).statusCode).toBe(200);
  });

  it.each([
    ['POST', `/start/${ACCESIBLE}/quizz/1`],
    ['GET', `/check-start/${ACCESIBLE}/quizz/1`],
    ['GET', '/1/pregunta'],
    ['GET', '/1/preguntas'],
    ['GET', '/1/respuestas'],
    ['POST', `/1/1/${ACCESIBLE}/answer`],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    expect((await ctx.app.inject({ method, url: `/api${url}` })).statusCode).toBe(401);
  });
});
