// The server past its capacity: autocannon holds 200 connections for BENCH_OVERLOAD_SECONDS
// (default 300), each sending three reads (global ranking, "my position", balance) and then a
// POST /api/sync batch of 100 log events, over and over, as agents spread over several
// sessions, and sending again as soon as an answer comes (no backoff: the worst case). Each
// answer's time is taken from the moment its request was built; 2xx and 503 are timed apart
// (load shedding: what is taken in is answered in time, the rest is told 503 at once). A probe
// asks /api/health/ready every 250 ms throughout. Every action of a batch has its own key and
// its log event carries it: afterwards the caller counts the stored events against the keys
// acknowledged with 2xx (lib/records.ts countAcknowledged): each stored exactly once.
import { randomUUID } from 'node:crypto';
import autocannon, { type RawRequest } from 'autocannon';
import { API_BASE, SYSTEM_PATHS } from '#contract/common';
import { SYNC_PATHS, type SyncAction, type SyncAnswer } from '#contract/sync';
import { TRAINING_PATHS } from '#contract/training';
import { MAX_REQUESTS_PER_SOCKET } from '#server/http-limits';
import type { BenchServer } from './lib/server.ts';
import { round } from './lib/stats.ts';

export const OVERLOAD_CONNECTIONS = 200;
export const OVERLOAD_BATCH = 100;
const READY_EVERY_MS = 250;

/** Answer times of one kind of answer, in ms. */
export interface Timings {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers that took over 10 s. */
  over10s: number;
}

export interface OverloadReport {
  seconds: number;
  connections: number;
  batch: number;
  /** Every answer by HTTP status (0: no answer: a timeout or a connection error). */
  statuses: Record<string, number>;
  accepted: Timings;
  acceptedReads: Timings;
  acceptedBatches: Timings;
  /** 503 answers (load shedding), and how many of them said Retry-After. */
  shed: Timings & { withRetryAfter: number };
  /** autocannon's own count of timeouts and connection errors. */
  errors: number;
  ready: { probes: number; failed: number; maxMs: number };
  /** Keys of batch actions the server answered 2xx for, in a 2xx batch. */
  acknowledgedKeys: number;
  /** Actions of 2xx batches the server did not get to (no result): sent, not acknowledged. */
  unansweredActions: number;
}

export function timings(values: number[]): Timings {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => (sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!, 0) : 0);
  return { count: sorted.length, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), over10s: sorted.filter((v) => v > 10_000).length };
}

/** What a connection keeps between building a request and reading its answer. */
type Context = Record<string, unknown> & {
  sentAt?: number;
  keys?: string[];
};

/** Polls readiness until `stop` resolves: a balancer's view of the process during the load. */
async function probeReadiness(url: string, stop: Promise<void>): Promise<OverloadReport['ready']> {
  const ready = { probes: 0, failed: 0, maxMs: 0 };
  let stopped = false;
  void stop.then(() => (stopped = true));
  while (!stopped) {
    const started = performance.now();
    try {
      const res = await fetch(`${url}${API_BASE}${SYSTEM_PATHS.ready}`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status !== 200) ready.failed += 1;
    } catch {
      ready.failed += 1;
    }
    ready.probes += 1;
    ready.maxMs = Math.max(ready.maxMs, round(performance.now() - started, 0));
    await new Promise((resolve) => setTimeout(resolve, READY_EVERY_MS));
  }
  return ready;
}

export async function runOverload(options: {
  server: BenchServer;
  tokens: string[];
  seconds: number;
  runTag: string;
  acknowledged: Set<string>;
  log: (line: string) => void;
}): Promise<OverloadReport> {
  const { server, tokens, runTag, acknowledged } = options;
  const statuses: Record<string, number> = {};
  const times = { reads: [] as number[], batches: [] as number[], shed: [] as number[] };
  let withRetryAfter = 0;
  let unansweredActions = 0;
  const token = () => tokens[Math.floor(Math.random() * tokens.length)]!;

  // Each answer is timed from its request's build (autocannon builds a request just before it writes it).
  const timed = (kind: 'reads' | 'batches') => (status: number, body: string, context: Context, headers: Record<string, string>) => {
    const ms = performance.now() - (context.sentAt ?? performance.now());
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 503) {
      times.shed.push(ms);
      if (headers['retry-after'] ?? headers['Retry-After']) withRetryAfter += 1;
    } else if (status >= 200 && status < 300) {
      times[kind].push(ms);
      if (kind === 'batches') {
        const results = (JSON.parse(body) as SyncAnswer).resultados;
        for (const result of results) if (result.status >= 200 && result.status < 300) acknowledged.add(result.id);
        unansweredActions += (context.keys?.length ?? 0) - results.length;
      }
    }
  };
  const read = (path: string) => ({
    method: 'GET',
    path: `${API_BASE}${path}`,
    setupRequest: (request: RawRequest, context: Context) => {
      context.sentAt = performance.now();
      return { ...request, headers: { authorization: `Bearer ${token()}` } };
    },
    onResponse: timed('reads'),
  });
  const batch = {
    method: 'POST',
    path: `${API_BASE}${SYNC_PATHS.batch}`,
    setupRequest: (request: RawRequest, context: Context) => {
      const occurredAt = new Date().toISOString();
      const acciones: SyncAction[] = Array.from({ length: OVERLOAD_BATCH }, () => {
        const id = randomUUID();
        return { id, method: 'POST', path: TRAINING_PATHS.logEvent, occurredAt, signature: null, body: { action: `${runTag} ${id}` } };
      });
      context.keys = acciones.map((a) => a.id);
      context.sentAt = performance.now();
      return { ...request, headers: { authorization: `Bearer ${token()}`, 'content-type': 'application/json' }, body: JSON.stringify({ acciones }) };
    },
    onResponse: timed('batches'),
  };

  let stopProbe!: () => void;
  const probe = probeReadiness(server.url, new Promise<void>((resolve) => (stopProbe = resolve)));
  const result = await autocannon({
    url: server.url,
    connections: OVERLOAD_CONNECTIONS,
    duration: options.seconds,
    // Long enough to see an answer that takes over 10 s (autocannon's default gives up at 10 s).
    timeout: 60,
    reconnectRate: MAX_REQUESTS_PER_SOCKET,
    requests: [read('/ranking/global?page=1&per_page=10'), read('/ranking/your-position'), read('/imps'), batch],
  });
  stopProbe();
  const ready = await probe;
  const report: OverloadReport = {
    seconds: options.seconds,
    connections: OVERLOAD_CONNECTIONS,
    batch: OVERLOAD_BATCH,
    statuses: { ...statuses, ...(result.errors + result.timeouts ? { 0: result.errors + result.timeouts } : {}) },
    accepted: timings([...times.reads, ...times.batches]),
    acceptedReads: timings(times.reads),
    acceptedBatches: timings(times.batches),
    shed: { ...timings(times.shed), withRetryAfter },
    errors: result.errors + result.timeouts,
    ready,
    acknowledgedKeys: acknowledged.size,
    unansweredActions,
  };
  options.log(`sobrecarga: ${JSON.stringify(report.statuses)}; aceptadas p99 ${report.accepted.p99Ms} ms (máx ${report.accepted.maxMs} ms), 503 p99 ${report.shed.p99Ms} ms; ready ${ready.probes - ready.failed}/${ready.probes} (máx ${ready.maxMs} ms)`);
  return report;
}
