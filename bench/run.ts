// `npm run bench`: builds the app, measures it against its budgets and writes
// bench/results/latest.{json,md}. Separate from `npm test`; takes several minutes.
//   --only=bundle,lighthouse,offline,outbox,api   a subset (default: all)
//   --runs=N           Lighthouse runs per route and offline visits per slowdown (default 5)
// The budgets are issue 16's and the API's (lib/budgets.ts, report-server.ts); the report
// states the machine's load when each step started and ended.
//   BENCH_AGENTS       generated agents for the API step (default 100000)
//   BENCH_API_SECONDS  seconds of load per endpoint (default 10)
//   BENCH_PORT         server port (default 8196); DIST_DIR build folder (default dist)
//   DATABASE_URL       also run the API step on PostgreSQL (a database whose name ends in "bench")
import { execFileSync, spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { runApiScale } from './api-scale.ts';
import { BASELINE_PATH, writeBaselinePage } from './lib/baseline.ts';
import { measureBundle } from './lib/bundle.ts';
import { CHROMIUM_PATH } from './lib/chromium.ts';
import { GENERATED_DOMAIN, generateDatabase } from './lib/generate.ts';
import { signIn, startServer, type BenchServer } from './lib/server.ts';
import { runLighthouse } from './lighthouse.ts';
import { runOffline } from './offline.ts';
import { countRecords, runOutbox } from './outbox.ts';
import { buildChecks, toMarkdown, writeResults, type BenchResults, type StepLoad } from './report.ts';
import { openDatabase } from '#server/db/open';

const STEPS = ['bundle', 'lighthouse', 'offline', 'outbox', 'api'] as const;
type Step = (typeof STEPS)[number];

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = new Set((arg('only')?.split(',') ?? STEPS) as Step[]);
const runs = Number(arg('runs') ?? 5);
const port = Number(process.env.BENCH_PORT ?? 8196);
const distDir = process.env.DIST_DIR?.trim() || 'dist';
const agents = Number(process.env.BENCH_AGENTS ?? 100_000);
const apiSeconds = Number(process.env.BENCH_API_SECONDS ?? 10);
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const WORK = 'bench/.work';

const log = (line: string) => console.log(`[bench] ${line}`);
const loadNow = () => loadavg().map((l) => Math.round(l * 100) / 100);

/** Runs one step, noting the machine's load before and after it (figures mean little on a busy machine). */
async function step<T>(results: Omit<BenchResults, 'checks'>, name: string, body: () => Promise<T> | T): Promise<T> {
  const entry: StepLoad = { step: name, start: loadNow(), end: [], seconds: 0 };
  const started = Date.now();
  log(`${name}: carga al empezar ${entry.start.join(' / ')}`);
  try {
    return await body();
  } finally {
    entry.end = loadNow();
    entry.seconds = Math.round((Date.now() - started) / 1000);
    (results.load ??= []).push(entry);
    log(`${name}: carga al terminar ${entry.end.join(' / ')} (${entry.seconds} s)`);
  }
}

function machine(): Record<string, string> {
  const chromium = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).stdout?.trim() || 'no encontrado';
  return {
    CPU: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
    'Carga al empezar (1/5/15 min)': loadavg().map((l) => l.toFixed(2)).join(' / '),
    Memoria: `${Math.round(totalmem() / 2 ** 30)} GB`,
    Node: process.version,
    Chromium: chromium,
    'Bases de datos del paso API': databaseUrl ? 'PGlite (embebida) y PostgreSQL (DATABASE_URL)' : 'PGlite (embebida)',
  };
}

function build(): void {
  log(`construyendo la app en ${distDir} (vite build)…`);
  execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
}

async function withServer<T>(options: Parameters<typeof startServer>[0], body: (server: BenchServer) => Promise<T>): Promise<T> {
  const server = await startServer(options);
  try {
    return await body(server);
  } finally {
    await server.stop();
  }
}

