// `npm run bench`: builds the app, measures it against its budgets and writes
// bench/results/latest.{json,md}. Separate from `npm test`; takes several minutes.
//   --only=bundle,lighthouse,offline,outbox,sync,api,overload,video   a subset (default: all)
//   --runs=N           Lighthouse runs per route and offline visits per slowdown (default 5)
//   --agents=N         generated agents of the API step on every database (a quick check; the
//                      verdicts need the budgets' sizes: 100,000 on PostgreSQL, 20,000 on PGlite)
// `lighthouse` measures the routes in the same rounds as two pages of its own: the static
// baseline (lib/baseline.ts) and the same-stack reference page (bench/reference/, built with
// Vite's API by lib/reference.ts), both in the build folder only while it runs.
// The budgets are issues 16 and 17's (lib/budgets.ts); the report states the machine's load
// when each step started and ended. `outbox` replays 1,000 queued actions in Chromium, `sync`
// is 200 agents replaying at once through POST /api/sync; both, and `api`, run on PGlite and,
// with DATABASE_URL, on PostgreSQL too. `video` plays a 3-minute video in Chromium on a floor
// network (a throttling proxy in front of the server: 1.5 Mbps, 150 ms RTT, 400 kbps for 20 s),
// adaptive (HLS) against a single 720p MP4 (also bench/results/video-floor.json).
//   BENCH_AGENTS       agents of the API step on PostgreSQL (default 100000)
//   BENCH_PGLITE_AGENTS  agents of the API step on PGlite (default 20000)
//   BENCH_WORKERS      WORKERS of the server on PostgreSQL (default: the server's, one process)
//   BENCH_API_SECONDS  seconds of load per endpoint (default 10)
//   BENCH_OVERLOAD_SECONDS  seconds of the overload step: 200 connections of reads and batches
//                      (default 300; the verdicts on times need the full 300)
//   BENCH_VIDEO_SECONDS  seconds each run of the video step watches (default 180: the whole clip; 90–180)
//   BENCH_VIDEO_ROUNDS   rounds of the video step, each one adaptive and one single-MP4 run (default 2)
//   BENCH_VIDEO_FRESH=1  the video step transcodes its clip again (it keeps the ladder while
//                      server/media/transcode.ts is unchanged)
//   BENCH_PORT         server port (default 8196); DIST_DIR build folder (default dist)
//   BENCH_RESULTS_DIR  where latest.{json,md} go (default bench/results; a trial run elsewhere)
//   BENCH_WORK_DIR     the generated databases' folder (default bench/.work)
//   BENCH_CPU_PROF     a folder: each server started writes a V8 CPU profile there when it stops
//   DATABASE_URL       also run on PostgreSQL (a database whose name ends in "bench": emptied)
//   BENCH_QUIET_LOAD   each measuring step first waits until the 1-minute load is at most this
//                      (default 1.5), so a step does not start in the load the previous one left;
//   BENCH_SETTLE_SECONDS  for at most this long (default 300), then it starts anyway (and says so)
import { execFileSync, spawnSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { BASELINE_PATH, writeBaselinePage } from './lib/baseline.ts';
import { measureBundle } from './lib/bundle.ts';
import { CHROMIUM_PATH } from './lib/chromium.ts';
import { buildReferencePage, REFERENCE_PATH, type ReferencePage } from './lib/reference.ts';
import { SCALE_BUDGETS } from './lib/budgets.ts';
import { signIn, withServer } from './lib/server.ts';
import { runLighthouse, type LighthouseRoute } from './lighthouse.ts';
import { runOffline } from './offline.ts';
import { buildChecks, carriedNote, toMarkdown, writeResults, type BenchResults, type StepLoad } from './report.ts';
import { apiStep, floorStep, outboxStep, overloadStep, type StepContext } from './steps.ts';
import { runVideoFloor, writeVideoFloorDetail } from './video-floor.ts';

const STEPS = ['bundle', 'lighthouse', 'offline', 'outbox', 'sync', 'api', 'overload', 'video'] as const;
type Step = (typeof STEPS)[number];

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = new Set((arg('only')?.split(',') ?? STEPS) as Step[]);
const runs = Number(arg('runs') ?? 5);
const port = Number(process.env.BENCH_PORT ?? 8196);
const distDir = process.env.DIST_DIR?.trim() || 'dist';
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const WORK = process.env.BENCH_WORK_DIR?.trim() || 'bench/.work';
const RESULTS_DIR = process.env.BENCH_RESULTS_DIR?.trim() || 'bench/results';

const log = (line: string) => console.log(`[bench] ${line}`);
const workers = Number(process.env.BENCH_WORKERS ?? 0) || undefined;
const context: StepContext = {
  port,
  distDir,
  databaseUrl,
  work: WORK,
  agents: {
    postgres: Number(arg('agents') ?? process.env.BENCH_AGENTS ?? SCALE_BUDGETS.postgres.agents),
    pglite: Number(arg('agents') ?? process.env.BENCH_PGLITE_AGENTS ?? SCALE_BUDGETS.pglite.agents),
  },
  apiSeconds: Number(process.env.BENCH_API_SECONDS ?? 10),
  overloadSeconds: Number(process.env.BENCH_OVERLOAD_SECONDS ?? 300),
  workers,
  log,
};
const loadNow = () => loadavg().map((l) => Math.round(l * 100) / 100);

const QUIET_LOAD = Number(process.env.BENCH_QUIET_LOAD ?? 1.5);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 300);
/** Steps that measure time: they wait for a quiet machine first (build and bundle do not). */
const TIMED = new Set(['lighthouse', 'offline', 'outbox', 'sync', 'api', 'overload', 'video']);

