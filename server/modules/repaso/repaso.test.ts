import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerResponseSchema, questionBundleResponseSchema, startResponseSchema, type Question } from '#contract/quiz';
import { coachingQuestionsSchema } from '#contract/coaching';
import { repasoAnswerResultSchema, repasoRoundSchema, type RepasoRound } from '#contract/repaso';
import { createAgent, sessionToken, type TestAgent } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { notifyRepasoDue } from './reminders.ts';

// Repaso through the API (PGlite, or PostgreSQL with TEST_DATABASE_URL): which answers come
// back and when, each review counted once however often it is delivered, who may read and
// answer, and that no review ever moves points, balances, rankings, prizes or quiz scores.

let ctx: TestContext;
const NOW = new Date('2025-06-20T10:00:00Z');
const DAY = 86_400_000;
const ACCESIBLE = 3;

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
});
afterAll(async () => {
  await ctx.close();
});

const inject = (token: string, method: 'GET' | 'POST', url: string, options: { payload?: object; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({ method, url: `/api${url}`, payload: options.payload, headers: { ...bearer(token), ...options.headers } });

async function correctOf(questionId: number): Promise<number> {
  return (await ctx.db.selectFrom('quiz_options').select('id').where('question_id', '=', questionId).where('correct', '=', true).executeTakeFirstOrThrow()).id;
}
const wrongOf = async (question: Question) => {
  const right = await correctOf(question.id);
  return question.respuestas.find((r) => r.id_respuesta !== right)!.id_respuesta;
};

/**
 * A fresh agent who completes Accesible's Quiz 1: questions 1 and 2 wrong, question 3 right in
 * the slowest band (55 s), question 4 right at 50 s, the rest right and fast.
 */
async function agentAfterQuiz(name: string): Promise<{ agent: TestAgent; questions: Question[] }> {
  const agent = await createAgent(ctx, name);
  const video = await ctx.db.selectFrom('videos').select('id').where('attribute_id', '=', ACCESIBLE).where('position', '=', 0).executeTakeFirstOrThrow();
  expect((await inject(agent.token, 'POST', `/video/${video.id}/porcentaje`, { payload: { porcentaje: 100 } })).statusCode).toBe(200);
  const started = startResponseSchema.parse((await inject(agent.token, 'POST', `/start/${ACCESIBLE}/quizz/1`)).json()).data;
  const id = started.id_participacion;
  const { preguntas } = questionBundleResponseSchema.parse((await inject(agent.token, 'GET', `/${id}/preguntas`)).json()).data;
  ctx.clock.advance(15 * 60_000);
  for (const [i, q] of preguntas.entries()) {
    const optionId = i < 2 ? await wrongOf(q) : await correctOf(q.id);
    const elapsed = i === 2 ? 55_000 : i === 3 ? 50_000 : 4_000;
    const res = await inject(agent.token, 'POST', `/${id}/${q.id}/${ACCESIBLE}/answer`, {
      payload: { respuesta_id: optionId, elapsed_ms: elapsed }, headers: { 'x-occurred-at': ctx.clock.now().toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    answerResponseSchema.parse(res.json());
  }
  return { agent, questions: preguntas };
}

async function round(token: string): Promise<RepasoRound> {
  const res = await inject(token, 'GET', '/repaso');
  expect(res.statusCode, res.body).toBe(200);
  return repasoRoundSchema.parse(res.json());
}

const review = (token: string, questionId: number, body: { respuesta_id: number; vista: number }, key = randomUUID()) =>
  inject(token, 'POST', `/repaso/${questionId}/respuesta`, { payload: body, headers: { 'idempotency-key': key, 'x-occurred-at': ctx.clock.now().toISOString() } });

/** Everything points, rankings, prizes and quizzes keep, for every user. */
async function scoringState(): Promise<unknown> {
  const tables = ['points_ledger', 'user_balances', 'ranking_standings', 'ranking_score_counts', 'ranking_winners', 'quiz_answers', 'quiz_participations', 'coaching_day_points', 'coaching_answer_counts', 'orders'];
  const out: Record<string, unknown> = {};
  for (const table of tables) out[table] = (await sql.raw(`SELECT * FROM ${table} ORDER BY 1, 2`).execute(ctx.db)).rows;
  return JSON.parse(JSON.stringify(out));
}

/** Moves the server's clock; the agent signs in again (an idle session lapses within a day). */
async function later(agent: TestAgent, ms: number): Promise<void> {
  ctx.clock.advance(ms);
  agent.token = await sessionToken(ctx, agent.user);
}

const repasoRows = (agent: TestAgent) => ctx.db.selectFrom('repaso_answers').selectAll().where('user_id', '=', agent.user.id).orderBy('question_id').orderBy('review').execute();

describe('Repaso', () => {
  it('brings back the wrong and slowest-band answers the programme day after the quiz, with the correct option and explanation', async () => {
    ctx.clock.set(NOW);
    const { agent, questions } = await agentAfterQuiz('Rita');
    await ctx.db.updateTable('quiz_questions').set({ explanation: 'Porque se escucha antes de responder.' }).where('id', '=', questions[0]!.id).execute();
    expect(await round(agent.token)).toEqual({ preguntas: [], pendientes: 0 });

    ctx.clock.set(new Date('2025-06-20T22:30:00Z')); // 00:30 of the 21st in Madrid
    agent.token = await sessionToken(ctx, agent.user);
    const due = await round(agent.token);
    expect(due.pendientes).toBe(3);
    expect(due.preguntas.map((q) => q.id_pregunta).sort()).toEqual(questions.slice(0, 3).map((q) => q.id).sort());
    const first = due.preguntas.find((q) => q.id_pregunta === questions[0]!.id)!;
    expect(first).toMatchObject({ vista: 1, quizz: 1, atributo: 'Accesible', id_respuesta_correcta: await correctOf(questions[0]!.id), explicacion: 'Porque se escucha antes de responder.' });
    expect(due.preguntas.find((q) => q.id_pregunta === questions[1]!.id)!.explicacion).toBeNull();
    await ctx.db.updateTable('quiz_questions').set({ explanation: null }).where('id', '=', questions[0]!.id).execute();
  });

  it('never credits IMPs nor moves balances, rankings, prizes or quiz scores; each review counts once however often it arrives', async () => {
    ctx.clock.set(NOW);
    const { agent, questions } = await agentAfterQuiz('Sole');
    await later(agent, DAY);
    const before = await scoringState();
    const [q1, q2, q3] = questions;

    const key = randomUUID();
    const right = await review(agent.token, q1!.id, { respuesta_id: await correctOf(q1!.id), vista: 1 }, key);
    expect(right.statusCode, right.body).toBe(200);
    expect(repasoAnswerResultSchema.parse(right.json())).toEqual({ correcta: true, id_respuesta_correcta: await correctOf(q1!.id), explicacion: null, vuelve: '2025-06-24' });
    // The outbox sends it again: under the same key, and under another one.
    const again = await review(agent.token, q1!.id, { respuesta_id: await correctOf(q1!.id), vista: 1 }, key);
    const replay = await review(agent.token, q1!.id, { respuesta_id: await wrongOf(q1!), vista: 1 });
    expect([again.statusCode, again.json()]).toEqual([200, right.json()]);
    expect([replay.statusCode, replay.json()]).toEqual([200, right.json()]);

    const wrong = await review(agent.token, q2!.id, { respuesta_id: await wrongOf(q2!), vista: 1 });
    expect(repasoAnswerResultSchema.parse(wrong.json())).toMatchObject({ correcta: false, vuelve: '2025-06-22' });
    expect((await review(agent.token, q3!.id, { respuesta_id: await correctOf(q3!.id), vista: 1 })).statusCode).toBe(200);

    expect((await repasoRows(agent)).map((r) => [r.question_id, r.review, r.correct])).toEqual(
      [[q1!.id, 1, true], [q2!.id, 1, false], [q3!.id, 1, true]].sort((a, b) => Number(a[0]) - Number(b[0])));
    expect(await scoringState()).toEqual(before);
    expect(await round(agent.token)).toEqual({ preguntas: [], pendientes: 0 });

    await later(agent, DAY);
    expect((await round(agent.token)).preguntas.map((q) => [q.id_pregunta, q.vista])).toEqual([[q2!.id, 2]]);
  });

  it('leaves Repaso after the 14-day review answered right; a wrong one goes back to 1 day', async () => {
    ctx.clock.set(NOW);
    const { agent, questions } = await agentAfterQuiz('Tere');
    const q = questions[2]!;
    const correct = await correctOf(q.id);
    const returns: (string | null)[] = [];
    await later(agent, DAY);
    for (const [vista, wait] of [[1, 3], [2, 7], [3, 14], [4, 0]] as const) {
      const res = await review(agent.token, q.id, { respuesta_id: correct, vista });
      expect(res.statusCode, res.body).toBe(200);
      returns.push(repasoAnswerResultSchema.parse(res.json()).vuelve);
      await later(agent, wait * DAY);
    }
    expect(returns).toEqual(['2025-06-24', '2025-07-01', '2025-07-15', null]);
    await later(agent, 60 * DAY);
    expect((await round(agent.token)).preguntas.map((p) => p.id_pregunta)).not.toContain(q.id);
    // Answering it again is refused and changes nothing.
    const late = await review(agent.token, q.id, { respuesta_id: correct, vista: 5 });
    expect([late.statusCode, late.json().error]).toEqual([409, 'Esa pregunta todavía no toca repasarla.']);
    expect(await repasoRows(agent)).toHaveLength(4);
  });

  it('refuses bad input in Spanish and changes nothing', async () => {
    ctx.clock.set(NOW);
    const { agent, questions } = await agentAfterQuiz('Ursula');
    const [q1, , , q4, q5] = questions;
    await later(agent, DAY);
    const cases: [string, Awaited<ReturnType<typeof review>>, number, string][] = [
      ['an option of another question', await review(agent.token, q1!.id, { respuesta_id: await correctOf(q5!.id), vista: 1 }), 400, 'Esa respuesta no es de esta pregunta.'],
      ['a question not in Repaso (right at 50 s)', await review(agent.token, q4!.id, { respuesta_id: await correctOf(q4!.id), vista: 1 }), 404, 'Esa pregunta no está en tu Repaso.'],
      ['a review number ahead', await review(agent.token, q1!.id, { respuesta_id: await correctOf(q1!.id), vista: 3 }), 409, 'Esa pregunta ya se repasó: abre el Repaso de nuevo.'],
    ];
    for (const [about, res, status, error] of cases) expect([about, res.statusCode, res.json().error]).toEqual([about, status, error]);
    const body = await inject(agent.token, 'POST', `/repaso/${q1!.id}/respuesta`, { payload: { respuesta_id: 'x' } });
    expect(body.statusCode).toBe(400);
    expect(await repasoRows(agent)).toEqual([]);
    expect(await ctx.db.selectFrom('repaso_items').selectAll().where('user_id', '=', agent.user.id).execute()).toEqual([]);
  });

  it('is the agent\'s alone: staff get nothing, impersonation only reads, another agent finds nothing', async () => {
    ctx.clock.set(NOW);
    const { agent, questions } = await agentAfterQuiz('Vera');
    await later(agent, DAY);
    const admin = await ctx.db.selectFrom('users').selectAll().where('email', '=', 'admin@impecable.demo').executeTakeFirstOrThrow();
    const adminToken = await sessionToken(ctx, admin);
    const staff = await inject(adminToken, 'GET', '/repaso');
    expect([staff.statusCode, staff.json().error]).toEqual([403, 'El Repaso es de los agentes: tu perfil no hace cuestionarios.']);

    const looking = await sessionToken(ctx, agent.user, { impersonatorUserId: admin.id });
    expect((await round(looking)).pendientes).toBe(3);
    const body = { respuesta_id: await correctOf(questions[0]!.id), vista: 1 };
    expect((await review(looking, questions[0]!.id, body)).statusCode).toBe(403);
    expect((await review(adminToken, questions[0]!.id, body)).statusCode).toBe(403);

    const other = await createAgent(ctx, 'Wanda');
    expect((await review(other.token, questions[0]!.id, body)).statusCode).toBe(404);
    expect(await round(other.token)).toEqual({ preguntas: [], pendientes: 0 });
    expect(await repasoRows(agent)).toEqual([]);
  });

  it('gives Seguimiento each question\'s retention (right at second sight) beside its failure rate', async () => {
    ctx.clock.set(NOW);
    const { agent, questions } = await agentAfterQuiz('Yoli');
    await later(agent, DAY);
    for (const q of questions.slice(0, 2)) {
      expect((await review(agent.token, q.id, { respuesta_id: await correctOf(q.id), vista: 1 })).statusCode).toBe(200);
    }
    const admin = await ctx.db.selectFrom('users').selectAll().where('email', '=', 'admin@impecable.demo').executeTakeFirstOrThrow();
    const res = await inject(await sessionToken(ctx, admin), 'GET', `/seguimiento/preguntas/${ACCESIBLE}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = coachingQuestionsSchema.parse(res.json()).quizzes.flatMap((q) => q.preguntas);
    const firsts = await ctx.db.selectFrom('repaso_answers').select(['question_id', 'correct']).where('review', '=', 1).execute();
    for (const row of rows) {
      const seen = firsts.filter((f) => f.question_id === row.question_id);
      const right = seen.filter((f) => f.correct).length;
      expect([row.repaso_vistas, row.repaso_aciertos, row.retencion], `P${row.posicion}`).toEqual([seen.length, right, seen.length === 0 ? null : right / seen.length]);
      expect(row.tasa_fallo).toBeGreaterThanOrEqual(0);
    }
    expect(rows.find((r) => r.question_id === questions[0]!.id)!.repaso_vistas).toBeGreaterThan(0);
  });

  it('reminds (Avisos) once per due round, agents only', async () => {
    ctx.clock.set(NOW);
    const { agent, questions } = await agentAfterQuiz('Zoe');
    const notices = () => ctx.db.selectFrom('notifications').select(['kind', 'event_key', 'title', 'body', 'url']).where('user_id', '=', agent.user.id).orderBy('id').execute();
    await notifyRepasoDue(ctx.db, ctx.clock.now());
    expect(await notices()).toEqual([]);

    await later(agent, DAY);
    await notifyRepasoDue(ctx.db, ctx.clock.now());
    await notifyRepasoDue(ctx.db, ctx.clock.now());
    ctx.clock.advance(3 * 3_600_000);
    await notifyRepasoDue(ctx.db, ctx.clock.now());
    expect(await notices()).toEqual([{
      kind: 'repaso', event_key: 'repaso:2025-06-21', title: 'Tienes un Repaso',
      body: 'Repaso: 3 preguntas, sin tiempo y sin IMPs: para que no se te olviden.', url: '/repaso',
    }]);

    // Answered (one wrong): the next round, the day after, is told once more.
    agent.token = await sessionToken(ctx, agent.user);
    for (const [i, q] of questions.slice(0, 3).entries()) {
      const optionId = i === 0 ? await wrongOf(q) : await correctOf(q.id);
      expect((await review(agent.token, q.id, { respuesta_id: optionId, vista: 1 })).statusCode).toBe(200);
    }
    await notifyRepasoDue(ctx.db, ctx.clock.now());
    expect(await notices()).toHaveLength(1);
    await later(agent, DAY);
    await notifyRepasoDue(ctx.db, ctx.clock.now());
    expect((await notices()).map((n) => [n.event_key, n.body])).toEqual([
      ['repaso:2025-06-21', 'Repaso: 3 preguntas, sin tiempo y sin IMPs: para que no se te olviden.'],
      ['repaso:2025-06-22', 'Repaso: 1 pregunta, sin tiempo y sin IMPs: para que no se te olviden.'],
    ]);
    const staff = await ctx.db.selectFrom('notifications as n').innerJoin('users as u', 'u.id', 'n.user_id')
      .select('u.perfil').where('n.kind', '=', 'repaso').where(sql<boolean>`btrim(u.perfil) <> ''`).execute();
    expect(staff).toEqual([]);
  });
});
