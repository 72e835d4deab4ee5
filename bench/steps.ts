// The bench's server steps, one run per database (PGlite always, PostgreSQL too with
// DATABASE_URL), each on a database generated for it: the outbox replay in Chromium
// (`outbox`), the floor reconnect through POST /api/sync (`sync`), the API under load
// (`api`) and past its capacity (`overload`). Each starts its own server and stops it before counting what it stored (PGlite is
// one process). Measures; the verdicts are report-server.ts's.
import { rmSync } from 'node:fs';
import { runApiScale } from './api-scale.ts';
import { runFloor, type FloorAgent } from './floor.ts';
import { GENERATED_DOMAIN, generateDatabase } from './lib/generate.ts';
import { signIn, ssoTokenFor, withServer, type ServerOptions } from './lib/server.ts';
import { SCALE_BUDGETS } from './lib/budgets.ts';
import { countAcknowledged, countRecords, type RecordCheck } from './lib/records.ts';
import { runOverload } from './overload.ts';
import { availableVideos, buildAgentQueue, logEvents, measureEnqueue, videoReports, type QueueMix } from './outbox.ts';
import { runBrowserReplay } from './outbox-browser.ts';
import type { ApiRun, BenchDatabase, FloorRun, OutboxReport, OutboxRun, OverloadRun } from './report-types.ts';
import { openDatabase } from '#server/db/open';

export interface StepContext {
  port: number;
  distDir: string;
  databaseUrl: string | undefined;
  work: string;
  /** Generated agents of the API step, per database (the budgets' sizes by default). */
  agents: Record<BenchDatabase, number>;
  apiSeconds: number;
  /** Seconds of the overload step (BENCH_OVERLOAD_SECONDS). */
  overloadSeconds: number;
  /** WORKERS for the server on PostgreSQL (PGlite is one process); undefined: the server's default. */
  workers: number | undefined;
  log: (line: string) => void;
}

interface Target {
  database: BenchDatabase;
  url: string | undefined;
}

/** Both databases in the same run, so they are compared on the same machine state. */
function targets(ctx: StepContext): Target[] {
  return [{ database: 'pglite', url: undefined }, ...(ctx.databaseUrl ? [{ database: 'postgres' as const, url: ctx.databaseUrl }] : [])];
}

function serverOptions(ctx: StepContext, target: Target, dataDir: string): ServerOptions {
  const workers = target.url && ctx.workers ? { WORKERS: String(ctx.workers) } : undefined;
  return { port: ctx.port, dataDir, distDir: ctx.distDir, databaseUrl: target.url, ...(workers ? { env: workers } : {}) };
}

async function records<T = RecordCheck>(target: Target, dataDir: string, count: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const opened = await openDatabase({ databaseUrl: target.url ?? null, dataDir });
  try {
    return await count(opened.db);
  } finally {
    await opened.db.destroy();
  }
}

/** 1,000 actions of one agent queued in the app's outbox in Chromium, replayed when the network returns. */
export async function outboxStep(ctx: StepContext): Promise<OutboxReport> {
  const enqueue = await measureEnqueue(SCALE_BUDGETS.outbox.actions);
  ctx.log(`outbox: encolar p50 ${enqueue.p50Ms} ms, p95 ${enqueue.p95Ms} ms (${enqueue.samples})`);
  const runs: OutboxRun[] = [];
  for (const target of targets(ctx)) {
    const dataDir = `${ctx.work}/data-outbox-${target.database}`;
    // One agent with no activity, so every record the replay leaves is the replay's own.
    await generateDatabase({ dataDir, databaseUrl: target.url, agents: 1, prefix: 'outbox', withActivity: false }, ctx.log);
    const email = `outbox1@${GENERATED_DOMAIN}`;
    const runTag = `bench-outbox-${Date.now()}`;
    const run = await withServer(serverOptions(ctx, target, dataDir), async (server) => {
      const agent = await signIn(server.url, email);
      const userId = Number(agent.user.id);
      const { actions, mix } = await buildAgentQueue(server.url, agent.token, SCALE_BUDGETS.outbox.actions, runTag);
      ctx.log(`outbox (${target.database}): ${actions.length} acciones: ${mix.quizAnswers} respuestas de quiz, ${mix.videoReports} avances de vídeo, ${mix.logEvents} eventos`);
      try {
        const replay = await runBrowserReplay({ baseUrl: server.url, ssoToken: await ssoTokenFor(email), userId, actions, log: ctx.log });
        return { run: { database: target.database, mix, replay } as OutboxRun, userId };
      } catch (error) {
        return { run: { database: target.database, mix, error: error instanceof Error ? error.message.split('\n')[0]! : String(error) } as OutboxRun, userId };
      }
    });
    run.run.records = await records(target, dataDir, (db) => countRecords(db, run.run.mix, runTag, [run.userId]));
    ctx.log(`outbox (${target.database}): registros ${JSON.stringify(run.run.records)}`);
    runs.push(run.run);
  }
  return { enqueue, runs };
}

/** Each agent's 20 actions: one video watched to 100 % (10 reports) between log events. */
async function floorQueue(baseUrl: string, token: string, index: number, runTag: string): Promise<{ agent: FloorAgent; mix: QueueMix }> {
  const per = SCALE_BUDGETS.floor.actionsPerAgent;
  const video = (await availableVideos(baseUrl, token)).slice(0, 1);
  const progress = videoReports(video);
  const events = logEvents(runTag, per - progress.length, index * per);
  const actions = Array.from({ length: per }, (_, i) => (i % 2 === 0 ? progress.shift() : events.shift()) ?? progress.shift() ?? events.shift()!);
  const mix = { logEvents: per - video.length * 10, videoReports: video.length * 10, videos: video.length, quizAnswers: 0, participationIds: [] };
  return { agent: { token, actions }, mix };
}