/** Waits until the 1-minute load is at most QUIET_LOAD, or SETTLE_SECONDS have passed. */
async function settle(name: string): Promise<void> {
  const started = Date.now();
  if (loadavg()[0]! <= QUIET_LOAD) return;
  log(`${name}: esperando a que la carga baje de ${QUIET_LOAD} (ahora ${loadNow()[0]})…`);
  while (loadavg()[0]! > QUIET_LOAD && Date.now() - started < SETTLE_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  const waited = Math.round((Date.now() - started) / 1000);
  log(loadavg()[0]! <= QUIET_LOAD ? `${name}: carga ${loadNow()[0]} tras ${waited} s` : `${name}: la carga sigue en ${loadNow()[0]} tras ${waited} s; se mide igualmente`);
}

/**
 * Runs one step, noting the machine's load before and after it (figures mean little on a busy
 * machine); a step that measures time first waits for the load the previous one left to pass.
 */
async function step<T>(results: Omit<BenchResults, 'checks'>, name: string, body: () => Promise<T> | T): Promise<T> {
  if (TIMED.has(name)) await settle(name);
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

/** The machine line naming the databases the outbox, floor, API and overload steps ran on. */
const DATABASES = 'Bases de datos (outbox, piso, API, sobrecarga)';

function machine(): Record<string, string> {
  const chromium = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).stdout?.trim() || 'no encontrado';
  return {
    CPU: `${cpus()[0]?.model ?? '?'} × ${cpus().length}`,
    'Carga al empezar (1/5/15 min)': loadavg().map((l) => l.toFixed(2)).join(' / '),
    Memoria: `${Math.round(totalmem() / 2 ** 30)} GB`,
    Node: process.version,
    Chromium: chromium,
    [DATABASES]: databaseUrl
      ? `PGlite (embebida) y PostgreSQL (DATABASE_URL${workers ? `, WORKERS=${workers}` : ''})`
      : 'PGlite (embebida)',
  };
}

function build(): void {
  log(`construyendo la app en ${distDir} (vite build)…`);
  execFileSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
}

/** The reference page's row when it could not be built. */
function unmeasuredReference(error: string): LighthouseRoute {
  const none = Number.NaN;
  return {
    route: REFERENCE_PATH,
    reference: true,
    runs: [],
    performanceMedian: none,
    performanceMin: none,
    accessibilityMedian: none,
    fcpMedianMs: none,
    lcpMedianMs: none,
    tbtMedianMs: none,
    clsMedian: none,
    clsMax: none,
    failedAccessibilityAudits: [],
    error,
  };
}

async function browserSteps(results: Omit<BenchResults, 'checks'>): Promise<void> {
  const dataDir = `${WORK}/data-browser`;
  rmSync(dataDir, { recursive: true, force: true });
  // The app as `npm start` serves it: PGlite with the demo data.
  await withServer({ port, dataDir, distDir }, async (server) => {
    if (only.has('lighthouse')) {
      const session = await signIn(server.url, 'ana@impecable.demo');
      const nick = String(session.user.nick_name || session.user.name || '');
      // The baseline and reference pages live in the build folder only while Lighthouse runs;
      // the reference is built before the step, which then waits for the build's load to pass.
      const removeBaseline = writeBaselinePage(distDir, nick);
      let reference: ReferencePage | null = null;
      let referenceError = '';
      try {
        log(`construyendo la página de referencia en ${distDir}${REFERENCE_PATH} (React + Mantine, sin datos)…`);
        reference = await buildReferencePage(distDir, nick);
        log(`página de referencia: ${(reference.jsGzip / 1024).toFixed(1)} KB de JS gzip`);
      } catch (error) {
        referenceError = `no se pudo construir: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
        log(`página de referencia: ${referenceError}`);
      }
      try {
        const measured = await step(results, 'lighthouse', () =>
          runLighthouse({
            baseUrl: server.url,
            runs,
            baselinePath: BASELINE_PATH,
            ...(reference ? { referencePath: REFERENCE_PATH } : {}),
            session: { token: session.token, user: session.user },
            log,
          }),
        );
        const measuredReference = measured.find((r) => r.reference);
        if (measuredReference && reference) measuredReference.jsGzip = reference.jsGzip;
        // Without its reference the routes cannot be judged against it: the report says why.
        if (!reference) measured.splice(1, 0, unmeasuredReference(referenceError));
        results.lighthouse = measured;
      } finally {
        removeBaseline();
        reference?.remove();
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

async function main(): Promise<void> {
  const results: Omit<BenchResults, 'checks'> = { startedAt: new Date().toISOString(), finishedAt: '', machine: machine(), skipped: [] };
  await step(results, 'build', build);
  if (only.has('bundle')) results.bundle = await step(results, 'bundle', () => measureBundle(distDir));
  const steps: [boolean, string, () => Promise<void>][] = [
    [only.has('lighthouse') || only.has('offline'), 'Lighthouse / sin red', () => browserSteps(results)],
    [only.has('outbox'), 'outbox', async () => {
      results.outbox = await step(results, 'outbox', () => outboxStep(context));
    }],
    [only.has('sync'), 'piso que reconecta (sync)', async () => {
      results.sync = await step(results, 'sync', () => floorStep(context));
    }],
    [only.has('api'), 'API a escala', async () => {
      results.api = await step(results, 'api', () => apiStep(context));
    }],
    [only.has('overload'), 'sobrecarga', async () => {
      results.overload = await step(results, 'overload', () => overloadStep(context));
    }],
    [only.has('video'), 'vídeo en el piso', async () => {
      const rounds = Number(process.env.BENCH_VIDEO_ROUNDS ?? 2);
      const seconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 180);
      const { report, logs } = await step(results, 'video', () => runVideoFloor(context, { rounds, seconds }));
      results.video = report;
      const load = results.load?.findLast((l) => l.step === 'video');
      writeVideoFloorDetail(RESULTS_DIR, report, logs, { start: load?.start ?? [], end: load?.end ?? [] });
    }],
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
  const previousPath = `${RESULTS_DIR}/latest.json`;
  const previous = existsSync(previousPath) ? (JSON.parse(readFileSync(previousPath, 'utf8')) as BenchResults) : null;
  for (const step of STEPS) {
    if (only.has(step)) continue;
    if (previous?.[step] !== undefined) {
      (results as Record<string, unknown>)[step] = previous[step];
      results.skipped.push(carriedNote(previous, step));
      // Carried figures were measured on the databases of the run that measured them.
      if (step === 'outbox' || step === 'sync' || step === 'api' || step === 'overload') results.machine[DATABASES] = previous.machine[DATABASES] ?? results.machine[DATABASES]!;
    } else results.skipped.push(`${step}: no pedido en esta ejecución (--only)`);
  }
  results.finishedAt = new Date().toISOString();
  results.machine['Carga al terminar (1/5/15 min)'] = loadNow().map((l) => l.toFixed(2)).join(' / ');
  const full: BenchResults = { ...results, checks: buildChecks(results) };
  writeResults(full, RESULTS_DIR);
  console.log(`\n${toMarkdown(full)}`);
  log(`escrito ${RESULTS_DIR}/latest.md y latest.json`);
}

await main();