async function browserSteps(results: Omit<BenchResults, 'checks'>): Promise<void> {
  const dataDir = `${WORK}/data-browser`;
  rmSync(dataDir, { recursive: true, force: true });
  // The app as `npm start` serves it: PGlite with the demo data.
  await withServer({ port, dataDir, distDir }, async (server) => {
    if (only.has('lighthouse')) {
      const session = await signIn(server.url, 'ana@impecable.demo');
      const nick = String(session.user.nick_name || session.user.name || '');
      // The baseline page lives in the build folder only while Lighthouse runs.
      const removeBaseline = writeBaselinePage(distDir, nick);
      try {
        results.lighthouse = await step(results, 'lighthouse', () =>
          runLighthouse({ baseUrl: server.url, runs, baselinePath: BASELINE_PATH, session: { token: session.token, user: session.user }, log }),
        );
      } finally {
        removeBaseline();
      }
    }
    if (only.has('offline')) {
      const sso = await fetch(`${server.url}/api/demo/sso-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ana@impecable.demo' }),
      });
      const { token } = (await sso.json()) as { token: string };
      results.offline = await step(results, 'offline', () => runOffline({ baseUrl: server.url, ssoToken: token, runs, log }));
    }
  });
}

async function outboxStep(results: Omit<BenchResults, 'checks'>): Promise<void> {
  const dataDir = `${WORK}/data-outbox`;
  const prefix = 'outbox';
  // Ten agents with no activity, so every record the replay leaves is the replay's own.
  await generateDatabase({ dataDir, agents: 10, prefix, withActivity: false }, log);
  const runTag = `bench-outbox-${Date.now()}`;
  const { report, userIds } = await withServer({ port, dataDir, distDir }, async (server) => {
    const agentsSignedIn = [];
    for (let i = 1; i <= 10; i++) agentsSignedIn.push(await signIn(server.url, `${prefix}${i}@${GENERATED_DOMAIN}`));
    const typed = agentsSignedIn.map((a) => ({ token: a.token, user: a.user as { id: number } }));
    return { report: await runOutbox({ baseUrl: server.url, agents: typed, actions: 1000, runTag, log }), userIds: typed.map((a) => a.user.id) };
  });
  const opened = await openDatabase({ databaseUrl: null, dataDir });
  try {
    report.records = await countRecords(opened.db, report, runTag, userIds);
  } finally {
    await opened.db.destroy();
  }
  log(`outbox: registros ${JSON.stringify(report.records)}`);
  results.outbox = report;
}

async function apiStep(results: Omit<BenchResults, 'checks'>): Promise<void> {
  const prefix = 'bench';
  // Both databases in the same run, so they are compared on the same machine state.
  const databases: (string | undefined)[] = [undefined, ...(databaseUrl ? [databaseUrl] : [])];
  results.api = [];
  for (const url of databases) {
    const database = url ? 'postgres' : 'pglite';
    const dataDir = `${WORK}/data-api-${database}`;
    rmSync(dataDir, { recursive: true, force: true });
    log(`API a escala en ${database}…`);
    const generate = await generateDatabase({ dataDir, databaseUrl: url, agents, prefix, withActivity: true }, log);
    await withServer({ port, dataDir, distDir, databaseUrl: url }, async (server) => {
      // An agent from the middle of the table; the search matches a few hundred nicks.
      const agent = await signIn(server.url, `${prefix}${Math.ceil(agents / 2)}@${GENERATED_DOMAIN}`);
      const idleRssMb = Math.round(server.rssMb());
      const endpoints = await runApiScale({ server, token: agent.token, seconds: apiSeconds, search: `${prefix}123`, attribute: 'accesible', log });
      results.api!.push({ database, generate, endpoints, idleRssMb });
    });
  }
}

async function main(): Promise<void> {
  const results: Omit<BenchResults, 'checks'> = { startedAt: new Date().toISOString(), finishedAt: '', machine: machine(), skipped: [] };
  await step(results, 'build', build);
  if (only.has('bundle')) results.bundle = await step(results, 'bundle', () => measureBundle(distDir));
  const steps: [boolean, string, () => Promise<void>][] = [
    [only.has('lighthouse') || only.has('offline'), 'Lighthouse / sin red', () => browserSteps(results)],
    [only.has('outbox'), 'outbox', () => step(results, 'outbox', () => outboxStep(results))],
    [only.has('api'), 'API a escala', () => step(results, 'api', () => apiStep(results))],
  ];
  for (const [wanted, name, step] of steps) {
    if (!wanted) continue;
    try {
      await step();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      results.skipped.push(`${name}: falló (${message.split('\n')[0]})`);
      log(`${name} falló: ${message}`);
    }
  }
  // A partial run (--only) keeps the other sections of the last report, saying when they were measured.
  const previous = existsSync('bench/results/latest.json') ? (JSON.parse(readFileSync('bench/results/latest.json', 'utf8')) as BenchResults) : null;
  for (const step of STEPS) {
    if (only.has(step)) continue;
    if (previous?.[step] !== undefined) {
      (results as Record<string, unknown>)[step] = previous[step];
      results.skipped.push(`${step}: cifras de la ejecución anterior (${previous.startedAt}), no repetido en esta (--only)`);
    } else results.skipped.push(`${step}: no pedido en esta ejecución (--only)`);
  }
  results.finishedAt = new Date().toISOString();
  results.machine['Carga al terminar (1/5/15 min)'] = loadNow().map((l) => l.toFixed(2)).join(' / ');
  const full: BenchResults = { ...results, checks: buildChecks(results) };
  writeResults(full);
  console.log(`\n${toMarkdown(full)}`);
  log('escrito bench/results/latest.md y latest.json');
}

await main();