/** 200 agents replay 20 actions each at the same moment through POST /api/sync. */
export async function floorStep(ctx: StepContext): Promise<FloorRun[]> {
  const runs: FloorRun[] = [];
  const size = SCALE_BUDGETS.floor.agents;
  for (const target of targets(ctx)) {
    const dataDir = `${ctx.work}/data-floor-${target.database}`;
    await generateDatabase({ dataDir, databaseUrl: target.url, agents: size, prefix: 'floor', withActivity: false }, ctx.log);
    const runTag = `bench-floor-${Date.now()}`;
    const { run, userIds } = await withServer(serverOptions(ctx, target, dataDir), async (server) => {
      const signedIn = [];
      for (let i = 1; i <= size; i++) signedIn.push(await signIn(server.url, `floor${i}@${GENERATED_DOMAIN}`));
      const queues = await Promise.all(signedIn.map((a, i) => floorQueue(server.url, a.token, i, runTag)));
      const mix = queues.reduce<QueueMix>(
        (sum, q) => ({ ...sum, logEvents: sum.logEvents + q.mix.logEvents, videoReports: sum.videoReports + q.mix.videoReports, videos: sum.videos + q.mix.videos }),
        { logEvents: 0, videoReports: 0, videos: 0, quizAnswers: 0, participationIds: [] },
      );
      let maxRss = server.rssMb();
      const sampler = setInterval(() => (maxRss = Math.max(maxRss, server.rssMb())), 250);
      try {
        const report = await runFloor({ baseUrl: server.url, agents: queues.map((q) => q.agent), log: ctx.log });
        const workers = target.url ? ctx.workers : undefined;
        return { run: { database: target.database, report, mix, maxRssMb: Math.round(maxRss), ...(workers ? { workers } : {}) } as FloorRun, userIds: signedIn.map((a) => Number(a.user.id)) };
      } finally {
        clearInterval(sampler);
      }
    });
    if (run.report.available) run.records = await records(target, dataDir, (db) => countRecords(db, run.mix, runTag, userIds));
    ctx.log(`piso (${target.database}): registros ${JSON.stringify(run.records ?? null)}`);
    runs.push(run);
  }
  return runs;
}

/** The API under load, on each database at its own size (PostgreSQL 100,000 agents, PGlite 20,000). */
export async function apiStep(ctx: StepContext): Promise<ApiRun[]> {
  const prefix = 'bench';
  const runs: ApiRun[] = [];
  for (const target of targets(ctx)) {
    const agents = ctx.agents[target.database];
    const dataDir = `${ctx.work}/data-api-${target.database}`;
    rmSync(dataDir, { recursive: true, force: true });
    ctx.log(`API a escala en ${target.database} (${agents} agentes)…`);
    const generate = await generateDatabase({ dataDir, databaseUrl: target.url, agents, prefix, withActivity: true }, ctx.log);
    await withServer(serverOptions(ctx, target, dataDir), async (server) => {
      // An agent from the middle of the table; the search matches a few hundred nicks.
      const agent = await signIn(server.url, `${prefix}${Math.ceil(agents / 2)}@${GENERATED_DOMAIN}`);
      const idleRssMb = Math.round(server.rssMb());
      const endpoints = await runApiScale({ server, token: agent.token, seconds: ctx.apiSeconds, search: `${prefix}123`, attribute: 'accesible', log: ctx.log });
      const workers = target.url ? ctx.workers : undefined;
      runs.push({ database: target.database, generate, endpoints, idleRssMb, ...(workers ? { workers } : {}) });
    });
  }
  return runs;
}

/** Agents of the overload step's database, and how many of them send (spread over their sessions). */
const OVERLOAD_AGENTS = 2_000;
const OVERLOAD_SENDERS = 50;

/** 200 connections of reads and batches without pause, then every acknowledged action counted in the database. */
export async function overloadStep(ctx: StepContext): Promise<OverloadRun[]> {
  const runs: OverloadRun[] = [];
  for (const target of targets(ctx)) {
    const dataDir = `${ctx.work}/data-overload-${target.database}`;
    await generateDatabase({ dataDir, databaseUrl: target.url, agents: OVERLOAD_AGENTS, prefix: 'overload', withActivity: true }, ctx.log);
    const runTag = `bench-overload-${Date.now()}`;
    const acknowledged = new Set<string>();
    const workers = target.url ? ctx.workers : undefined;
    const run: OverloadRun = { database: target.database, ...(workers ? { workers } : {}) };
    await withServer(serverOptions(ctx, target, dataDir), async (server) => {
      const tokens: string[] = [];
      for (let i = 1; i <= OVERLOAD_SENDERS; i++) tokens.push((await signIn(server.url, `overload${i}@${GENERATED_DOMAIN}`)).token);
      let maxRss = server.rssMb();
      const sampler = setInterval(() => (maxRss = Math.max(maxRss, server.rssMb())), 250);
      try {
        ctx.log(`sobrecarga (${target.database}): ${ctx.overloadSeconds} s…`);
        run.report = await runOverload({ server, tokens, seconds: ctx.overloadSeconds, runTag, acknowledged, log: ctx.log });
      } catch (error) {
        run.error = error instanceof Error ? error.message.split('\n')[0]! : String(error);
      } finally {
        clearInterval(sampler);
        run.maxRssMb = Math.round(maxRss);
      }
    });
    if (run.report) run.records = await records(target, dataDir, (db) => countAcknowledged(db, runTag, acknowledged));
    ctx.log(`sobrecarga (${target.database}): registros ${JSON.stringify(run.records ?? null)}`);
    runs.push(run);
  }
  return runs;
}
