import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath } from '#contract/paths';
import { QUIZ_PATHS } from '#contract/quiz';
import { answerPoints } from '#domain/quiz';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { Database } from '#server/db/schema';
import { closeApp } from '#server/lifecycle';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { createRng, type Rng } from '#server/seed/prng';
import { seedMinimal } from '#server/seed/index';
import { createClock, openTestDatabase } from '#test-support/server/test-app';
import { ChaosDevice, newStats, type PlannedAction } from '#test-support/server/chaos-device';
import { openSibling, type SiblingHandle } from '#test-support/server/instances';

// ≥100 phones with local outboxes sync video progress, log events and quiz answers through
// dropped connections, lost answers, duplicates, reordered batches, sign-outs (the rest goes
// with the write-only sync credential) and server restarts, against TWO server instances on one
// database (each with its own pool on PostgreSQL; on PGlite, one process by design, two apps on
// the same handle): every request picks an instance, and each instance is restarted (close +
// buildApp again) once in the middle of it all. The ledger must then match the plan exactly.
const AGENTS = 120;
const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const T0 = new Date('2025-06-20T10:00:00Z');
const MINUTE = 60_000;
const ATTRIBUTE = 3;
const PRESENTATION_VIDEO = 7;
const TRAINING_VIDEOS = [8, 9];

const config = loadConfig({ DEMO_MODE: 'true', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000' });
const clock = createClock(T0);
let db: Kysely<Database>;

interface Instance {
  db: Kysely<Database>;
  app: FastifyInstance | null;
  port: number;
  /** Requests this instance received, over its restarts: both must do real work. */
  served: number;
}
const instances: Instance[] = [];
let sibling: SiblingHandle;
const urlOf = (instance: Instance) => `http://127.0.0.1:${instance.port}`;
const urls = () => instances.map(urlOf);
/** Set-up calls alternate between the instances. */
let turn = 0;
const baseUrl = () => urlOf(instances[turn++ % instances.length]!);

/** Builds the instance's app and listens on its port (the same one again after a restart). */
async function startServer(instance: Instance): Promise<void> {
  instance.app = await buildApp({ config, db: instance.db, clock: clock.now, logger: false, distDir: '/nonexistent-dist' });
  instance.app.server.on('request', () => {
    instance.served += 1;
  });
  await instance.app.listen({ port: instance.port, host: '127.0.0.1' });
  instance.port = (instance.app.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  db = await openTestDatabase();
  await seedMinimal(db, T0);
  sibling = await openSibling(db);
  instances.push({ db, app: null, port: 0, served: 0 }, { db: sibling.db, app: null, port: 0, served: 0 });
  for (const instance of instances) await startServer(instance);
});
afterAll(async () => {
  for (const instance of instances) await instance.app?.close();
  await sibling.close();
  await db.destroy();
});

async function post(path: string, token: string, body: unknown, occurredAt?: Date) {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(occurredAt ? { 'x-occurred-at': occurredAt.toISOString() } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Progress reports at 10, 50 and 100 % spread over the video's length, so the completion is plausible. */
function watch(videoId: number, durationSeconds: number, start: Date): PlannedAction[] {
  return [10, 50, 100].map((porcentaje) => ({
    path: `/video/${videoId}/porcentaje`,
    body: { porcentaje },
    occurredAt: new Date(start.getTime() + ((porcentaje - 10) / 90) * Math.max(1, durationSeconds) * 1000),
  }));
}

interface Agent {
  id: number;
  email: string;
  token: string;
  syncToken: string;
  actionKey: string;
  expectedImps: number;
  expectedEvents: number;
  participationId: number | null;
}

/** Everyone signed in before the work they will sync: no action predates its session (issue 15.7). */
const SIGNED_IN_AT = new Date(T0.getTime() - 4 * 60 * MINUTE);

async function createAgents(rng: Rng): Promise<Agent[]> {
  clock.set(SIGNED_IN_AT);
  const rows = await db.insertInto('users').values(Array.from({ length: AGENTS }, (_, i) => ({
    email: `caos${i}@impecable.demo`, name: `Caos ${i}`, nick_name: `Caos${i}`, brand_id: 2, platform_id: rng.int(1, 4), site_id: null,
  }))).returning(['id', 'email']).execute();
  const agents: Agent[] = [];
  for (const row of rows) {
    const jwt = await signSsoToken(config.ssoSecret, row.email, clock.now());
    const res = await fetch(`${baseUrl()}/api/auth/login-sso`, { method: 'POST', headers: { authorization: `Bearer ${jwt}` } });
    const { data } = (await res.json()) as { data: { token: string; sync_token: string; action_key: string } };
    agents.push({
      id: row.id, email: row.email, token: data.token, syncToken: data.sync_token, actionKey: data.action_key, expectedImps: 0, expectedEvents: 0, participationId: null,
    });
  }
  clock.set(T0);
  return agents;
}

describe(`chaos replay: ${AGENTS} agents on two instances, seed ${SEED}`, () => {
  it('ends with exactly the planned points, progress, answers and events: nothing lost, nothing twice', async () => {
    console.info(`chaos replay seed: ${SEED} (CHAOS_SEED=${SEED} repeats this run)`);
    const rng = createRng(SEED);
    const durations = new Map((await db.selectFrom('videos').select(['id', 'duration_seconds']).execute()).map((v) => [v.id, v.duration_seconds]));
    const options = await db.selectFrom('quiz_options as o').innerJoin('quiz_questions as q', 'q.id', 'o.question_id')
      .select(['o.id', 'o.question_id', 'o.correct']).where('q.attribute_id', '=', ATTRIBUTE).where('q.quiz', '=', 1).execute();
    const agents = await createAgents(rng);

    // Phase 0, online at T0: a third of the agents watch the presentation and open Quiz 1,
    // receiving every question at once (the offline quiz of decisions.md).
    const quizTakers = agents.filter(() => rng.chance(1 / 3));
    const bundles = new Map<number, { id: number; preguntas: Array<{ id: number; respuestas: Array<{ id_respuesta: number }> }> }>();
    for (const agent of quizTakers) {
      for (const report of watch(PRESENTATION_VIDEO, durations.get(PRESENTATION_VIDEO) ?? 0, new Date(T0.getTime() - 90 * MINUTE))) {
        expect((await post(report.path, agent.token, report.body, report.occurredAt)).status).toBe(200);
      }
      agent.expectedImps += 5;
      const started = await post(buildPath(QUIZ_PATHS.start, { atributo: ATTRIBUTE, quizz: 1 }), agent.token, {});
      expect(started.status).toBe(200);
      agent.participationId = (started.body.data as { id_participacion: number }).id_participacion;
      const bundle = await fetch(`${baseUrl()}/api${buildPath(QUIZ_PATHS.bundle, { participacion: agent.participationId })}`, { headers: { authorization: `Bearer ${agent.token}` } });
      const { data } = (await bundle.json()) as { data: { preguntas: Array<{ id: number; respuestas: Array<{ id_respuesta: number }> }> } };
      bundles.set(agent.id, { id: agent.participationId, preguntas: data.preguntas });
    }

    // The plan: what each user does over the next hour, in the order it happens.
    const plans = new Map<number, PlannedAction[]>();
    for (const agent of agents) {
      const plan: PlannedAction[] = [];
      for (const video of TRAINING_VIDEOS) {
        if (!rng.chance(0.7)) continue;
        plan.push(...watch(video, durations.get(video) ?? 0, new Date(T0.getTime() - rng.int(60, 170) * MINUTE)));
        agent.expectedImps += 5;
      }
      for (let n = rng.int(1, 4); n > 0; n--) {
        plan.push({ path: '/log/register', body: { action: `Clic vídeo ${n} Accesible` }, occurredAt: new Date(T0.getTime() - rng.int(1, 170) * MINUTE) });
        agent.expectedEvents += 1;
      }
      const bundle = bundles.get(agent.id);
      if (bundle) {
        let at = T0.getTime() + 1_000;
        for (const question of bundle.preguntas) {
          const elapsed = rng.int(1_000, 65_000);
          at += elapsed;
          const choice = rng.pick(question.respuestas).id_respuesta;
          const correct = options.find((o) => o.id === choice)?.correct ?? false;
          agent.expectedImps += answerPoints(elapsed, correct);
          plan.push({ path: buildPath(QUIZ_PATHS.answer, { participacion: bundle.id, pregunta: question.id, atributo: ATTRIBUTE }), body: { respuesta_id: choice, elapsed_ms: elapsed }, occurredAt: new Date(at) });
        }
      }
      plans.set(agent.id, plan.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime()));
    }

    // Phase 1, an hour later: everyone syncs at once, through every fault we can think of.
    clock.advance(60 * MINUTE);
    const stats = newStats();
    const total = agents.reduce((n, a) => n + (plans.get(a.id)?.length ?? 0), 0);
    let answered = 0;
    let restarting: Promise<void> = Promise.resolve();
    let restarts = 0;
    // Each instance restarts once, at its own moment, while devices keep using the other one.
    const restartAt = new Map([
      [Math.floor(total * (0.2 + rng.next() * 0.25)), instances[0]!],
      [Math.floor(total * (0.5 + rng.next() * 0.25)), instances[1]!],
    ]);
    const onAnswered = () => {
      answered += 1;
      const instance = restartAt.get(answered);
      if (!instance) return;
      restarts += 1;
      // Mid-sync: other devices' requests are in flight while this instance closes.
      restarting = restarting.then(async () => {
        if (instance.app) await closeApp(instance.app);
        await startServer(instance);
      });
    };
    const devices = agents.map((a) => new ChaosDevice(a.email, plans.get(a.id) ?? [], { token: a.token, syncToken: a.syncToken, actionKey: a.actionKey }, urls, createRng(rng.int(1, 2 ** 30)), stats, onAnswered));
    const leaving = new Set(devices.filter(() => rng.chance(0.25)));
    let ticks = 0;
    while (devices.some((d) => !d.done)) {
      ticks += 1;
      expect(ticks, 'the devices never finished syncing').toBeLessThan(5_000);
      await Promise.all(devices.map(async (device) => {
        if (leaving.has(device) && !device.signedOut && rng.chance(0.1)) await device.signOut();
        if (!device.done) await device.tick();
      }));
      await restarting;
    }

    console.info(`chaos replay: ${total} actions, ${ticks} ticks, ${restarts} restart(s), ${leaving.size} signed out mid-sync; ${JSON.stringify({ ...stats, refusals: stats.refusals.length })}`);
    expect(stats.refusals).toEqual([]);
    expect(restarts).toBe(2);
    console.info(`chaos replay: requests per instance ${instances.map((i) => i.served).join(' / ')}`);
    expect(instances.every((i) => i.served > total / 4)).toBe(true);

    // The ledger, per agent and in total, is exactly the plan.
    const ledger = await db.selectFrom('points_ledger').select(['user_id', (eb) => eb.fn.sum<number>('amount').as('imps')])
      .where('user_id', 'in', agents.map((a) => a.id)).groupBy('user_id').execute();
    const byUser = new Map(ledger.map((r) => [r.user_id, Number(r.imps)]));
    const wrong = agents.filter((a) => (byUser.get(a.id) ?? 0) !== a.expectedImps).map((a) => `${a.email}: ${byUser.get(a.id) ?? 0} ≠ ${a.expectedImps}`);
    expect(wrong).toEqual([]);
    const expectedTotal = agents.reduce((n, a) => n + a.expectedImps, 0);
    expect([...byUser.values()].reduce((n, v) => n + v, 0)).toBe(expectedTotal);

    const events = await db.selectFrom('log_events').select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', 'in', agents.map((a) => a.id)).groupBy('user_id').execute();
    const eventsBy = new Map(events.map((e) => [e.user_id, Number(e.n)]));
    expect(agents.filter((a) => (eventsBy.get(a.id) ?? 0) !== a.expectedEvents).map((a) => a.email)).toEqual([]);

    for (const agent of quizTakers) {
      const answers = await db.selectFrom('quiz_answers').select((eb) => eb.fn.countAll<number>().as('n')).where('participation_id', '=', agent.participationId ?? 0).executeTakeFirstOrThrow();
      expect(Number(answers.n)).toBe(bundles.get(agent.id)?.preguntas.length);
    }
    console.info(`chaos replay: ledger ${expectedTotal} IMPs over ${AGENTS} agents, exactly as planned`);
  }, 600_000);
});
